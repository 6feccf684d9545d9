import type { AppContext } from '../context.ts';
import { abandonExpiredOrders, ORDER_EXPIRY_JOB } from '../commands/orders.ts';
import { registerJob } from '../queue/queue.ts';
import { offerFreedSeatsEverywhere } from '../commands/cohorts.ts';

/**
 * Queued by every checkout for the moment its order expires: marks every pending order past its time `abandoned`
 * (not only that one, so a run that was missed is made up by the next).
 */
registerJob<Record<string, never>, AppContext>(
  ORDER_EXPIRY_JOB,
  async (_payload, run) => {
    const n = await abandonExpiredOrders(run.ctx.db);
    if (n > 0) run.ctx.log.info({ abandoned: n }, 'unpaid orders past their time abandoned');
    // Seats those orders held go to the cohorts' waitlists.
    await offerFreedSeatsEverywhere(run.ctx.db);
  },
  { maxAttempts: 3 },
);
