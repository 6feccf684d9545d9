import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Account } from '../db/schema.ts';
import { refunds } from '../db/schema-money.ts';
import { badRequest, notFound } from '../errors.ts';
import { refundRefusal } from '../policies/refund.ts';
import { formatNaira } from '../presenters/payment.ts';
import { orderItems, studentOrder } from '../queries/orders.ts';
import { courseProgress } from '../queries/progress.ts';
import { planPaymentOfOrder } from '../queries/plans.ts';
import { lockRefund, refundSubject } from '../queries/refunds.ts';
import { audit, type AuditOrigin } from './audit.ts';
import { notify } from './notify.ts';
import { giftsOfOrders, lockGiftOfOrder } from './gifts.ts';
import { GIFT_REDEEMED_NO_REFUND } from '@app/contract/gifts';
import { ORDER_NOT_FOUND } from './orders.ts';
import { teamOrderOf } from '../queries/teams.ts';
import { orderPage } from './refund-events.ts';

export const REFUND_NOT_FOUND = 'Refund request not found.';

/**
 * `POST /refund/request`: the order's owner asks for one course of a paid order back. The rule (policies/refund.ts)
 * refuses with a 400 naming what stops it; the unique line index keeps it to one request per line even when two
 * arrive at once. The student is told the request was received (in the app and by email).
 */
export async function requestRefund(
  ctx: Pick<AppContext, 'db' | 'config'>,
  student: Account,
  input: { reference: string; courseId: number; reason: string },
): Promise<void> {
  const order = await studentOrder(ctx.db, student.id, input.reference);
  if (!order) return notFound(ORDER_NOT_FOUND);
  const item = (await orderItems(ctx.db, [order.id])).find((i) => i.courseId === input.courseId);
  if (!item) return badRequest('This order does not include that course.');
  const watchedPercent =
    (await courseProgress(ctx.db, student.id, [item.courseId])).get(item.courseId)?.percent ?? 0;
  const planPayment = await planPaymentOfOrder(ctx.db, order.id);
  const refusal = refundRefusal(
    {
      orderStatus: order.status,
      paidAt: order.paidAt,
      refundStatus: item.refund?.status ?? null,
      watchedPercent,
      planPayment: planPayment ? (planPayment.kind === 'first' ? 'first' : 'later') : null,
      giftRedeemed: (await giftsOfOrders(ctx.db, [order.id])).get(order.id)?.redeemedAt != null,
      teamSeats: (await teamOrderOf(ctx.db, order.id)) !== undefined,
    },
    ctx.config.refunds,
  );
  if (refusal) return badRequest(refusal);
  await ctx.db.transaction(async (tx) => {
    // A gift: its row is locked against a redemption at the same moment (commands/gifts.ts redeemGift).
    const gift = await lockGiftOfOrder(tx, order.id);
    if (gift?.redeemedAt) return badRequest(GIFT_REDEEMED_NO_REFUND);
    const [made] = await tx
      .insert(refunds)
      .values({
        orderLineId: item.lineId,
        orderId: order.id,
        studentId: student.id,
        courseId: item.courseId,
        amountKobo: item.priceKobo,
        reason: input.reason,
        watchedPercent,
      })
      .onConflictDoNothing({ target: refunds.orderLineId })
      .returning({ id: refunds.id });
    if (!made)
      return badRequest('A refund was already requested for this course. Each course can be refunded once.');
    await notify(tx, [
      {
        accountId: student.id,
        type: 'refund-requested',
        message: {
          key: 'notice.refundRequested',
          values: { title: item.title, amount: formatNaira(item.priceKobo) },
        },
        link: orderPage(order.reference),
      },
    ]);
  });
}

/**
 * `POST /refund/process`: an admin approves or rejects a request still `requested`. A rejection is final. An
 * approval is claimed first (`approved`, so a second admin cannot send it twice), then the provider is asked to
 * refund the line's amount of the payment; if it cannot be asked, the request goes back to `requested` and the call
 * answers the provider's 400/503. The money comes back with the provider's `refund.processed` (refund-events.ts).
 * The decision, and an approval the provider could not be asked for, are audited with the admin and `origin`.
 */
export async function processRefund(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  admin: Account,
  input: { id: number; approve: boolean; note: string },
  origin: AuditOrigin,
): Promise<'approved' | 'rejected'> {
  const note = input.note.trim() || null;
  const claimed = await ctx.db.transaction(async (tx) => {
    const refund = await lockRefund(tx, input.id);
    if (!refund) return notFound(REFUND_NOT_FOUND);
    if (refund.status !== 'requested') return badRequest(`This refund request is already ${refund.status}.`);
    const [decided] = await tx
      .update(refunds)
      .set({
        status: input.approve ? 'approved' : 'rejected',
        adminId: admin.id,
        adminNote: note,
        decidedAt: sql`now()`,
      })
      .where(eq(refunds.id, refund.id))
      .returning();
    const subject = await refundSubject(tx, refund);
    await audit(
      tx,
      {
        actor: admin,
        action: input.approve ? 'refund.approved' : 'refund.rejected',
        subjectType: 'refund',
        subjectId: refund.id,
        details: {
          reference: subject.reference,
          courseId: refund.courseId,
          studentId: refund.studentId,
          amountKobo: refund.amountKobo,
          note,
        },
      },
      origin,
    );
    if (!input.approve) {
      await notify(tx, [
        {
          accountId: refund.studentId,
          type: 'refund-rejected',
          message: {
            key: 'notice.refundRejected',
            values: { title: subject.title, note: note ? ` ${note}` : '' },
          },
          link: orderPage(subject.reference),
        },
      ]);
    }
    return { refund: decided!, subject };
  });
  if (!input.approve) return 'rejected';

  const { refund, subject } = claimed;
  let providerRefundId: string;
  try {
    ({ id: providerRefundId } = await ctx.payments.refund({
      reference: subject.reference,
      amountKobo: refund.amountKobo,
    }));
  } catch (err) {
    await ctx.db.transaction(async (tx) => {
      const [reopened] = await tx
        .update(refunds)
        .set({ status: 'requested', adminId: null, adminNote: null, decidedAt: null })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'approved')))
        .returning({ id: refunds.id });
      if (!reopened) return;
      await audit(
        tx,
        {
          actor: admin,
          action: 'refund.reopened',
          subjectType: 'refund',
          subjectId: refund.id,
          details: { reason: err instanceof Error ? err.message : String(err) },
        },
        origin,
      );
    });
    throw err;
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ providerRefundId: providerRefundId || null })
      .where(and(eq(refunds.id, refund.id), sql`${refunds.providerRefundId} is null`));
    await notify(tx, [
      {
        accountId: refund.studentId,
        type: 'refund-approved',
        message: {
          key: 'notice.refundApproved',
          values: {
            amount: formatNaira(refund.amountKobo),
            title: subject.title,
            note: note ? ` ${note}` : '',
          },
        },
        link: orderPage(subject.reference),
      },
    ]);
  });
  return 'approved';
}
