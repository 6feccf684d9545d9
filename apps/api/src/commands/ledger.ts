import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { ledgerEntries, orderLines, orders } from '../db/schema-money.ts';
import { courses } from '../db/schema.ts';

/**
 * The platform's fee on a price, in whole kobo (rounded half up), and the tutor's net: fee + net = price always, so
 * an order's fees and nets add up to what was paid.
 */
export function splitPrice(priceKobo: number, feePercent: number): { feeKobo: number; netKobo: number } {
  const feeKobo = Math.min(priceKobo, Math.max(0, Math.round((priceKobo * feePercent) / 100)));
  return { feeKobo, netKobo: priceKobo - feeKobo };
}

/**
 * Writes one `sale` ledger line per line of a paid order, in the caller's transaction (the fulfilment's, so a sale
 * and its enrolment commit together). Lines whose fee, net and tutor were not fixed at checkout (an amount-only
 * order's, named at verification) get them now, owed. The unique (line, kind) index makes a replay write nothing.
 */
export async function recordSales(tx: Tx, orderId: number, feePercent: number): Promise<void> {
  const unpriced = await tx
    .select({ id: orderLines.id, priceKobo: orderLines.priceKobo, tutorId: courses.tutorId })
    .from(orderLines)
    .innerJoin(courses, eq(courses.id, orderLines.courseId))
    .where(and(eq(orderLines.orderId, orderId), sql`${orderLines.tutorId} is null`));
  for (const line of unpriced) {
    await tx
      .update(orderLines)
      .set({ tutorId: line.tutorId, ...splitPrice(line.priceKobo, feePercent), route: 'owed' })
      .where(eq(orderLines.id, line.id));
  }
  await tx.execute(sql`
    insert into ${ledgerEntries} (tutor_id, kind, order_id, order_line_id, course_id, student_id,
                                  gross_kobo, fee_kobo, net_kobo, route)
    select ol.tutor_id, 'sale', o.id, ol.id, ol.course_id, o.student_id,
           ol.price_kobo, ol.fee_kobo, ol.net_kobo, ol.route
      from ${orderLines} ol join ${orders} o on o.id = ol.order_id
     where o.id = ${orderId}
    on conflict (order_line_id, kind) do nothing`);
}

/**
 * Writes the negative `refund` line of a refunded order line, in the caller's transaction: the sale's gross, fee and
 * net with their signs turned, taken from the tutor's owed balance (a share already split to the tutor is owed
 * back). Never an edit of the sale; a replay writes nothing (unique (line, kind)). Returns false when the line had no
 * sale to reverse.
 */
export async function recordRefund(tx: Tx, orderLineId: number): Promise<boolean> {
  const rows = await tx.execute(sql`
    insert into ${ledgerEntries} (tutor_id, kind, order_id, order_line_id, course_id, student_id,
                                  gross_kobo, fee_kobo, net_kobo, route)
    select tutor_id, 'refund', order_id, order_line_id, course_id, student_id,
           -gross_kobo, -fee_kobo, -net_kobo, 'owed'
      from ${ledgerEntries}
     where order_line_id = ${orderLineId} and kind = 'sale'
    on conflict (order_line_id, kind) do nothing
    returning id`);
  return (rows as unknown as { rows?: unknown[] }).rows?.length !== 0;
}
