import { z } from 'zod';
import { ZReferralAttribution } from './referrals.ts';
import { ZCouponCode } from './coupons.ts';
import { envelope, numberInput, ZIdInput, ZPageRequest } from './common.ts';
import { ZStatusCounts } from './courses.ts';
import { PAYMENT_CHANNELS } from './payment-rules.ts';
import { ZGiftDetails } from './gifts.ts';
import { ZTeamPurchase } from './teams.ts';

export const TRANSACTION_SUCCESS_MESSAGE = 'Transaction Process Successfully';

// ---- charge ------------------------------------------------------------------
/** `amount` (naira) is informational: the server prices `courseIds` itself. */
export const ZChargeRequest = z.object({
  amount: numberInput(
    z.number().nonnegative({ error: 'amount must be 0 or more' }),
    'amount must be a number',
  ).optional(),
  courseIds: z.array(ZIdInput).max(50, { error: 'At most 50 courses per checkout' }).optional(),
  /** Offer only this channel on the payment page; without it every channel is offered. */
  channel: z.enum(PAYMENT_CHANNELS, { error: 'channel must be one of card, bank_transfer, ussd' }).optional(),
  /** Buy the one course of `courseIds` on this instalment plan: the first payment now (docs/payments.md). */
  planId: ZIdInput.optional(),
  /** The student agrees that a reusable card paid with now is saved and charged for the plan's next payments. */
  saveCard: z.boolean().optional(),
  /** A coupon code: the server prices the courses with it (the client's amount is never trusted). */
  coupon: ZCouponCode.optional(),
  /** A seat in this cohort of one of `courseIds` (its own price when it has one; docs/cohorts.md). */
  cohortId: ZIdInput.optional(),
  /**
   * The referral attributions the browser keeps (`/referral/visit`'s answers): the server checks each one's
   * signature, window and course, and sets the fee itself (docs/payments.md, "Referral links").
   */
  referrals: z.array(ZReferralAttribution).max(20).optional(),
  /** 'This is a gift': the buyer pays and is never enrolled; the recipient redeems it (docs/payments.md, "Gifts"). */
  gift: ZGiftDetails.optional(),
  /** 'Buy for my team': `seats` seats of each course for the buyer's team, invoiced to `companyName` (docs/payments.md, "Team seats"). */
  team: ZTeamPurchase.optional(),
});
export type TChargeRequest = z.infer<typeof ZChargeRequest>;

export const ZInitializeTransactionResponse = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }),
});
export const ZChargeResponse = envelope({ initializeTransactionResponse: ZInitializeTransactionResponse });
export type TChargeResponse = z.infer<typeof ZChargeResponse>;

// ---- verify and enrol ----------------------------------------------------------
export const ZPaymentReference = z
  .string({ error: 'reference is required' })
  .trim()
  .min(1, { error: 'reference is required' })
  .max(100)
  .regex(/^[A-Za-z0-9.=-]+$/, { error: 'reference may contain only letters, digits, -, . and =' });

export const ZCustomerTransactionRequest = z.object({
  reference: ZPaymentReference,
  transactionDtoList: z
    .array(z.object({ courseId: ZIdInput }))
    .max(50)
    .default([]),
});
export type TCustomerTransactionRequest = z.infer<typeof ZCustomerTransactionRequest>;

// ---- earnings ------------------------------------------------------------------
export const ZBoughtCourseRequest = ZPageRequest.extend({ id: ZIdInput });
export type TBoughtCourseRequest = z.infer<typeof ZBoughtCourseRequest>;
/** A buyer and `amount`, the tutor's earnings from them: their payments' net after the platform fee and refunds. */
export const ZBuyerDto = z.object({ fullName: z.string(), email: z.string(), amount: z.number() });
export type TBuyerDto = z.infer<typeof ZBuyerDto>;
export const ZBoughtCourseResponse = envelope({
  users: z.array(ZBuyerDto),
  totalData: z.number(),
  /** The tutor's earnings from this course: the net of every sale after the platform fee and refunds (naira). */
  totalEarnings: z.number(),
});
export type TBoughtCourseResponse = z.infer<typeof ZBoughtCourseResponse>;

/** `GET /staff/dashboard`: the tutor's courses by status and what they earned. */
export const ZTutorDashboardResponse = envelope({
  statusCounts: ZStatusCounts,
  /** The tutor's net from every course after the platform fee and refunds (naira). */
  totalEarnings: z.number(),
  buyerCount: z.number(),
});
export type TTutorDashboardResponse = z.infer<typeof ZTutorDashboardResponse>;
