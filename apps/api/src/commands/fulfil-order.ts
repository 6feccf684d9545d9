import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { enrolments, orderLines, orders } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { formatNaira } from '../presenters/payment.ts';
import type { PricedLine } from './charge.ts';

export type Order = typeof orders.$inferSelect;

/** What the provider confirmed was paid for the order. */
export type PaidAmount = { amountKobo: number; currency: string };

export type FulfilResult =
  | { outcome: 'fulfilled'; order: Order; enrolled: number }
  | { outcome: 'already-paid'; order: Order }
  /** An amount-only order whose courses nobody has named yet (a webhook that arrived before the callback). */
  | { outcome: 'awaiting-lines'; order: Order };

/**
 * The one fulfilment path, used by `/customertransaction/add` and the webhook alike. Inside a transaction it locks
 * the order row, checks the paid amount against the order, fixes the lines of an amount-only order, marks it paid
 * and enrols the student once per course. Replays and concurrent calls find the order paid and change nothing.
 */
export async function fulfilOrder(
  db: Db,
  input: { reference: string; paid: PaidAmount; lines?: PricedLine[] },
): Promise<FulfilResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.reference, input.reference))
      .for('update')
      .limit(1);
    if (!order) return badRequest('Unknown payment reference.');
    if (order.status === 'paid') return { outcome: 'already-paid', order };
    if (input.paid.currency !== 'NGN') {
      return badRequest(
        `The payment was made in ${input.paid.currency || 'an unknown currency'}, not naira.`,
      );
    }
    if (input.paid.amountKobo !== order.amountKobo) {
      return badRequest(
        `The amount paid (${formatNaira(input.paid.amountKobo)}) does not match the order total (${formatNaira(order.amountKobo)}).`,
      );
    }

    let lines: { courseId: number; priceKobo: number }[];
    if (order.linesFixed) {
      lines = await tx
        .select({ courseId: orderLines.courseId, priceKobo: orderLines.priceKobo })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id));
    } else {
      if (!input.lines?.length) return { outcome: 'awaiting-lines', order };
      const total = input.lines.reduce((sum, l) => sum + l.priceKobo, 0);
      if (total !== order.amountKobo) {
        return badRequest(
          `The amount paid (${formatNaira(order.amountKobo)}) does not match the price of these courses (${formatNaira(total)}).`,
        );
      }
      lines = input.lines.map((l) => ({ courseId: l.courseId, priceKobo: l.priceKobo }));
      await tx.insert(orderLines).values(lines.map((l) => ({ orderId: order.id, ...l })));
    }

    const [paid] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: sql`now()`, linesFixed: true })
      .where(eq(orders.id, order.id))
      .returning();
    const enrolled = await enrolStudent(tx, order.studentId, order.id, lines);
    return { outcome: 'fulfilled', order: paid!, enrolled };
  });
}

/** Enrols a student in each course once (the unique (student, course) index absorbs repeats); returns how many are new. */
export async function enrolStudent(
  tx: Tx,
  studentId: number,
  orderId: number | null,
  lines: { courseId: number; priceKobo: number }[],
): Promise<number> {
  if (lines.length === 0) return 0;
  const rows = await tx
    .insert(enrolments)
    .values(lines.map((l) => ({ studentId, courseId: l.courseId, orderId, pricePaidKobo: l.priceKobo })))
    .onConflictDoNothing({ target: [enrolments.studentId, enrolments.courseId] })
    .returning({ id: enrolments.id });
  return rows.length;
}
