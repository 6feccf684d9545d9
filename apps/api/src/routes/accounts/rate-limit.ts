import type { FastifyInstance } from 'fastify';

/** Per-route limit for the calls a password guesser would hammer: AUTH_RATE_LIMIT calls per client per minute. */
export const authRateLimit = (app: FastifyInstance) => ({
  rateLimit: { max: app.ctx.config.authRateLimit, timeWindow: '1 minute' },
});
