import { and, eq, sql } from 'drizzle-orm';
import { API_BASE } from '@app/contract/common';
import type { AppContext } from '../context.ts';
import { orderLines, orders } from '../db/schema-money.ts';
import { instalments, planPayments, planReminders } from '../db/schema-plans.ts';
import { AppError } from '../errors.ts';
import { signedInstalmentPayPath } from '../lib/receipt-link.ts';
import { planClock } from '../lib/plan-schedule.ts';
import { accountById } from '../queries/accounts.ts';
import { courseTitles } from '../queries/courses.ts';
import { instalmentWithPlan, lockPlan, type InstalmentRow, type PlanRow } from '../queries/plans.ts';
import { enqueue } from '../queue/queue.ts';
import { newReference } from './charge.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { notify } from './notify.ts';
import { orderExpiry } from './orders.ts';
import {
  INSTALMENT_JOB,
  planPage,
  refreshPlanState,
  reminderMessage,
  usableCard,
  type InstalmentJobPayload,
  type InstalmentStep,
} from './plan-payments.ts';
import { planSplit } from './split.ts';
import { planReferral } from './referrals.ts';

type Ctx = Pick<AppContext, 'db' | 'payments' | 'config' | 'cache' | 'log'>;

/** A charge in flight for longer than this is looked up with the provider by its reference before another. */
const STALE_CHARGE_MS = 2 * 60_000;

export type StepOutcome = 'not-yet' | 'settled' | 'charged' | 'failed' | 'reminded' | 'in-flight' | 'nothing';

/**
 * One step of one instalment (its job, jobs/instalments.ts). Every step reads the instalment and its plan afresh, so
 * a step of a paid instalment or of a cancelled plan does nothing, and a repeated run changes nothing twice:
 * - `before` (3 days ahead): without a saved card, the payment link by email and in the app;
 * - `due`: the saved card is charged (`charge_authorization`, exactly once: the instalment is claimed first), and
 *   without a card, or when the charge fails, the payment link goes out; the plan turns `past_due` if unpaid;
 * - `after` (3 days late): the link again if still unpaid;
 * - `grace` (7 days late): the plan is suspended if still unpaid.
 */
export async function runInstalmentStep(ctx: Ctx, payload: InstalmentJobPayload): Promise<StepOutcome> {
  const at = new Date(payload.at);
  if (at.getTime() > planClock.now().getTime() + 1000) {
    // Run early (a clock ahead of ours): come back at its time.
    await enqueue(ctx.db, INSTALMENT_JOB, payload, { runAt: planClock.toRealTime(at) });
    return 'not-yet';
  }
  const found = await instalmentWithPlan(ctx.db, payload.instalmentId);
  if (!found) return 'nothing';
  const { instalment, plan } = found;
  const live = plan.status === 'active' || plan.status === 'past_due' || plan.status === 'suspended';
  if (!live || instalment.state === 'paid' || instalment.state === 'cancelled') return 'settled';
  let outcome: StepOutcome = 'nothing';
  if (payload.step === 'due') {
    outcome = await chargeInstalment(ctx, instalment.id);
    if (outcome === 'failed' || outcome === 'nothing') {
      const failure = (await instalmentWithPlan(ctx.db, instalment.id))?.instalment.lastFailure;
      outcome = (await remind(ctx, plan, instalment, 'due', outcome === 'failed' ? failure : null))
        ? 'reminded'
        : outcome;
    }
  } else if (payload.step === 'before') {
    const card = await ctx.db.transaction((tx) => usableCard(tx, plan));
    if (!card && (await remind(ctx, plan, instalment, 'before', null))) outcome = 'reminded';
  } else if (payload.step === 'after') {
    if (await remind(ctx, plan, instalment, 'after', null)) outcome = 'reminded';
  }
  await ctx.db.transaction((tx) => refreshPlanState(tx, plan.id));
  return outcome;
}

/**
 * Charges the plan's saved card for one instalment, exactly once across instances: a transaction that locks the
 * plan claims the instalment (`scheduled` → `charging`, with the charge's order and reference) so a second worker
 * finds it claimed; the charge then carries the tutor's split like a checkout, and a success goes through the one
 * fulfilment (the webhook that follows finds it paid). A refusal frees the instalment (`scheduled`, with the bank's
 * reason) and marks the order `failed`. A provider out of reach leaves the claim: the retry asks the provider
 * about that reference before charging anew. Answers `nothing` when there is no card to charge.
 */
