import type { TOrderStatus, TRefundStatus } from '@app/contract/payment-rules';
import { GIFT_REDEEMED_NO_REFUND } from '@app/contract/gifts';

/** The refund rule in force (config: REFUND_DAYS, REFUND_MAX_WATCHED_PERCENT). */
export type RefundRule = { days: number; maxWatchedPercent: number };

/** What the rule looks at for one line of an order. */
export type RefundCase = {
  orderStatus: TOrderStatus;
  paidAt: Date | null;
  /** The line's refund request, if one was made. */
  refundStatus: TRefundStatus | null;
  /** How much of the course the student has watched (0–100). */
  watchedPercent: number;
  /** An instalment plan's payment: its first (refundable under the rule), or a later one (never). */
  planPayment?: 'first' | 'later' | null;
  /** A gift order whose gift was redeemed: never refundable after that. */
  giftRedeemed?: boolean;
  /** A team's seat order: its seats are refunded by support, not from the order page. */
  teamSeats?: boolean;
};

export const TEAM_SEATS_REFUND_MESSAGE =
  "A team's seats are not refunded from the order page. Write to support to refund seats nobody has used.";

export const PLAN_REFUND_MESSAGE =
  'Only the first payment of an instalment plan can be refunded; a refund of it cancels the plan.';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a line of an order paid at `paidAt` may be asked to be refunded (`days` after payment). */
export const refundDeadline = (paidAt: Date, rule: RefundRule): Date =>
  new Date(paidAt.getTime() + rule.days * DAY_MS);

/**
 * Why the student may not ask for a refund of this line, in words they understand; null when they may. One
 * request per line; only a paid order; within `days` of payment; having watched less than `maxWatchedPercent`.
 */
export function refundRefusal(c: RefundCase, rule: RefundRule, now: Date = new Date()): string | null {
  if (c.refundStatus)
    return 'A refund was already requested for this course. Each course can be refunded once.';
  if (c.planPayment === 'later') return PLAN_REFUND_MESSAGE;
  if (c.giftRedeemed) return GIFT_REDEEMED_NO_REFUND;
  if (c.teamSeats) return TEAM_SEATS_REFUND_MESSAGE;
  if ((c.orderStatus !== 'paid' && c.orderStatus !== 'partially_refunded') || !c.paidAt) {
    return 'Only a paid order can be refunded.';
  }
  if (now.getTime() > refundDeadline(c.paidAt, rule).getTime()) {
    return `Refunds can be asked for within ${rule.days} days of payment, and this course was paid for more than ${rule.days} days ago.`;
  }
  if (c.watchedPercent >= rule.maxWatchedPercent) {
    return `Refunds are possible only before ${rule.maxWatchedPercent}% of a course has been watched, and you have watched ${c.watchedPercent}% of this one.`;
  }
  return null;
}
