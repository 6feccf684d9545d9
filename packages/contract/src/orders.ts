import { z } from 'zod';
import { envelope, ZId, ZIdInput, ZOptionalText, ZPageRequest, ZText } from './common.ts';
import { ORDER_STATUSES, PAYMENT_CHANNELS, REFUND_STATUSES } from './payment-rules.ts';
import { ZPaymentReference } from './payments.ts';
import { ZOrderPlan } from './instalments.ts';
import { ZOrderGift } from './gifts.ts';

// Orders, receipts and refunds (docs/payments.md). Times are ISO 8601 strings; amounts are naira.

export const ZPaymentChannel = z.enum(PAYMENT_CHANNELS, {
  error: 'channel must be one of card, bank_transfer, ussd',
});
export const ZOrderStatus = z.enum(ORDER_STATUSES);
export const ZRefundStatus = z.enum(REFUND_STATUSES);

/** The refund rule, shown before purchase and on the order page. */
export const ZRefundPolicy = z.object({ days: z.number(), maxWatchedPercent: z.number() });
export type TRefundPolicy = z.infer<typeof ZRefundPolicy>;
export const ZRefundPolicyResponse = envelope({ refundPolicy: ZRefundPolicy });

/** A refund request as its student sees it on the order. */
export const ZLineRefund = z.object({
  id: ZId,
  status: ZRefundStatus,
  reason: z.string(),
  note: z.string().nullable(),
  timeCreated: z.string(),
});

export const ZOrderItem = z.object({
  courseId: ZId,
  title: z.string(),
  amount: z.number(),
  refund: ZLineRefund.nullable().optional(),
  /** True while the refund rule allows asking for this line (paid, in the window, watched little, not asked). */
  refundable: z.boolean().optional(),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;

export const ZOrder = z.object({
  reference: z.string(),
  status: ZOrderStatus,
  /** The channel chosen at checkout (null: every channel was offered), or the one the money came through. */
  channel: z.string().nullable(),
  amount: z.number(),
  timeCreated: z.string(),
  paidAt: z.string().nullable(),
  /** When an unpaid order is abandoned (the transfer account's countdown). */
  expiresAt: z.string().nullable(),
  items: z.array(ZOrderItem),
  /** With the items' `refundable`: until when one of them may still be refunded (null: none may). */
  refundableUntil: z.string().nullable().optional(),
  /** The instalment plan this order pays (part of), with its schedule; null for an outright purchase. */
  plan: ZOrderPlan.nullable().optional(),
  /** A gift order: its recipient and its state (the buyer is never enrolled by it); null otherwise. */
  gift: ZOrderGift.nullable().optional(),
  /** A team's seat order: the company its invoice names and the seats of each course; null otherwise. */
  team: z.object({ companyName: z.string(), seats: z.number() }).nullable().optional(),
});
export type TOrder = z.infer<typeof ZOrder>;

// ---- one order, the student's orders, cancel ----------------------------------------------------------------------
export const ZOrderParams = z.object({ reference: ZPaymentReference });
export const ZOrderResponse = envelope({ order: ZOrder, refundPolicy: ZRefundPolicy });
export type TOrderResponse = z.infer<typeof ZOrderResponse>;
/** Paid or not, and nothing else: all a holder of the reference learns without signing in. */
export const ZOrderPaidResponse = envelope({ paid: z.boolean() });

export const ZOrderListResponse = envelope({ orders: z.array(ZOrder), totalData: z.number() });
export type TOrderListResponse = z.infer<typeof ZOrderListResponse>;

export const ZOrderCancelRequest = z.object({ reference: ZPaymentReference });

/** 409 to a checkout of a course that a pending transfer or USSD order holds: which order to finish or cancel. */
export const PENDING_ORDER_MESSAGE = 'A payment for this course is waiting. Finish it or cancel it.';
/**
 * A checkout's 409: a pending transfer or USSD order holds a course (`pendingReference`), or the cohort is full
 * ('This cohort is full.', `waitlistCohortId`: the cohort whose waitlist the student may join).
 */
export const ZPendingOrderRefusal = envelope({
  pendingReference: z.string().optional(),
  waitlistCohortId: z.number().optional(),
});

// ---- refunds --------------------------------------------------------------------------------------------------------
export const ZRefundRequest = z.object({
  reference: ZPaymentReference,
  courseId: ZIdInput,
  reason: ZText('Reason', 1000, { multiLine: true }),
});

export const ZRefundListRequest = ZPageRequest.extend({ status: ZRefundStatus.optional() });
export const ZRefundDto = z.object({
  id: ZId,
  reference: z.string(),
  courseId: ZId,
  courseTitle: z.string(),
  studentName: z.string(),
  studentEmail: z.string(),
  amount: z.number(),
  reason: z.string(),
  watchedPercent: z.number(),
  status: ZRefundStatus,
  note: z.string().nullable(),
  paidAt: z.string().nullable(),
  timeCreated: z.string(),
  decidedAt: z.string().nullable(),
});
export type TRefundDto = z.infer<typeof ZRefundDto>;
export const ZRefundListResponse = envelope({ refunds: z.array(ZRefundDto), totalData: z.number() });

/** A rejection tells the student why; an approval's note is optional. */
export const REFUND_REJECT_NOTE_REQUIRED =
  'Please say why the refund is refused. The student sees this note.';
export const REFUND_NOTE_MAX = 1000;

export const ZRefundProcessRequest = z
  .object({
    id: ZIdInput,
    approve: z.boolean({ error: 'approve must be true or false' }),
    note: ZOptionalText('Note', REFUND_NOTE_MAX, { multiLine: true }),
  })
  .refine((v) => v.approve || v.note !== '', { error: REFUND_REJECT_NOTE_REQUIRED, path: ['note'] });
