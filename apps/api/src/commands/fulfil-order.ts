import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { orderLines, orders } from '../db/schema-money.ts';
import { tag } from '../cache/index.ts';
import { badRequest } from '../errors.ts';
import { formatNaira } from '../presenters/payment.ts';
import { accountById } from '../queries/accounts.ts';
import { courseTitles } from '../queries/courses.ts';
import { lockOrderByReference, orderLinesOf } from '../queries/orders.ts';
import { recordSales } from './ledger.ts';
import { takeSeats } from './cohorts.ts';
import { afterPlanPayment, settlePlanPayment, type PlanSettlement } from './plan-payments.ts';
import type { CardAuthorization } from '../services/payments/types.ts';
import { notify, type NewNotification } from './notify.ts';
import { giftPaid, lockGiftOfOrder } from './gifts.ts';
import { enrolStudent } from './enrol.ts';
import { teamSeatsPaid } from './teams.ts';
import { teamOrderOf } from '../queries/teams.ts';
import { API_BASE } from '@app/contract/common';
import { signedReceiptPath } from '../lib/receipt-link.ts';
import { countPayments } from '../lib/metrics.ts';

export type Order = typeof orders.$inferSelect;

/** What the provider confirmed was paid for the order, and through which channel when it says. */
export type PaidAmount = {
  amountKobo: number;
  currency: string;
  channel?: string | null;
  /** A card payment's authorization (a reusable one may be saved for an instalment plan's next payments). */
  authorization?: CardAuthorization | null;
};

/** Statuses of an order whose money has arrived (refunds come after payment): fulfilling it again changes nothing. */
export const PAID_STATUSES: ReadonlySet<string> = new Set(['paid', 'refunded', 'partially_refunded']);

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
  ctx: Pick<AppContext, 'db' | 'cache' | 'config' | 'log'>,
  input: { reference: string; paid: PaidAmount; lines?: { courseId: number; priceKobo: number }[] },
): Promise<FulfilResult> {
  let enrolledIn: number[] = [];
  let plan: PlanSettlement | undefined;
  const result = await ctx.db.transaction(async (tx): Promise<FulfilResult> => {
    const order = await lockOrderByReference(tx, input.reference);
    if (!order) return badRequest('Unknown payment reference.');
    if (PAID_STATUSES.has(order.status)) return { outcome: 'already-paid', order };
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
      lines = await orderLinesOf(tx, order.id);
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
      .set({ status: 'paid', paidAt: sql`now()`, linesFixed: true, paidChannel: input.paid.channel ?? null })
      .where(eq(orders.id, order.id))
      .returning();
    if (order.status !== 'pending') {
      // Abandoned (past its time, or cancelled) or failed, and paid all the same: the student paid, so they get
      // the courses. Logged, since the money arrived after the order was given up.
      ctx.log.warn(
        { reference: order.reference, status: order.status, cancelled: order.cancelledAt !== null },
        'payment arrived for an order that was no longer pending; honoured',
      );
    }
    // A gift order enrols nobody now: the recipient is emailed a code and enrols by redeeming it (commands/gifts.ts).
    const gift = await lockGiftOfOrder(tx, order.id);
    if (gift) {
      await recordSales(tx, order.id, ctx.config.payouts.platformFeePercent);
      await giftPaid(tx, gift, lines, {
        receiptUrl: `${ctx.config.publicUrl}${API_BASE}${signedReceiptPath(ctx.config.jwtSecret, order.reference)}`,
      });
      return { outcome: 'fulfilled', order: paid!, enrolled: 0 };
    }
    // A team's seat order enrols nobody either: it makes the seats its members take (commands/teams.ts).
    const teamOrder = await teamOrderOf(tx, order.id);
    if (teamOrder) {
      await recordSales(tx, order.id, ctx.config.payouts.platformFeePercent);
      await teamSeatsPaid(tx, teamOrder, {
        adminId: order.studentId,
        receiptUrl: `${ctx.config.publicUrl}${API_BASE}${signedReceiptPath(ctx.config.jwtSecret, order.reference)}`,
      });
      return { outcome: 'fulfilled', order: paid!, enrolled: 0 };
    }
    const enrolledIds = await enrolStudent(tx, order.studentId, order.id, lines);
    // A cohort seat the order held is the student's now (commands/cohorts.ts).
    await takeSeats(tx, order.id, order.studentId);
    // The tutors' ledger: a sale line per order line, committed with the enrolment (commands/ledger.ts).
    await recordSales(tx, order.id, ctx.config.payouts.platformFeePercent);
    // An instalment plan's payment: its instalments, its state and its saved card (commands/plan-payments.ts).
    plan = await settlePlanPayment(tx, order, input.paid);
    await notifyPurchase(tx, order.studentId, enrolledIds, {
      receiptUrl: `${ctx.config.publicUrl}${API_BASE}${signedReceiptPath(ctx.config.jwtSecret, order.reference)}`,
    });
    enrolledIn = enrolledIds;
    return { outcome: 'fulfilled', order: paid!, enrolled: enrolledIds.length };
  });
  if (result.outcome === 'fulfilled') countPayments('paid', [input.paid.channel ?? null]);
  await afterPlanPayment(ctx, plan);
  // Student counts changed on these courses' cached answers.
  if (enrolledIn.length > 0) await ctx.cache.invalidate(enrolledIn.map(tag.course));
  return result;
}

/**
 * The purchase's notifications, in the fulfilment's transaction (the order row is locked, so they are written
 * once): a receipt for the student and one "bought" event per course for its tutor. Only new enrolments count,
 * so a second payment for an owned course tells nobody anything.
 */
async function notifyPurchase(
  tx: Tx,
  studentId: number,
  courseIds: number[],
  opts: { receiptUrl: string },
): Promise<void> {
  if (courseIds.length === 0) return;
  const student = await accountById(tx, studentId);
  const bought = await courseTitles(tx, courseIds);
  const titles = bought.map((c) => `"${c.title}"`).join(', ');
  await notify(tx, [
    {
      accountId: studentId,
      type: 'purchase-confirmed',
      message: { key: 'notice.purchaseConfirmed', values: { titles } },
      link: bought.length === 1 ? `/view-course/${bought[0]!.id}` : '/home/my-courses',
      emailLines: [{ key: 'email.receiptLink', values: { url: opts.receiptUrl } }],
    },
    ...bought.map((c): NewNotification => ({
      accountId: c.tutorId,
      type: 'course-bought',
      message: student?.fullName
        ? { key: 'notice.courseBought', values: { name: student.fullName, title: c.title } }
        : { key: 'notice.courseBoughtAnonymous', values: { title: c.title } },
      link: `/tutor/course/earnings/${c.id}`,
    })),
  ]);
}
