import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { SERVICE_UNAVAILABLE_MESSAGE, ZHealthResponse, ZReadyResponse } from '@app/contract/health';
import { ok, refusal } from '../errors.ts';
import { RETRY_AFTER_SECONDS, withTimeout } from '../lib/db-errors.ts';
import { pingDatabase } from '../queries/health.ts';

/** GET /health (liveness, never touches the database) and GET /ready (readiness: the database answers). */
export default async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['health'];

  r.get(
    PLAIN_ROUTES.health.path,
    {
      schema: {
        summary: 'Liveness: the process answers (no database)',
        description: 'For a load balancer or process supervisor. Always 200 while the process runs.',
        response: { 200: ZHealthResponse },
        tags,
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { responseDto: ok('Alive'), status: 'ok' as const };
    },
  );

  r.get(
    PLAIN_ROUTES.ready.path,
    {
      schema: {
        summary: 'Readiness: the database answers',
        description: `200 when a query reaches the database within DB_TIMEOUT_MS; otherwise 503 with Retry-After and "${SERVICE_UNAVAILABLE_MESSAGE}"`,
        response: { 200: ZReadyResponse, 503: ZReadyResponse },
        tags,
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await withTimeout(pingDatabase(ctx.db), ctx.config.dbTimeoutMs);
        return { responseDto: ok('Ready'), status: 'ready' as const };
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS));
        return { ...refusal(SERVICE_UNAVAILABLE_MESSAGE), status: 'unavailable' as const };
      }
    },
  );
}
