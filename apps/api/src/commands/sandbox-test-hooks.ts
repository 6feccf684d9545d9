import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { cohortNow, setCohortClock } from '../lib/cohort-clock.ts';
import { DAY_MS, planClock } from '../lib/plan-schedule.ts';
import { accountByRoleEmail } from '../queries/accounts.ts';
import { studentCards } from '../queries/plans.ts';
import { setSandboxCardFunds } from '../services/payments/sandbox.ts';
import { INSTALMENT_JOB } from './plan-payments.ts';

/**
 * Makes every queued instalment step whose time on the plan clock has come due now, so the job worker runs it at
 * once (as it would have on that date).
 */
export async function releaseDueInstalmentSteps(db: Db): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(
      and(
        eq(jobs.name, INSTALMENT_JOB),
        eq(jobs.state, 'queued'),
        sql`(${jobs.payload}->>'at')::timestamptz <= ${planClock.now().toISOString()}::timestamptz`,
      ),
    );
}

/** The sandbox's test call: moves this process's plan clock on by `days` and lets the steps now due run. */
export async function advancePlanClock(ctx: Pick<AppContext, 'db'>, days: number): Promise<Date> {
  planClock.advance(days * DAY_MS);
  await releaseDueInstalmentSteps(ctx.db);
  return planClock.now();
}

/**
 * The sandbox's test call: the student's saved cards fail their next charges with 'Insufficient Funds' (or succeed
 * again); answers how many cards were switched (0 for an unknown student or one without a card).
 */
export async function setStudentCardFunds(
  ctx: Pick<AppContext, 'db'>,
  email: string,
  insufficientFunds: boolean,
): Promise<number> {
  const student = await accountByRoleEmail(ctx.db, 'user', email.toLowerCase());
  if (!student) return 0;
  let switched = 0;
  for (const card of await studentCards(ctx.db, student.id))
    if (await setSandboxCardFunds(ctx.db, card.authorizationCode, insufficientFunds)) switched++;
  return switched;
}

/**
 * The sandbox's test call: the cohorts' clock (releases, deadlines, join windows) jumps to `at` and runs on from
 * there with real time; null puts the real clock back. Answers the clock's time now.
 */
export function moveCohortClock(at: string | null): string {
  if (at === null) setCohortClock(null);
  else {
    const offset = Date.parse(at) - Date.now();
    setCohortClock(() => new Date(Date.now() + offset));
  }
  return cohortNow().toISOString();
}
