import { and, eq, isNull } from 'drizzle-orm';
import type { TCustomerTransactionRequest } from '@app/contract/payments';
import { orders } from '../db/schema-money.ts';
import type { AppContext } from '../context.ts';
import type { Account } from '../db/schema.ts';
import { AppError, badRequest, unauthorized } from '../errors.ts';
import { orderByReference, orderStatus } from '../queries/orders.ts';
import type { VerifiedTransaction } from '../services/payments/provider.ts';
import { priceCourses, type PricedLine } from './charge.ts';
import { fulfilOrder, PAID_STATUSES, type FulfilResult } from './fulfil-order.ts';
import { handleRefundEvent } from './refund-events.ts';
import { handleTransferEvent } from './payout-events.ts';
import { readAuthorization, validSignature } from '../services/payments/types.ts';
import { webhookSignatureFailures } from '../lib/metrics.ts';

type Ctx = Pick<AppContext, 'db' | 'payments' | 'log' | 'cache' | 'config'>;

/** Why a verified transaction cannot deliver courses, in words a student understands; null when it can. */
export function unpaidReason(status: string): string | null {
  switch (status) {
    case 'success':
      return null;
    case 'failed':
      return 'The payment failed. No courses were added. Please try again from your cart.';
    case 'abandoned':
      return 'The payment was cancelled before it was completed. No courses were added. Please try again from your cart.';
    case 'reversed':
      return 'The payment was reversed, so no courses were added.';
    case 'ongoing':
    case 'pending':
    case 'processing':
    case 'queued':
      return 'The payment has not been completed yet. If you paid, please check again in a few minutes.';
    default:
      return `The payment was not completed (status: ${status}). No courses were added.`;
  }
}

/**
 * `/customertransaction/add`: checks the reference is this student's, verifies it with the provider (success,
 * NGN, the order's amount), then fulfils the order. A reference already fulfilled answers success again.
 */
export async function confirmPayment(
  ctx: Ctx,
  student: Account,
  request: TCustomerTransactionRequest,
): Promise<FulfilResult> {
  const order = await orderByReference(ctx.db, request.reference);
  if (!order) return badRequest('Unknown payment reference. Please start the checkout again from your cart.');
  if (order.studentId !== student.id) {
    return badRequest('This payment reference belongs to another account.');
  }
  if (PAID_STATUSES.has(order.status)) return { outcome: 'already-paid', order };

  const verified = await ctx.payments.verify(request.reference);
  if (!verified) return badRequest('The payment provider does not know this payment reference.');
  await noteWaitingChannel(ctx, order, verified);
  checkVerified(verified, request.reference);

  let lines: PricedLine[] | undefined;
  if (!order.linesFixed) {
    try {
      lines = await priceCourses(
        ctx.db,
        student.id,
        request.transactionDtoList.map((l) => l.courseId),
      );
    } catch (err) {
      // A concurrent call may have just fulfilled this order, making its courses "already owned".
      if (PAID_STATUSES.has((await orderStatus(ctx.db, order.id)) ?? '')) {
        return { outcome: 'already-paid', order };
      }
      throw err;
    }
  }
  const result = await fulfilOrder(ctx, {
    reference: request.reference,
    paid: {
      amountKobo: verified.amountKobo,
      currency: verified.currency,
      channel: verified.channel,
      authorization: verified.authorization ?? null,
    },
    lines,
  });
  if (result.outcome === 'awaiting-lines') return badRequest('Name the courses you paid for.');
  return result;
}

/** A transaction's states while its money is on its way. */
const ON_ITS_WAY = new Set(['ongoing', 'pending', 'processing', 'queued']);

/**
 * An order that let the payer choose (a plan's payment by its link) learns the channel chosen on the provider's page
 * when that is a bank transfer or USSD still on its way: its return page then waits for the money, as it does for a
 * transfer chosen in the cart, instead of saying the payment is not completed.
 */
async function noteWaitingChannel(
  ctx: Ctx,
  order: { id: number; channel: string | null },
  v: VerifiedTransaction,
) {
  if (order.channel || !ON_ITS_WAY.has(v.status)) return;
  if (v.channel !== 'bank_transfer' && v.channel !== 'ussd') return;
  await ctx.db
    .update(orders)
    .set({ channel: v.channel })
    .where(and(eq(orders.id, order.id), isNull(orders.channel)));
}

