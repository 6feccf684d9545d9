import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PLAN_GRACE_DAYS, PLAN_REMINDER_DAYS, type TPlanStatus } from '@app/contract/instalment-rules';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { instalmentPlans, instalments, savedCards } from '../db/schema-plans.ts';
import { badRequest, notFound } from '../errors.ts';
import { DAY_MS, planClock } from '../lib/plan-schedule.ts';
import { formatNaira } from '../presenters/payment.ts';
import { accountById } from '../queries/accounts.ts';
import { courseTitles } from '../queries/courses.ts';
import {
  lockPlan,
  planInstalments,
  planPaymentOfOrder,
  savedCardById,
  type PlanRow,
} from '../queries/plans.ts';
import { enqueue } from '../queue/queue.ts';
import type { CardAuthorization } from '../services/payments/types.ts';
import { audit, type AuditOrigin } from './audit.ts';
import { settleCompletion } from './completion.ts';
import { notify, type NotificationText } from './notify.ts';

// A plan's payments arriving, its state, its saved card and its cancellation (docs/payments.md, "Instalment plans").

/** The job of one step of one instalment (jobs/instalments.ts): a reminder, the due day's charge, the grace's end. */
export const INSTALMENT_JOB = 'instalment-step';
export type InstalmentStep = 'before' | 'due' | 'after' | 'grace';
export type InstalmentJobPayload = { instalmentId: number; step: InstalmentStep; at: string };

/** When each step of an instalment due at `dueAt` runs. */
export const stepTimes = (dueAt: Date): Record<InstalmentStep, Date> => ({
  before: new Date(dueAt.getTime() - PLAN_REMINDER_DAYS * DAY_MS),
  due: dueAt,
  after: new Date(dueAt.getTime() + PLAN_REMINDER_DAYS * DAY_MS),
  grace: new Date(dueAt.getTime() + PLAN_GRACE_DAYS * DAY_MS),
});

/** The web app's page of a plan's first order, where its schedule is shown and its payments are made. */
export const planPage = (reference: string) => `/home/orders/${encodeURIComponent(reference)}`;

/** What a payment of a plan changed: the caller settles the certificate of a plan it completed, after the commit. */
export type PlanSettlement = { planId: number; studentId: number; courseId: number; status: TPlanStatus };

/**
 * The fulfilment's step for an order that pays a plan (commands/fulfil-order.ts), in its transaction: the plan's
 * row is locked, the instalments the order pays become `paid` (once: a replay finds them paid), a first payment
 * starts the plan and queues the steps of every later instalment, a reusable card the student agreed to save is
 * kept for the next charges, and the plan's state follows (`active` again as soon as nothing is overdue,
 * `completed` when all is paid). Undefined for any other order.
 */
export async function settlePlanPayment(
  tx: Tx,
  order: { id: number; studentId: number; channel: string | null },
  paid: { channel?: string | null; authorization?: CardAuthorization | null },
): Promise<PlanSettlement | undefined> {
  const payment = await planPaymentOfOrder(tx, order.id);
  if (!payment) return undefined;
  const plan = (await lockPlan(tx, payment.planId))!;
  const now = planClock.now();
  await tx
    .update(instalments)
    .set({ state: 'paid', orderId: order.id, paidAt: now, chargeReference: null })
    .where(
      and(
        eq(instalments.planId, plan.id),
        sql`${instalments.number} between ${payment.fromNumber} and ${payment.toNumber}`,
        inArray(instalments.state, ['scheduled', 'charging']),
      ),
    );
  if (payment.kind === 'first' && plan.status === 'pending') {
    await tx.update(instalmentPlans).set({ status: 'active' }).where(eq(instalmentPlans.id, plan.id));
    await queueInstalmentSteps(tx, plan.id);
  }
  const auth = paid.authorization;
  const student = auth?.reusable && plan.consent ? await accountById(tx, order.studentId) : undefined;
  if (auth && student && (paid.channel ?? auth.channel) === 'card') {
    const cardId = await keepCard(tx, order.studentId, student.email, auth);
    await tx.update(instalmentPlans).set({ cardId }).where(eq(instalmentPlans.id, plan.id));
  }
  const status = await refreshPlanState(tx, plan.id);
  const [course] = await courseTitles(tx, [plan.courseId]);
  if (payment.kind !== 'first') {
    await notify(tx, [
      {
        accountId: plan.studentId,
        type: status === 'completed' ? 'plan-completed' : 'instalment-paid',
        message: {
          key: status === 'completed' ? 'notice.planCompleted' : 'notice.instalmentPaid',
          values: { title: course?.title ?? '' },
        },
        link: null,
      },
    ]);
  }
  return { planId: plan.id, studentId: plan.studentId, courseId: plan.courseId, status };
}