export async function chargeInstalment(ctx: Ctx, instalmentId: number): Promise<StepOutcome> {
  const found = await instalmentWithPlan(ctx.db, instalmentId);
  if (!found) return 'nothing';
  if (found.instalment.state === 'charging') {
    const stale = await takeUpStaleCharge(ctx, found.instalment);
    if (stale !== 'retry') return stale;
  }
  const split = await planSplit(
    ctx.db,
    [{ courseId: found.plan.courseId, priceKobo: found.instalment.amountKobo }],
    ctx.config.payouts,
    planReferral(ctx.config, found.plan.courseId, found.plan.referralVisitId),
  );
  const reference = newReference();
  const claim = await ctx.db.transaction(async (tx) => {
    const plan = (await lockPlan(tx, found.plan.id))!;
    if (plan.status !== 'active' && plan.status !== 'past_due' && plan.status !== 'suspended')
      return 'settled';
    const card = await usableCard(tx, plan);
    if (!card) return 'nothing';
    const [claimed] = await tx
      .update(instalments)
      .set({ state: 'charging', chargeReference: reference, chargeStartedAt: sql`now()` })
      .where(and(eq(instalments.id, instalmentId), eq(instalments.state, 'scheduled')))
      .returning();
    // Another worker claimed it first, or it was paid meanwhile.
    if (!claimed) return 'in-flight';
    const [order] = await tx
      .insert(orders)
      .values({
        reference,
        studentId: plan.studentId,
        amountKobo: claimed.amountKobo,
        provider: ctx.payments.name,
        channel: 'card',
        expiresAt: orderExpiry(),
      })
      .returning();
    await tx.insert(orderLines).values({ orderId: order!.id, ...split.lines[0]! });
    await tx.insert(planPayments).values({
      orderId: order!.id,
      planId: plan.id,
      kind: 'card',
      fromNumber: claimed.number,
      toNumber: claimed.number,
    });
    return { card, order: order!, instalment: claimed };
  });
  if (typeof claim === 'string') return claim;

  let result;
  try {
    result = await ctx.payments.chargeAuthorization({
      email: claim.card.email,
      amountKobo: claim.instalment.amountKobo,
      authorizationCode: claim.card.authorizationCode,
      reference,
      metadata: { order_id: claim.order.id, instalment_id: instalmentId, plan_id: found.plan.id },
      split: split.split,
    });
  } catch (err) {
    // A refusal of the request itself (a card the provider no longer knows) is a failed charge; an unreachable
    // provider may have charged: the claim stays for the retry to look up.
    if (!(err instanceof AppError) || err.status !== 400) throw err;
    result = { status: 'failed' as const, gatewayResponse: err.message, amountKobo: 0, currency: 'NGN' };
  }
  if (result.status === 'success') {
    await fulfilOrder(ctx, {
      reference,
      paid: { amountKobo: result.amountKobo, currency: result.currency, channel: 'card' },
    });
    return 'charged';
  }
  await failCharge(ctx, instalmentId, reference, result.gatewayResponse || 'Declined');
  return 'failed';
}

/** A refused charge: the order is `failed`, the instalment waits to be paid another way. */
async function failCharge(ctx: Ctx, instalmentId: number, reference: string, reason: string) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ status: 'failed' })
      .where(and(eq(orders.reference, reference), eq(orders.status, 'pending')));
    await tx
      .update(instalments)
      .set({ state: 'scheduled', chargeReference: null, lastFailure: reason })
      .where(and(eq(instalments.id, instalmentId), eq(instalments.chargeReference, reference)));
  });
}

/**
 * An instalment left `charging` (the worker stopped, or the provider's answer was lost): once the claim is stale,
 * the provider is asked about its reference: paid → fulfilled; anything else → freed to be charged again.
 */
async function takeUpStaleCharge(ctx: Ctx, i: InstalmentRow): Promise<StepOutcome | 'retry'> {
  const started = i.chargeStartedAt?.getTime() ?? 0;
  if (!i.chargeReference || Date.now() - started < STALE_CHARGE_MS) return 'in-flight';
  const verified = await ctx.payments.verify(i.chargeReference);
  if (verified?.status === 'success') {
    await fulfilOrder(ctx, {
      reference: i.chargeReference,
      paid: { amountKobo: verified.amountKobo, currency: verified.currency, channel: 'card' },
    });
    return 'charged';
  }
  await failCharge(ctx, i.id, i.chargeReference, 'The charge did not complete');
  return 'retry';
}

/**
 * Sends one reminder of an instalment, once per step (a unique row per instalment and step): in the app and by
 * email, with the signed link that opens a checkout of exactly this payment. False when it was sent before.
 */
async function remind(
  ctx: Ctx,
  plan: PlanRow,
  instalment: InstalmentRow,
  step: InstalmentStep,
  failure: string | null | undefined,
): Promise<boolean> {
  const [course] = await courseTitles(ctx.db, [plan.courseId]);
  const first = await firstReference(ctx, plan);
  const link = `${ctx.config.publicUrl}${API_BASE}${signedInstalmentPayPath(ctx.config.jwtSecret, instalment.id)}`;
  return ctx.db.transaction(async (tx) => {
    const sent = await tx
      .insert(planReminders)
      .values({ instalmentId: instalment.id, step: failure ? `${step}-failed` : step })
      .onConflictDoNothing()
      .returning({ step: planReminders.step });
    if (sent.length === 0) return false;
    await notify(tx, [
      {
        accountId: plan.studentId,
        type: failure ? 'instalment-failed' : 'instalment-due',
        message: reminderMessage(step, {
          title: course?.title ?? 'your course',
          amountKobo: instalment.amountKobo,
          dueAt: instalment.dueAt,
          failure,
        }),
        link: first ? planPage(first) : null,
        emailLines: [{ key: 'email.payInstalmentLink', values: { url: link } }],
      },
    ]);
    return true;
  });
}

/** The student behind a reminder's link, the payment it is for and the plan's first order; undefined if unknown. */
export async function instalmentLinkSubject(ctx: Pick<AppContext, 'db'>, instalmentId: number) {
  const found = await instalmentWithPlan(ctx.db, instalmentId);
  if (!found) return undefined;
  const student = await accountById(ctx.db, found.plan.studentId);
  return student ? { ...found, student, firstReference: await firstReference(ctx, found.plan) } : undefined;
}

async function firstReference(ctx: Pick<AppContext, 'db'>, plan: PlanRow): Promise<string | null> {
  const [row] = await ctx.db
    .select({ reference: orders.reference })
    .from(orders)
    .where(eq(orders.id, plan.firstOrderId));
  return row?.reference ?? null;
}
