import type { AppContext } from '../context.ts';
import { INSTALMENT_JOB, type InstalmentJobPayload } from '../commands/plan-payments.ts';
import { runInstalmentStep } from '../commands/plan-collection.ts';
import { registerJob } from '../queue/queue.ts';

/**
 * One step of one instalment of a plan, queued when the plan starts for each later payment: 3 days before its date,
 * on it (the saved card's charge), 3 days after it, and at the end of the grace (commands/plan-collection.ts).
 */
registerJob<InstalmentJobPayload, AppContext>(
  INSTALMENT_JOB,
  async (payload, run) => {
    const outcome = await runInstalmentStep(run.ctx, payload);
    if (outcome !== 'nothing' && outcome !== 'settled')
      run.ctx.log.info({ instalment: payload.instalmentId, step: payload.step, outcome }, 'instalment step');
  },
  { maxAttempts: 8 },
);
