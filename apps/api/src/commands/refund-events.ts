import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { enrolments, orders, refunds } from '../db/schema-money.ts';
import { tag } from '../cache/index.ts';
import { formatNaira } from '../presenters/payment.ts';
import { lockRefundForEvent, refundedShare, refundSubject } from '../queries/refunds.ts';
import { audit, PROVIDER_ORIGIN } from './audit.ts';
import { revokeCertificate } from './certificates.ts';
import { releaseRefundedSeat } from './cohorts.ts';
import { recordRefund } from './ledger.ts';
import { cancelPlanInTx } from './plan-payments.ts';
import { planOfOrder } from '../queries/plans.ts';
import { notify } from './notify.ts';

type Ctx = Pick<AppContext, 'db' | 'cache' | 'log'>;

/** The refund event's fields we read (Paystack's `refund.processed` / `refund.failed` data). */
export type RefundEventData = {
  transaction_reference?: unknown;
  refund_reference?: unknown;
  id?: unknown;
  amount?: unknown;
};

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The order page a student's refund notifications point to. */
export const orderPage = (reference: string) => `/home/orders/${encodeURIComponent(reference)}`;

/**
 * A provider's refund outcome. `refund.processed` of an approved refund, in one transaction: the refund is
 * processed, the student's enrolment from that order is removed and their certificate of the course revoked, the
 * ledger gets the line's negative `refund` entry (so the tutor's earnings drop), the order becomes `refunded` when
 * every line is, `partially_refunded` otherwise, and the student is told. `refund.failed` marks it failed and tells
 * the student. Either outcome is audited (by the provider). A replay finds the refund settled and changes nothing.
 */
export async function handleRefundEvent(
  ctx: Ctx,
  kind: 'refund.processed' | 'refund.failed',
  data: RefundEventData,
): Promise<string> {
  const reference = text(data.transaction_reference) ?? '';
  const providerRefundId = text(data.refund_reference) ?? (data.id != null ? String(data.id) : null);
  let courseId: number | null = null;
  const outcome = await ctx.db.transaction(async (tx) => {
    const refund = await lockRefundForEvent(tx, {
      providerRefundId,
      reference,
      amountKobo: Number(data.amount),
    });
    if (!refund) return 'Unknown refund';
    if (refund.status !== 'approved') return `Refund already ${refund.status}`;
    const subject = await refundSubject(tx, refund);
    await audit(
      tx,
      {
        actor: null,
        action: kind,
        subjectType: 'refund',
        subjectId: refund.id,
        details: {
          reference: subject.reference,
          courseId: refund.courseId,
          amountKobo: refund.amountKobo,
          providerRefundId: refund.providerRefundId ?? providerRefundId,
        },
      },
      PROVIDER_ORIGIN,
    );
    if (kind === 'refund.failed') {
      await tx.update(refunds).set({ status: 'failed' }).where(eq(refunds.id, refund.id));
      await notify(tx, [
        {
          accountId: refund.studentId,
          type: 'refund-failed',
          message: {
            key: 'notice.refundFailed',
            values: { amount: formatNaira(refund.amountKobo), title: subject.title },
          },
          link: orderPage(subject.reference),
        },
      ]);
      return 'Refund failed';
    }
    await tx
      .update(refunds)
      .set({
        status: 'processed',
        processedAt: sql`now()`,
        providerRefundId: refund.providerRefundId ?? providerRefundId,
      })
      .where(eq(refunds.id, refund.id));
    await tx
      .delete(enrolments)
      .where(
        and(
          eq(enrolments.studentId, refund.studentId),
          eq(enrolments.courseId, refund.courseId),
          eq(enrolments.orderId, refund.orderId),
        ),
      );
    await revokeCertificate(tx, refund.studentId, refund.courseId);
    // A cohort seat the refunded line bought goes to the waitlist.
    await releaseRefundedSeat(tx, refund.orderId, refund.courseId);
    await recordRefund(tx, refund.orderLineId);
    const share = await refundedShare(tx, refund.orderId);
    await tx
      .update(orders)
      .set({ status: share.refunded >= share.lines ? 'refunded' : 'partially_refunded' })
      .where(eq(orders.id, refund.orderId));
    // A refund of an instalment plan's first payment cancels the plan: nothing more is charged.
    const plan = await planOfOrder(tx, refund.orderId);
    if (plan && plan.status !== 'completed') await cancelPlanInTx(tx, plan.id, 'refunded');
    await notify(tx, [
      {
        accountId: refund.studentId,
        type: 'refund-processed',
        message: {
          key: 'notice.refundProcessed',
          values: { amount: formatNaira(refund.amountKobo), title: subject.title },
        },
        link: orderPage(subject.reference),
      },
    ]);
    courseId = refund.courseId;
    return 'Refund processed';
  });
  if (outcome === 'Unknown refund')
    ctx.log.warn({ reference, providerRefundId }, 'refund webhook for an unknown refund');
  // The course's student count changed on its cached answers.
  if (courseId !== null) await ctx.cache.invalidate([tag.course(courseId)]);
  return outcome;
}
