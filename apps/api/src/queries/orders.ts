import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { orderLines, orders } from '../db/schema-money.ts';

/** An order by its payment reference, or undefined. */
export async function orderByReference(db: Db, reference: string) {
  const [order] = await db.select().from(orders).where(eq(orders.reference, reference)).limit(1);
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
    .select({ courseId: orderLines.courseId, priceKobo: orderLines.priceKobo })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
