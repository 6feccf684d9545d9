import type { TChargeRequest } from '@app/contract/payments';
import type { TPlanPayRequest } from '@app/contract/instalments';
import type { TPaymentChannel } from '@app/contract/payment-rules';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { orderLines, orders } from '../db/schema-money.ts';
import { instalmentPlans, instalments, planPayments } from '../db/schema-plans.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { planClock, planSchedule, restAtOnce, type ScheduledPayment } from '../lib/plan-schedule.ts';
import { blockingPendingOrder, lockStudent } from '../queries/orders.ts';
import { coursePlanById, planById, planInstalments, type PlanRow } from '../queries/plans.ts';
import type { InitializeResult } from '../services/payments/provider.ts';
import {
  cohortSeatLine,
  initializePayment,
  newReference,
  PendingOrderError,
  priceCourses,
} from './charge.ts';
import { holdSeat } from './cohorts.ts';
import { tag } from '../cache/index.ts';
import {
  couponColumns,
  couponsForCart,
  discountLines,
  reserveCouponUses,
  type CouponLine,
} from './coupons.ts';
import { abandonSupersededOrders, orderExpiry, scheduleExpirySweep } from './orders.ts';
import { planSplit } from './split.ts';
import { planReferral, referralsForCart } from './referrals.ts';

type Ctx = Pick<AppContext, 'db' | 'payments' | 'config' | 'cache' | 'log'>;
/** The cohort whose seat a plan's first payment holds. */
type SeatCohort = { id: number; courseId: number };

export const PLAN_MESSAGES = {
  alone: 'A course bought on an instalment plan is bought alone. Remove the other courses from your cart.',
  unknownPlan: 'This instalment plan is not offered for this course.',
  doesNotFit: "This instalment plan does not fit the course's price. Choose another plan or pay in full.",
  free: 'This course is free with your coupon: no instalment plan is needed.',
  notFound: 'Instalment plan not found.',
  notLive: (status: string) =>
    status === 'completed'
      ? 'This instalment plan is fully paid.'
      : status === 'cancelled'
        ? 'This instalment plan was cancelled.'
        : 'This instalment plan has not started: its first payment has not arrived.',
  nothingOwed: 'Nothing is left to pay on this instalment plan.',
  instalmentPaid: 'This payment of your plan is already paid.',
  charging: 'Your saved card is being charged for this payment. Check again in a minute.',
} as const;

/** The schedule of a course's plan at a total, from now: a 400 when the plan does not fit that total. */
export function scheduleFor(
  plan: {
    firstKind: 'amount' | 'percent';
    firstValue: number;
    furtherPayments: number;
    interval: 'week' | 'month';
  },
  totalKobo: number,
  start: Date,
) {
  if (totalKobo <= 0) return badRequest(PLAN_MESSAGES.free);
  return planSchedule(totalKobo, plan, start) ?? badRequest(PLAN_MESSAGES.doesNotFit);
}

/**
 * The price a student would pay for a course on a plan today: the course's price (a cohort's own, for a seat), or a
 * live sale's, or its coupon's, the lower winning (the cart's stacking rule), with the coupon line to reserve and
 * the cohort whose seat comes with it.
 */
export async function planTotal(
  ctx: Pick<AppContext, 'db'>,
  student: Account,
  courseId: number,
  opts: { coupon?: string; cohortId?: number },
): Promise<{ totalKobo: number; line: CouponLine; cohort: SeatCohort | null }> {
  const seat = await cohortSeatLine(
    ctx.db,
    await priceCourses(ctx.db, student.id, [courseId]),
    opts.cohortId,
  );
  const byCourse = opts.coupon
    ? await couponsForCart(ctx.db, student.id, opts.coupon, [courseId])
    : new Map();
  const [line] = discountLines(seat.lines, byCourse);
  return { totalKobo: line!.priceKobo, line: line!, cohort: seat.cohort };
}

/**
 * `/card/charge` with a `planId`: the one course of the cart bought on that plan. The plan's total is the course's
 * price with the cart's coupon and sale rule; the first payment is charged now on any channel, and the plan, its
 * schedule and the student's consent to charges of a saved card are recorded with the order (the plan starts when
 * that payment arrives: commands/plan-payments.ts).
 */
