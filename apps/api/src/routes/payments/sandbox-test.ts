import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { advancePlanClock, moveCohortClock, setStudentCardFunds } from '../../commands/sandbox-test-hooks.ts';
import { ok } from '../../errors.ts';
import { requireRole } from '../../plugins/auth.ts';

/** Where the sandbox's test calls are served (beside its payment page, outside the API). */
export const SANDBOX_TEST_PATHS = {
  clock: '/sandbox-pay/test/plan-clock',
  cardFunds: '/sandbox-pay/test/card-funds',
  cohortClock: '/sandbox-pay/test/cohort-clock',
} as const;

const ZClockRequest = z.object({
  days: z
    .number({ error: 'days must be a number' })
    .positive()
    .max(400, { error: 'days must be at most 400' }),
});
const ZCohortClockRequest = z.object({
  at: z.iso.datetime({ offset: true, error: 'at must be a date and time (ISO 8601) or null' }).nullable(),
});
const ZCardFundsRequest = z.object({
  email: z.email({ error: 'email must be an email address' }),
  insufficientFunds: z.boolean({ error: 'insufficientFunds must be true or false' }),
});

/**
 * The sandbox's test calls for end-to-end tests (docs/payments.md, "The sandbox's test calls"): move the plans'
 * clock on, set the cohorts' clock (docs/cohorts.md), and switch a student's saved cards to 'Insufficient Funds'. Registered only with SANDBOX_TEST_HOOKS=true
 * and the sandbox as the provider (a Paystack key refuses the setting at start), for admins only, and not in the
 * OpenAPI document.
 */
export default async function sandboxTestRoutes(app: FastifyInstance) {
  const { ctx } = app;
  if (!ctx.config.sandboxTestHooks || ctx.payments.name !== 'sandbox') return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'admin');

  r.post(
    SANDBOX_TEST_PATHS.clock,
    { schema: { hide: true, body: ZClockRequest }, preValidation: admin },
    async (req) => {
      const now = await advancePlanClock(ctx, req.body.days);
      ctx.log.warn({ days: req.body.days, now }, 'sandbox test call: the plans clock moved on');
      return { responseDto: ok(`The plans' clock is now ${now.toISOString()}.`), now: now.toISOString() };
    },
  );

  r.post(
    SANDBOX_TEST_PATHS.cohortClock,
    { schema: { hide: true, body: ZCohortClockRequest }, preValidation: admin },
    async (req) => {
      const now = moveCohortClock(req.body.at);
      ctx.log.warn({ at: req.body.at, now }, "sandbox test call: the cohorts' clock moved");
      return { responseDto: ok(`The cohorts' clock is now ${now}.`), now };
    },
  );

  r.post(
    SANDBOX_TEST_PATHS.cardFunds,
    { schema: { hide: true, body: ZCardFundsRequest }, preValidation: admin },
    async (req) => {
      const cards = await setStudentCardFunds(ctx, req.body.email, req.body.insufficientFunds);
      return {
        responseDto: ok(
          req.body.insufficientFunds
            ? `${cards} saved cards now fail with 'Insufficient Funds'.`
            : `${cards} saved cards now have funds.`,
        ),
        cards,
      };
    },
  );
}
