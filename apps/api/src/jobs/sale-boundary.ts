import type { AppContext } from '../context.ts';
import { SALE_BOUNDARY_JOB } from '../commands/sales.ts';
import { registerJob } from '../queue/queue.ts';

/**
 * Queued for the start and the end of every site-wide sale (commands/sales.ts). A sale starts or ends: every cached answer may show a price that changes now, so the answer cache is emptied on
 * every instance (the bus carries it). Cards keep no sale price (it is read fresh with them).
 */
registerJob<{ saleId: number }, AppContext>(
  SALE_BOUNDARY_JOB,
  async ({ saleId }, run) => {
    await run.ctx.cache.invalidateCatalogue();
    run.ctx.log.info({ saleId }, 'a sale started or ended: cached answers dropped');
  },
  { maxAttempts: 5 },
);
