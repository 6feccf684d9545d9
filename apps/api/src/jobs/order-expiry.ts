import type { AppContext } from '../context.ts';
import { abandonExpiredOrders } from '../commands/orders.ts';
import { ORDER_EXPIRY_JOB } from './order-expiry-name.ts';
import { registerJob } from './queue.ts';

/**
 * Queued by every checkout for the moment its order expires: marks every pending order past its time `abandoned`
 * (not only that one, so a run that was missed is made up by the next).
 */
registerJob<Record<string, never>, AppContext>(
  ORDER_EXPIRY_JOB,
  async (_payload, run) => {
    const n = await abandonExpiredOrders(run.ctx.db);
    if (n > 0) run.ctx.log.info({ abandoned: n }, 'unpaid orders past their time abandoned');
  },
  { maxAttempts: 3 },
);
