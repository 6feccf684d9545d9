import { ORDER_TTL_MINUTES } from '@app/contract/payment-rules';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { orderLines, orders } from '../db/schema-money.ts';
import { badRequest, notFound } from '../errors.ts';
import { enqueue } from '../queue/queue.ts';
import { notGift, studentOrder } from '../queries/orders.ts';
import { countPayments } from '../lib/metrics.ts';
import { seatsOfOrder } from '../queries/cohorts.ts';
import { queueSeatSweep } from './cohorts.ts';

/** The job that abandons expired unpaid orders (jobs/order-expiry.ts). */
export const ORDER_EXPIRY_JOB = 'order-expiry';

/** The answer to an unknown reference and to another student's alike. */
export const ORDER_NOT_FOUND = 'Order not found.';

/** When an order made now stops waiting for its money. */
export const orderExpiry = (from = Date.now()) => new Date(from + ORDER_TTL_MINUTES * 60_000);

/**
 * Queues the sweep that abandons the order once its time is up (jobs/order-expiry.ts), in the checkout's
 * transaction. The sweep takes every expired order, so a missed run is made up by the next one.
 */
export async function scheduleExpirySweep(tx: Tx, expiresAt: Date): Promise<void> {
  await enqueue(tx, ORDER_EXPIRY_JOB, {}, { runAt: new Date(expiresAt.getTime() + 1000) });
}

/** Every pending order past its time becomes `abandoned`; answers how many. A payment after that is still honoured. */
export async function abandonExpiredOrders(db: Db): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ status: 'abandoned' })
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, sql`now()`)))
    .returning({ id: orders.id, channel: orders.channel });
  countPayments(
    'abandoned',
    rows.map((r) => r.channel),
  );
  return rows.length;
}

/**
 * A new checkout replaces the student's earlier unpaid card (or any-channel) orders of the same courses: they
 * become `abandoned` and block nothing. Transfer and USSD orders are not touched (the money may be on its way).
 */
export async function abandonSupersededOrders(tx: Tx, studentId: number, courseIds: number[]): Promise<void> {
  if (courseIds.length === 0) return;
  await tx
    .update(orders)
    .set({ status: 'abandoned' })
    .where(
      and(
        eq(orders.studentId, studentId),
        eq(orders.status, 'pending'),
        or(isNull(orders.channel), eq(orders.channel, 'card')),
        notGift,
        inArray(
          orders.id,
          tx
            .select({ id: orderLines.orderId })
            .from(orderLines)
            .where(inArray(orderLines.courseId, courseIds)),
        ),
      ),
    );
}

/**
 * `POST /order/cancel`: the owner gives up an order that has not been paid (it becomes `abandoned`, marked
 * cancelled), which frees its courses for a new checkout. Another student's or an unknown reference is a 404; a
 * paid order is a 400. Cancelling it again changes nothing.
 */
export async function cancelOrder(
  ctx: Pick<AppContext, 'db'>,
  student: Account,
  reference: string,
): Promise<void> {
  const order = await studentOrder(ctx.db, student.id, reference);
  if (!order) return notFound(ORDER_NOT_FOUND);
  const [cancelled] = await ctx.db
    .update(orders)
    .set({ status: 'abandoned', cancelledAt: sql`coalesce(${orders.cancelledAt}, now())` })
    .where(and(eq(orders.id, order.id), inArray(orders.status, ['pending', 'abandoned', 'failed'])))
    .returning({ id: orders.id });
  if (!cancelled)
    badRequest('This order is paid, so it cannot be cancelled. You can ask for a refund instead.');
  if (order.status === 'pending') countPayments('abandoned', [order.channel]);
  // A cohort seat the order held is free again: the waitlist is offered it.
  for (const seat of await seatsOfOrder(ctx.db, order.id)) await queueSeatSweep(ctx.db, seat.cohortId);
}