function checkVerified(v: VerifiedTransaction, reference: string) {
  const reason = unpaidReason(v.status);
  if (reason) badRequest(reason);
  if (v.reference !== reference) badRequest('The payment provider answered for another reference.');
}

/** A Paystack event as far as we read it. */
export type PaystackEvent = {
  event?: unknown;
  data?: {
    reference?: unknown;
    status?: unknown;
    amount?: unknown;
    currency?: unknown;
    channel?: unknown;
    /** A card payment's authorization (charge.success). */
    authorization?: unknown;
    /** Refund events: the refunded transaction and the provider's id of the refund. */
    transaction_reference?: unknown;
    refund_reference?: unknown;
    id?: unknown;
  };
};

/**
 * A webhook delivery as received: the raw bytes and their `x-paystack-signature`. A bad signature is a 401 and
 * changes nothing; a good one is handled by `handlePaymentEvent`. The Paystack route and the sandbox's delayed
 * events (jobs/sandbox-events.ts) both come through here.
 */
export async function receiveWebhook(ctx: Ctx, raw: Buffer, signature: unknown): Promise<string> {
  if (!validSignature(raw, signature, ctx.payments.webhookSecret)) {
    webhookSignatureFailures.inc();
    return unauthorized('Invalid webhook signature.');
  }
  let event: PaystackEvent;
  try {
    event = JSON.parse(raw.toString('utf8')) as PaystackEvent;
  } catch {
    return badRequest('The request body is not valid JSON.');
  }
  return handlePaymentEvent(ctx, event ?? {});
}

/**
 * A verified webhook event: `charge.success` fulfils its order through `fulfilOrder`. Everything else, unknown
 * references and mismatched amounts are logged and acknowledged, since retrying them would not help.
 */
export async function handlePaymentEvent(ctx: Ctx, event: PaystackEvent): Promise<string> {
  // Payouts' transfers (commands/payout-events.ts).
  if (typeof event.event === 'string' && event.event.startsWith('transfer.')) {
    return handleTransferEvent(ctx, event);
  }
  if (event.event === 'refund.processed' || event.event === 'refund.failed') {
    return handleRefundEvent(ctx, event.event, event.data ?? {});
  }
  if (event.event !== 'charge.success') return 'Event ignored';
  const d = event.data ?? {};
  const reference = typeof d.reference === 'string' ? d.reference : '';
  if (d.status !== undefined && d.status !== 'success') return 'Event ignored';
  const order = reference ? await orderByReference(ctx.db, reference) : undefined;
  if (!order) {
    ctx.log.warn({ reference }, 'payment webhook for an unknown reference');
    return 'Unknown reference';
  }
  try {
    const result = await fulfilOrder(ctx, {
      reference,
      paid: {
        amountKobo: Number(d.amount),
        currency: String(d.currency ?? '').toUpperCase(),
        channel: typeof d.channel === 'string' ? d.channel : null,
        authorization: readAuthorization(d.authorization),
      },
    });
    return result.outcome === 'fulfilled'
      ? 'Order fulfilled'
      : result.outcome === 'already-paid'
        ? 'Order already fulfilled'
        : 'Order awaits its courses';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    ctx.log.warn({ reference, reason: err.message }, 'payment webhook refused');
    return err.message;
  }
}

/**
 * Whether the order under `reference` is paid, for a return page that has lost its sign-in (docs/payments.md):
 * a pending order the provider says is paid is fulfilled here, as its webhook would. Null for an unknown reference.
 */
export async function orderPaidByReference(ctx: Ctx, reference: string): Promise<boolean | null> {
  const order = await orderByReference(ctx.db, reference);
  if (!order) return null;
  if (PAID_STATUSES.has(order.status)) return true;
  if (order.status !== 'pending' || !order.linesFixed) return false;
  const verified = await ctx.payments.verify(reference);
  if (verified?.status !== 'success') return false;
  const outcome = await handlePaymentEvent(ctx, {
    event: 'charge.success',
    data: {
      reference,
      status: 'success',
      amount: verified.amountKobo,
      currency: verified.currency,
      channel: verified.channel ?? null,
    },
  });
  return outcome === 'Order fulfilled' || outcome === 'Order already fulfilled';
}
