import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TRefundStatus } from '@app/contract/payment-rules';
import type { TPageRequest } from '@app/contract/common';
import type { Db, Tx } from '../db/client.ts';
import { accounts, courses } from '../db/schema.ts';
import { orderLines, orders, refunds } from '../db/schema-money.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** The line of an order that pays for a course, or undefined. */
export async function orderLineFor(db: Db | Tx, orderId: number, courseId: number) {
  const [line] = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.courseId, courseId)));
  return line;
}

/** A refund request, locked (`FOR UPDATE`) until the caller's transaction ends; or undefined. */
export async function lockRefund(tx: Tx, id: number): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row;
}

/**
 * The refund a provider's refund event is about, locked: by the provider's refund id when we have it, otherwise
 * a refund of that amount sent to the provider for the order with that reference, the oldest still `approved` first
 * (a replay of a settled one then finds it settled).
 */
export async function lockRefundForEvent(
  tx: Tx,
  event: { providerRefundId: string | null; reference: string; amountKobo: number },
): Promise<RefundRow | undefined> {
  if (event.providerRefundId) {
    const [byId] = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.providerRefundId, event.providerRefundId))
      .for('update');
    if (byId) return byId;
  }
  const [row] = await tx
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(orders.reference, event.reference),
        inArray(refunds.status, ['approved', 'processed', 'failed']),
        eq(refunds.amountKobo, event.amountKobo),
      ),
    )
    .orderBy(sql`${refunds.status} = 'approved' desc`, asc(refunds.id))
    .limit(1)
    .for('update', { of: refunds });
  return row?.refund;
}

/** How many lines the order has and how many of them are refunded (processed). */
export async function refundedShare(tx: Db | Tx, orderId: number) {
  const [lines] = await tx.select({ n: count() }).from(orderLines).where(eq(orderLines.orderId, orderId));
  const [done] = await tx
    .select({ n: count() })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'processed')));
  return { lines: lines?.n ?? 0, refunded: done?.n ?? 0 };
}

/** One page of refund requests (newest first), optionally of one status, with what an admin needs to decide. */
export async function refundsPage(db: Db, page: TPageRequest & { status?: TRefundStatus }) {
  const where: SQL | undefined = page.status ? eq(refunds.status, page.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        refund: refunds,
        reference: orders.reference,
        paidAt: orders.paidAt,
        courseTitle: courses.title,
        studentName: accounts.fullName,
        studentEmail: accounts.email,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(courses, eq(courses.id, refunds.courseId))
      .innerJoin(accounts, eq(accounts.id, refunds.studentId))
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ n: count() }).from(refunds).where(where),
  ]);
  return { rows, totalData: total?.n ?? 0 };
}

export type RefundPageRow = Awaited<ReturnType<typeof refundsPage>>['rows'][number];

/** The refund's course title and order reference, for the student's notifications. */
export async function refundSubject(db: Db | Tx, refund: RefundRow) {
  const [row] = await db
    .select({ title: courses.title, reference: orders.reference })
    .from(courses)
    .innerJoin(orders, eq(orders.id, refund.orderId))
    .where(eq(courses.id, refund.courseId));
  return row ?? { title: 'the course', reference: '' };
}