export async function startPlanCheckout(
  ctx: Ctx,
  student: Account,
  request: TChargeRequest,
  returnBase: string = ctx.config.publicUrl,
  pageBase: string = ctx.config.publicUrl,
): Promise<InitializeResult> {
  const courseIds = [...new Set(request.courseIds ?? [])];
  if (courseIds.length !== 1) return badRequest(PLAN_MESSAGES.alone);
  const courseId = courseIds[0]!;
  const offer = await coursePlanById(ctx.db, request.planId!);
  if (!offer || offer.removedAt || offer.courseId !== courseId) return notFound(PLAN_MESSAGES.unknownPlan);
  const { totalKobo, line, cohort } = await planTotal(ctx, student, courseId, request);
  const schedule = scheduleFor(offer, totalKobo, planClock.now());
  // Bought through the tutor's referral link: every payment of the plan has the referral fee (commands/referrals.ts).
  const referrals = await referralsForCart(ctx.db, ctx.config, student, request.referrals, [courseId]);
  const referralVisitId = referrals.visits.get(courseId) ?? null;
  return openPlanOrder(
    ctx,
    student,
    request,
    { returnBase, pageBase },
    {
      courseId,
      amountKobo: schedule[0]!.amountKobo,
      coupon: line,
      cohort,
      referralVisitId,
      record: async (tx, orderId) => {
        const [plan] = await tx
          .insert(instalmentPlans)
          .values({
            studentId: student.id,
            courseId,
            coursePlanId: offer.id,
            firstOrderId: orderId,
            interval: offer.interval,
            totalKobo,
            fullDiscountPercent: offer.fullDiscountPercent,
            consent: request.saveCard === true,
            referralVisitId,
          })
          .returning({ id: instalmentPlans.id });
        await recordSchedule(tx, plan!.id, schedule);
        return { planId: plan!.id, kind: 'first', fromNumber: 1, toNumber: 1, discountKobo: 0 };
      },
    },
  );
}

/**
 * `POST /plan/pay` and a reminder's link: a checkout, on any channel (or the one named), of exactly one unpaid
 * payment of the student's plan (the next one when none is named), or of everything still owed at once with the
 * full-payment discount taken off (`rest`). A transfer or USSD payment of the plan still on its way is a 409.
 */
export async function startInstalmentPayment(
  ctx: Ctx,
  student: Account,
  request: TPlanPayRequest,
  returnBase: string = ctx.config.publicUrl,
  pageBase: string = ctx.config.publicUrl,
): Promise<InitializeResult> {
  const plan = await planById(ctx.db, request.planId);
  if (!plan || plan.studentId !== student.id) return notFound(PLAN_MESSAGES.notFound);
  if (!LIVE.has(plan.status)) return badRequest(PLAN_MESSAGES.notLive(plan.status));
  const payment = await choosePayment(ctx, plan, request);
  return openPlanOrder(
    ctx,
    student,
    request,
    { returnBase, pageBase },
    {
      courseId: plan.courseId,
      amountKobo: payment.amountKobo,
      coupon: null,
      cohort: null,
      referralVisitId: plan.referralVisitId,
      record: async () => ({ planId: plan.id, ...payment.range }),
    },
  );
}

/** A bought plan's payments, all `scheduled` (the first is paid with its order). */
export async function recordSchedule(tx: Tx, planId: number, schedule: ScheduledPayment[]): Promise<void> {
  await tx
    .insert(instalments)
    .values(schedule.map((s) => ({ planId, number: s.number, dueAt: s.dueAt, amountKobo: s.amountKobo })));
}

/** Plans whose payments are still being collected. */
const LIVE: ReadonlySet<string> = new Set(['active', 'past_due', 'suspended']);