/** After a plan payment committed: a plan it completed gives the certificate of a course already finished. */
export async function afterPlanPayment(
  ctx: Pick<AppContext, 'db' | 'config'>,
  settled: PlanSettlement | undefined,
): Promise<void> {
  if (settled?.status === 'completed') await settleCompletion(ctx, settled.studentId, settled.courseId);
}

/** Queues the reminder, due-day and grace steps of every instalment after the first, in the caller's transaction. */
export async function queueInstalmentSteps(tx: Tx, planId: number): Promise<void> {
  for (const i of await planInstalments(tx, planId)) {
    if (i.number === 1) continue;
    for (const [step, at] of Object.entries(stepTimes(i.dueAt)) as [InstalmentStep, Date][]) {
      const payload: InstalmentJobPayload = { instalmentId: i.id, step, at: at.toISOString() };
      await enqueue(tx, INSTALMENT_JOB, payload, { runAt: planClock.toRealTime(at), maxAttempts: 8 });
    }
  }
}

/** Saves a reusable card once (the same authorization code is the same row) and answers its id. */
async function keepCard(tx: Tx, studentId: number, email: string, auth: CardAuthorization): Promise<number> {
  await tx
    .insert(savedCards)
    .values({
      studentId,
      email,
      authorizationCode: auth.authorizationCode,
      signature: auth.signature,
      brand: auth.brand,
      last4: auth.last4,
      expMonth: auth.expMonth,
      expYear: auth.expYear,
      bank: auth.bank,
    })
    .onConflictDoNothing({ target: savedCards.authorizationCode });
  const [row] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(eq(savedCards.authorizationCode, auth.authorizationCode));
  return row!.id;
}

/**
 * Where a plan stands now, from its instalments, written when it changed: `completed` when every payment is paid;
 * `suspended` when one is PLAN_GRACE_DAYS past its date; `past_due` when one is past its date; else `active`.
 * A pending or cancelled plan stays as it is. A suspension is told to the student.
 */
export async function refreshPlanState(tx: Tx, planId: number): Promise<TPlanStatus> {
  const plan = (await lockPlan(tx, planId))!;
  if (plan.status === 'pending' || plan.status === 'cancelled') return plan.status;
  const now = planClock.now().getTime();
  const unpaid = (await planInstalments(tx, planId)).filter(
    (i) => i.state !== 'paid' && i.state !== 'cancelled',
  );
  const status: TPlanStatus =
    unpaid.length === 0
      ? 'completed'
      : unpaid.some((i) => i.dueAt.getTime() + PLAN_GRACE_DAYS * DAY_MS <= now)
        ? 'suspended'
        : unpaid.some((i) => i.dueAt.getTime() <= now)
          ? 'past_due'
          : 'active';
  if (status === plan.status) return status;
  await tx
    .update(instalmentPlans)
    .set({ status, ...(status === 'completed' ? { completedAt: planClock.now() } : {}) })
    .where(eq(instalmentPlans.id, planId));
  if (status === 'suspended') {
    const [course] = await courseTitles(tx, [plan.courseId]);
    await notify(tx, [
      {
        accountId: plan.studentId,
        type: 'plan-suspended',
        message: {
          key: 'notice.planSuspended',
          values: { title: course?.title ?? '', days: PLAN_GRACE_DAYS },
        },
        link: null,
      },
    ]);
  }
  return status;
}

/** Why a plan was cancelled, as its student is told: its first payment refunded, an admin, or their own request. */
export type PlanCancelReason = 'refunded' | 'admin' | 'student';

