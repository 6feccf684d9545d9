import {
  ACCOUNT_EXPORT_JOB,
  buildExport,
  deleteExpiredExports,
  EXPORT_CLEANUP_JOB,
  failExport,
} from '../commands/account-export.ts';
import type { AppContext } from '../context.ts';
import { registerJob } from '../queue/queue.ts';

/** Builds a person's data export (NDPA 2023) and tells them it is ready. */
registerJob<{ exportId: number }, AppContext>(
  ACCOUNT_EXPORT_JOB,
  async ({ exportId }, run) => {
    try {
      await buildExport(run.ctx, exportId);
    } catch (err) {
      if (run.lastAttempt) await failExport(run.ctx, exportId);
      throw err;
    }
  },
  { maxAttempts: 3 },
);

/** Queued for when an export's 7 days are over: deletes every expired export's file. */
registerJob<Record<string, never>, AppContext>(
  EXPORT_CLEANUP_JOB,
  async (_payload, run) => {
    await deleteExpiredExports(run.ctx);
  },
  { maxAttempts: 3 },
);