async function choosePayment(ctx: Pick<AppContext, 'db'>, plan: PlanRow, request: TPlanPayRequest) {
  const all = await planInstalments(ctx.db, plan.id);
  const unpaid = all.filter((i) => i.state === 'scheduled' || i.state === 'charging');
  if (unpaid.length === 0) return badRequest(PLAN_MESSAGES.nothingOwed);
  if (request.rest) {
    if (unpaid.some((i) => i.state === 'charging')) return conflict(PLAN_MESSAGES.charging);
    const left = unpaid.reduce((sum, i) => sum + i.amountKobo, 0);
    const { amountKobo, discountKobo } = restAtOnce(left, plan.fullDiscountPercent);
    return {
      amountKobo,
      range: {
        kind: 'rest' as const,
        fromNumber: unpaid[0]!.number,
        toNumber: unpaid.at(-1)!.number,
        discountKobo,
      },
    };
  }
  const chosen = request.instalmentId ? all.find((i) => i.id === request.instalmentId) : unpaid[0];
  if (!chosen) return notFound('This payment is not part of your plan.');
  if (chosen.state === 'paid' || chosen.state === 'cancelled')
    return badRequest(PLAN_MESSAGES.instalmentPaid);
  if (chosen.state === 'charging') return conflict(PLAN_MESSAGES.charging);
  return {
    amountKobo: chosen.amountKobo,
    range: {
      kind: 'instalment' as const,
      fromNumber: chosen.number,
      toNumber: chosen.number,
      discountKobo: 0,
    },
  };
}

type PlanPaymentRange = {
  planId: number;
  kind: 'first' | 'instalment' | 'rest';
  fromNumber: number;
  toNumber: number;
  discountKobo: number;
};

/**
 * Records a pending order of one line (the plan's course at `amountKobo`, with the tutor's split) and which plan
 * payments it makes, under the student's checkout lock and the same holds as a cart's checkout (a transfer or USSD
 * order of the course on its way is a 409; earlier unpaid card orders of it are abandoned; a cohort's seat is held
 * until the order expires, a full cohort being a 409), then asks the provider for the payment page on the
 * request's channel.
 */
async function openPlanOrder(
  ctx: Ctx,
  student: Account,
  request: { channel?: TPaymentChannel },
  bases: { returnBase: string; pageBase: string },
  input: {
    courseId: number;
    amountKobo: number;
    coupon: CouponLine | null;
    cohort: SeatCohort | null;
    referralVisitId: number | null;
    record: (tx: Tx, orderId: number) => Promise<PlanPaymentRange>;
  },
): Promise<InitializeResult> {
  const split = await planSplit(
    ctx.db,
    [{ courseId: input.courseId, priceKobo: input.amountKobo }],
    ctx.config.payouts,
    planReferral(ctx.config, input.courseId, input.referralVisitId),
  );
  const reference = newReference();
  const expiresAt = orderExpiry();
  const order = await ctx.db.transaction(async (tx) => {
    await lockStudent(tx, student.id);
    const pending = await blockingPendingOrder(tx, student.id, [input.courseId]);
    if (pending) throw new PendingOrderError(pending);
    await abandonSupersededOrders(tx, student.id, [input.courseId]);
    const [o] = await tx
      .insert(orders)
      .values({
        reference,
        studentId: student.id,
        amountKobo: input.amountKobo,
        provider: ctx.payments.name,
        channel: request.channel ?? null,
        expiresAt,
      })
      .returning();
    const inserted = await tx
      .insert(orderLines)
      .values({ orderId: o!.id, ...split.lines[0]!, ...(input.coupon ? couponColumns(input.coupon) : {}) })
      .returning();
    if (input.coupon) await reserveCouponUses(tx, student.id, o!.id, inserted);
    await tx.insert(planPayments).values({ orderId: o!.id, ...(await input.record(tx, o!.id)) });
    if (input.cohort)
      await holdSeat(tx, {
        cohortId: input.cohort.id,
        courseId: input.cohort.courseId,
        studentId: student.id,
        orderId: o!.id,
        heldUntil: expiresAt,
      });
    await scheduleExpirySweep(tx, expiresAt);
    return o!;
  });
  // A held seat lowers the seats left on the course page (cached under the course's tag).
  if (input.cohort) await ctx.cache.invalidate([tag.course(input.cohort.courseId)]);
  return initializePayment(ctx, {
    email: student.email,
    orderId: order.id,
    reference,
    amountKobo: input.amountKobo,
    callbackUrl: `${bases.returnBase}/checkout`,
    pageBase: bases.pageBase,
    courseIds: [input.courseId],
    split: split.split,
    channel: request.channel,
  });
}
