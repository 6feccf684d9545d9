import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TPaymentChannel } from '@app/contract/payment-rules';
import { fulfilOrder } from '../../src/commands/fulfil-order.ts';
import { orders, sandboxTransactions } from '../../src/db/schema-money.ts';
import type { TestAccount } from '../factories.ts';
import type { TestCourse } from '../factories-course.ts';
import type { TestApp } from '../harness.ts';

const DAY = 24 * 3600_000;

/** A cohort of the tutor's course made through the API (starting in a week, 30 seats, unless told otherwise). */
export async function makeCohort(
  t: TestApp,
  tutor: TestAccount,
  course: Pick<TestCourse, 'id'>,
  over: Partial<{
    name: string;
    startsAt: Date;
    endsAt: Date;
    capacity: number;
    nairaPrice: number | null;
    enrolClosesAt: Date;
  }> = {},
) {
  const startsAt = over.startsAt ?? new Date(Date.now() + 7 * DAY);
  const res = await t.op('cohortSave', {
    body: {
      courseId: course.id,
      name: over.name ?? 'January cohort',
      startsAt: startsAt.toISOString(),
      endsAt: (over.endsAt ?? new Date(startsAt.getTime() + 42 * DAY)).toISOString(),
      capacity: over.capacity ?? 30,
      ...(over.nairaPrice !== undefined ? { nairaPrice: over.nairaPrice } : {}),
      ...(over.enrolClosesAt ? { enrolClosesAt: over.enrolClosesAt.toISOString() } : {}),
    },
    token: tutor.token,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.cohort;
}

/** POST /card/charge for a seat of the cohort. */
export const chargeSeat = (
  t: TestApp,
  student: TestAccount,
  courseId: number,
  cohortId: number,
  channel?: TPaymentChannel,
) =>
  t.op('cardCharge', {
    body: { courseIds: [courseId], cohortId, ...(channel ? { channel } : {}) },
    token: student.token,
  });

/** The sandbox's payment of an order and its confirmation, through the one fulfilment path (as the webhook would). */
export async function pay(t: TestApp, reference: string) {
  const [order] = await t.ctx.db.select().from(orders).where(eq(orders.reference, reference));
  // The sandbox provider's own record of the payment (a refund is taken from it).
  await t.ctx.db
    .update(sandboxTransactions)
    .set({ status: 'success', paidAt: new Date(), channel: 'card' })
    .where(eq(sandboxTransactions.reference, reference));
  const result = await fulfilOrder(t.ctx, {
    reference,
    paid: { amountKobo: order!.amountKobo, currency: 'NGN', channel: 'card' },
  });
  expect(result.outcome).toBe('fulfilled');
  return order!;
}

/** Buys and pays a seat; answers the order's reference. */
export async function buySeat(t: TestApp, student: TestAccount, courseId: number, cohortId: number) {
  const res = await chargeSeat(t, student, courseId, cohortId);
  expect(res.status, res.text).toBe(200);
  const reference = res.body.initializeTransactionResponse.data.reference;
  await pay(t, reference);
  return reference;
}
