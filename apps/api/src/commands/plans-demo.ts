import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { sandboxTransactions } from '../db/schema-money.ts';
import { coursePlans, instalmentPlans, instalments, planPayments } from '../db/schema-plans.ts';
import { orderByReference } from '../queries/orders.ts';
import { DAY_MS, planSchedule, type PlanShape } from '../lib/plan-schedule.ts';
import { recordSchedule } from './plan-checkout.ts';
import { queueInstalmentSteps } from './plan-payments.ts';
import { addPaidOrder, DEMO_COHORT_COURSE, DEMO_COUPON, type DemoSeed } from './sales-demo.ts';

/** The demo's instalment plan: offered on the tutor's dearest course, bought by the demo student 20 days ago. */
export const DEMO_PLAN = {
  shape: { firstKind: 'percent', firstValue: 40, furtherPayments: 2, interval: 'month' } satisfies PlanShape,
  fullDiscountPercent: 10,
  boughtDaysAgo: 20,
  reference: 'DL-DEMO-PLAN-001',
} as const;

/**
 * The course the demo plan is on: the tutor's dearest course, the one a learner would most want to pay in parts,
 * among those the demo student neither owns (their course, their cohort's) nor has the demo coupon for.
 */
export function demoPlanCourse(studentOwns: string, courses: { title: string; price: number }[]): string {
  const taken = [studentOwns, DEMO_COUPON.course, DEMO_COHORT_COURSE];
  const candidates = courses.filter((c) => !taken.includes(c.title));
  return candidates.reduce((best, c) => (c.price > best.price ? c : best), candidates[0]!).title;
}

/**
 * The demo's plan, in the seed's transaction: the tutor's dearest course offers a 3-part monthly plan, and the
 * demo student bought it on that plan 20 days ago: the first payment is paid (an order, its enrolment and ledger
 * line, as a fulfilment writes them), the second is due in about 10 days, with its reminder and charge steps queued
 * as a real plan's are (no card is saved: the student is sent payment links).
 */
export async function addDemoPlan(
  tx: Tx,
  ctx: Pick<AppContext, 'config' | 'payments'>,
  demo: DemoSeed,
  now = Date.now(),
): Promise<void> {
  const title = demoPlanCourse(
    demo.studentOwns,
    demo.courses.map((c) => ({ title: c.title, price: c.priceKobo })),
  );
  const course = demo.courses.find((c) => c.title === title)!;
  const boughtAt = new Date(now - DEMO_PLAN.boughtDaysAgo * DAY_MS);
  const schedule = planSchedule(course.priceKobo, DEMO_PLAN.shape, boughtAt);
  if (!schedule) return;
  const [offer] = await tx
    .insert(coursePlans)
    .values({ courseId: course.id, ...DEMO_PLAN.shape, fullDiscountPercent: DEMO_PLAN.fullDiscountPercent })
    .returning({ id: coursePlans.id });
  const first = schedule[0]!.amountKobo;
  await addPaidOrder(tx, ctx, {
    order: {
      reference: DEMO_PLAN.reference,
      studentId: demo.student.id,
      provider: ctx.payments.name,
      createdAt: new Date(boughtAt.getTime() - 4 * 60_000),
    },
    paid: { status: 'paid', paidAt: boughtAt, paidChannel: 'bank_transfer' },
    lines: [{ courseId: course.id, priceKobo: first }],
    coupon: null,
    tutorId: demo.tutorId,
  });
  const order = await orderByReference(tx, DEMO_PLAN.reference);
  const [plan] = await tx
    .insert(instalmentPlans)
    .values({
      studentId: demo.student.id,
      courseId: course.id,
      coursePlanId: offer!.id,
      firstOrderId: order!.id,
      status: 'active',
      interval: DEMO_PLAN.shape.interval,
      totalKobo: course.priceKobo,
      fullDiscountPercent: DEMO_PLAN.fullDiscountPercent,
      createdAt: boughtAt,
    })
    .returning({ id: instalmentPlans.id });
  await recordSchedule(tx, plan!.id, schedule);
  await tx
    .update(instalments)
    .set({ state: 'paid', orderId: order!.id, paidAt: boughtAt })
    .where(and(eq(instalments.planId, plan!.id), eq(instalments.number, 1)));
  await tx
    .insert(planPayments)
    .values({ orderId: order!.id, planId: plan!.id, kind: 'first', fromNumber: 1, toNumber: 1 });
  await queueInstalmentSteps(tx, plan!.id);
  // The sandbox's record of the payment, so it can be refunded as a real one is.
  if (ctx.payments.name === 'sandbox')
    await tx.insert(sandboxTransactions).values({
      reference: DEMO_PLAN.reference,
      email: demo.student.email,
      amountKobo: first,
      currency: 'NGN',
      accessCode: 'demo',
      status: 'success',
      channel: 'bank_transfer',
      createdAt: boughtAt,
      paidAt: boughtAt,
    });
}