/**
 * Cancels a plan (the student, an admin, or a refund of its first payment): its unpaid payments are dropped, so no
 * job charges or reminds again, and the course stays only if the plan was completed (a completed plan cannot be
 * cancelled). Answers false when it was already cancelled.
 */
export async function cancelPlanInTx(tx: Tx, planId: number, reason: PlanCancelReason): Promise<boolean> {
  const plan = await lockPlan(tx, planId);
  if (!plan || plan.status === 'cancelled') return false;
  if (plan.status === 'completed')
    return badRequest('This instalment plan is fully paid, so it cannot be cancelled.');
  await tx
    .update(instalmentPlans)
    .set({ status: 'cancelled', cancelledAt: planClock.now() })
    .where(eq(instalmentPlans.id, planId));
  await tx
    .update(instalments)
    .set({ state: 'cancelled' })
    .where(and(eq(instalments.planId, planId), inArray(instalments.state, ['scheduled', 'charging'])));
  const [course] = await courseTitles(tx, [plan.courseId]);
  await notify(tx, [
    {
      accountId: plan.studentId,
      type: 'plan-cancelled',
      message: { key: 'notice.planCancelled', values: { title: course?.title ?? '', reason } },
      link: null,
    },
  ]);
  return true;
}

/** `POST /plan/cancel` (the plan's student) and `POST /admin/plans/cancel` (an admin, audited). */
export async function cancelPlan(
  ctx: Pick<AppContext, 'db'>,
  actor: Account,
  planId: number,
  origin?: AuditOrigin,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, planId);
    if (!plan || (actor.role !== 'admin' && plan.studentId !== actor.id))
      return notFound('Instalment plan not found.');
    if (plan.status === 'pending')
      return badRequest('This instalment plan has not started, so there is nothing to cancel.');
    const done = await cancelPlanInTx(tx, planId, actor.role === 'admin' ? 'admin' : 'student');
    if (!done) return badRequest('This instalment plan is already cancelled.');
    if (actor.role === 'admin' && origin)
      await audit(
        tx,
        {
          actor,
          action: 'plan.cancelled',
          subjectType: 'instalment_plan',
          subjectId: planId,
          details: { studentId: plan.studentId, courseId: plan.courseId },
        },
        origin,
      );
  });
}

/**
 * `POST /card/saved/remove`: the provider forgets the card (`deactivate_authorization`) and it is no longer used;
 * the student's plans it paid fall back to payment links. Another student's card is a 404.
 */
export async function removeSavedCard(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  student: Account,
  cardId: number,
): Promise<void> {
  const card = await savedCardById(ctx.db, cardId);
  if (!card || card.studentId !== student.id || card.removedAt) return notFound('Saved card not found.');
  await ctx.payments.deactivateAuthorization(card.authorizationCode);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(savedCards)
      .set({ removedAt: sql`now()` })
      .where(and(eq(savedCards.id, cardId), isNull(savedCards.removedAt)));
    await tx.update(instalmentPlans).set({ cardId: null }).where(eq(instalmentPlans.cardId, cardId));
  });
}

/** The plan's card, if it is still saved. */
export async function usableCard(tx: Tx, plan: PlanRow) {
  if (plan.cardId === null) return undefined;
  const card = await savedCardById(tx, plan.cardId);
  return card && !card.removedAt ? card : undefined;
}

/** The in-app and emailed words of a payment that is due (before, on and after its date) or that failed. */
export function reminderMessage(
  step: InstalmentStep,
  input: { title: string; amountKobo: number; dueAt: Date; failure?: string | null },
): NotificationText {
  const amount = formatNaira(input.amountKobo);
  const date = input.dueAt.toISOString().slice(0, 10);
  const title = input.title;
  if (input.failure)
    return { key: 'notice.instalmentFailed', values: { amount, title, failure: input.failure } };
  if (step === 'before') return { key: 'notice.instalmentBefore', values: { amount, title, date } };
  if (step === 'due') return { key: 'notice.instalmentDue', values: { amount, title } };
  return { key: 'notice.instalmentLate', values: { amount, title, date } };
}
