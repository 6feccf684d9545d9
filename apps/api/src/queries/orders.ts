import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TPageRequest } from '@app/contract/common';
import type { Db, Tx } from '../db/client.ts';
import { accounts, courses } from '../db/schema.ts';
import { orderLines, orders, refunds } from '../db/schema-money.ts';
import { gifts } from '../db/schema-gifts.ts';

/** An order by its payment reference, or undefined. */
export async function orderByReference(db: Db | Tx, reference: string) {
  const [order] = await db.select().from(orders).where(eq(orders.reference, reference)).limit(1);
  return order;
}

/**
 * A student's own order by its reference, or undefined when there is none or it is another student's: the one
 * ownership rule of orders (callers answer both with the same 404, so a reference reveals nothing).
 */
export async function studentOrder(db: Db | Tx, studentId: number, reference: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.reference, reference), eq(orders.studentId, studentId)))
    .limit(1);
  return order;
}

/** An order by its payment reference, locked (`FOR UPDATE`) until the caller's transaction ends; or undefined. */
export async function lockOrderByReference(tx: Tx, reference: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.reference, reference))
    .for('update')
    .limit(1);
  return order;
}

/** An order's status now, or undefined for an unknown order. */
export async function orderStatus(db: Db, orderId: number) {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status;
}

/** The courses an order pays for, with the price of each. */
export const orderLinesOf = (db: Db | Tx, orderId: number) =>
  db
    .select({ id: orderLines.id, courseId: orderLines.courseId, priceKobo: orderLines.priceKobo })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));

/** Locks the student's account row until the transaction ends: one checkout of a student at a time. */
export async function lockStudent(tx: Tx, studentId: number): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, studentId)).for('update');
}

/**
 * The reference of the student's pending, unexpired transfer or USSD order that holds one of `courseIds`, if any:
 * the money may be on its way, so those courses cannot be charged again until it is paid, cancelled or abandoned.
 */
/** An order that is not a gift (a gift neither holds nor is replaced by the buyer's own checkouts). */
export const notGift = sql`not exists (select 1 from ${gifts} where ${gifts.orderId} = ${orders.id})`;

export async function blockingPendingOrder(
  db: Db | Tx,
  studentId: number,
  courseIds: number[],
): Promise<string | undefined> {
  if (courseIds.length === 0) return undefined;
  const [row] = await db
    .select({ reference: orders.reference })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.studentId, studentId),
        eq(orders.status, 'pending'),
        inArray(orders.channel, ['bank_transfer', 'ussd']),
        gt(orders.expiresAt, sql`now()`),
        inArray(orderLines.courseId, courseIds),
        notGift,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.reference;
}

export type OrderRow = typeof orders.$inferSelect;

/** One page of a student's orders, newest first, and how many there are. */
export async function studentOrdersPage(db: Db, studentId: number, page: TPageRequest) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.studentId, studentId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ n: count() }).from(orders).where(eq(orders.studentId, studentId)),
  ]);
  return { rows, totalData: total?.n ?? 0 };
}

export type OrderItemRow = {
  orderId: number;
  lineId: number;
  courseId: number;
  title: string;
  priceKobo: number;
  /** The seats the line pays for (a team's seat order; 1 otherwise). */
  seats: number;
  refund: {
    id: number;
    status: (typeof refunds.$inferSelect)['status'];
    reason: string;
    note: string | null;
    createdAt: Date;
  } | null;
};

/** The lines of these orders with their courses' titles and each line's refund request, if any. */
export async function orderItems(db: Db | Tx, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      lineId: orderLines.id,
      courseId: orderLines.courseId,
      title: courses.title,
      priceKobo: orderLines.priceKobo,
      seats: orderLines.seats,
      refundId: refunds.id,
      refundStatus: refunds.status,
      refundReason: refunds.reason,
      refundNote: refunds.adminNote,
      refundCreatedAt: refunds.createdAt,
    })
    .from(orderLines)
    .innerJoin(courses, eq(courses.id, orderLines.courseId))
    .leftJoin(refunds, eq(refunds.orderLineId, orderLines.id))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  return rows.map((r) => ({
    orderId: r.orderId,
    lineId: r.lineId,
    courseId: r.courseId,
    title: r.title,
    priceKobo: r.priceKobo,
    seats: r.seats,
    refund:
      r.refundId === null
        ? null
        : {
            id: r.refundId,
            status: r.refundStatus!,
            reason: r.refundReason!,
            note: r.refundNote,
            createdAt: r.refundCreatedAt!,
          },
  }));
}
