import type { AppContext } from '../context.ts';
import {
  COHORT_CANCEL_JOB,
  COHORT_SEAT_JOB,
  offerFreedSeats,
  offerFreedSeatsEverywhere,
  refundCancelledSeats,
} from '../commands/cohorts.ts';
import {
  COHORT_REMINDER_JOB,
  sendReminderBatch,
  type ReminderPayload,
} from '../commands/cohort-reminders.ts';
import { registerJob } from '../queue/queue.ts';

/** A freed seat (refund, expired hold, lapsed offer, larger capacity) goes to the waitlist (commands/cohorts.ts). */
registerJob<{ cohortId?: number }, AppContext>(COHORT_SEAT_JOB, async (payload, run) => {
  if (payload.cohortId) await offerFreedSeats(run.ctx.db, payload.cohortId);
  else await offerFreedSeatsEverywhere(run.ctx.db);
});

/** One batch of a session's, a cohort's start or a deadline's reminder (commands/cohort-reminders.ts). */
registerJob<ReminderPayload, AppContext>(
  COHORT_REMINDER_JOB,
  async (payload, run) => {
    await sendReminderBatch(run.ctx, payload);
  },
  { maxAttempts: 8 },
);

/** A cancelled cohort's paid seats refunded through the refund flow. */
registerJob<{ cohortId: number }, AppContext>(
  COHORT_CANCEL_JOB,
  async (payload, run) => {
    const n = await refundCancelledSeats(run.ctx, payload.cohortId);
    if (n > 0)
      run.ctx.log.info({ cohortId: payload.cohortId, refunds: n }, 'cancelled cohort seats refunded');
  },
  { maxAttempts: 8 },
);
