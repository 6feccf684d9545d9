import { koboToNaira } from '@app/contract/money';
import type { TOrderStatus, TRefundStatus } from '@app/contract/payment-rules';
import type { TOrder, TOrderItem, TRefundDto } from '@app/contract/orders';
import type { TOrderPlan } from '@app/contract/instalments';
import { refundDeadline, refundRefusal, type RefundRule } from '../policies/refund.ts';
import type { TGiftStatus, TOrderGift } from '@app/contract/gifts';

/** The fields of an `orders` row the answers show. */
type OrderRow = {
  reference: string;
  status: TOrderStatus;
  channel: string | null;
  paidChannel: string | null;
  amountKobo: number;
  createdAt: Date;
  paidAt: Date | null;
  expiresAt: Date | null;
};
/** The fields of a `refunds` row the admins' list shows. */
type RefundRow = {
  id: number;
  courseId: number;
  amountKobo: number;
  reason: string;
  watchedPercent: number;
  status: TRefundStatus;
  adminNote: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

/** A line of an order as read (queries/orders.ts `orderItems`). */
export type OrderItemInput = {
  courseId: number;
  title: string;
  priceKobo: number;
  refund: {
    id: number;
    status: RefundRow['status'];
    reason: string;
    note: string | null;
    createdAt: Date;
  } | null;
};

/** What decides whether each line may still be refunded (the order page and the list of orders). */
export type RefundView = { rule: RefundRule; watched: Map<number, number>; now?: Date };

/** The status a reader sees: a pending order past its time is abandoned even before the sweep has marked it. */
export function shownStatus(order: Pick<OrderRow, 'status' | 'expiresAt'>, now = new Date()): TOrderStatus {
  if (order.status === 'pending' && order.expiresAt && order.expiresAt.getTime() <= now.getTime()) {
    return 'abandoned';
  }
  return order.status;
}

/**
 * An order with its items; with `refunds`, each item says whether the refund rule still allows asking, and the
 * order until when (null when no item may be refunded).
 */
export function presentOrder(
  order: OrderRow,
  items: OrderItemInput[],
  refunds?: RefundView,
  /** The instalment plan the order pays (part of), and whether it is the plan's first payment. */
  plan?: { first: boolean; answer: TOrderPlan } | null,
  /** The order's gift (a gift order), or null. */
  gift?: GiftFacts | null,
  /** A team's seat order: its company and seats (docs/payments.md, "Team seats"), or null. */
  team?: { companyName: string; seats: number } | null,
): TOrder {
  const now = refunds?.now ?? new Date();
  const status = shownStatus(order, now);
  const answer: TOrder = {
    reference: order.reference,
    status,
    channel: order.paidChannel ?? order.channel ?? null,
    amount: koboToNaira(order.amountKobo),
    timeCreated: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    expiresAt: order.expiresAt?.toISOString() ?? null,
    items: items.map((item): TOrderItem => {
      const presented: TOrderItem = {
        courseId: item.courseId,
        title: item.title,
        amount: koboToNaira(item.priceKobo),
        refund: item.refund && {
          id: item.refund.id,
          status: item.refund.status,
          reason: item.refund.reason,
          note: item.refund.note,
          timeCreated: item.refund.createdAt.toISOString(),
        },
      };
      if (refunds) {
        presented.refundable =
          refundRefusal(
            {
              orderStatus: status,
              paidAt: order.paidAt,
              refundStatus: item.refund?.status ?? null,
              watchedPercent: refunds.watched.get(item.courseId) ?? 0,
              planPayment: plan ? (plan.first ? 'first' : 'later') : null,
              giftRedeemed: gift?.redeemedAt != null,
              teamSeats: !!team,
            },
            refunds.rule,
            now,
          ) === null;
      }
      return presented;
    }),
  };
  if (plan !== undefined) answer.plan = plan?.answer ?? null;
  if (gift !== undefined) answer.gift = gift ? presentOrderGift(gift, status) : null;
  if (team !== undefined) answer.team = team;
  if (refunds) {
    const { paidAt } = order;
    const open = paidAt !== null && answer.items.some((i) => i.refundable);
    answer.refundableUntil = open ? refundDeadline(paidAt, refunds.rule).toISOString() : null;
  }
  return answer;
}

/** A refund request as the admins' refunds screen lists it. */
export function presentRefund(row: {
  refund: RefundRow;
  reference: string;
  paidAt: Date | null;
  courseTitle: string;
  studentName: string;
  studentEmail: string;
}): TRefundDto {
  const r = row.refund;
  return {
    id: r.id,
    reference: row.reference,
    courseId: r.courseId,
    courseTitle: row.courseTitle,
    studentName: row.studentName,
    studentEmail: row.studentEmail,
    amount: koboToNaira(r.amountKobo),
    reason: r.reason,
    watchedPercent: r.watchedPercent,
    status: r.status,
    note: r.adminNote,
    paidAt: row.paidAt?.toISOString() ?? null,
    timeCreated: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

/** The gift row's fields its buyer's view reads (db/schema-gifts.ts). */
export type GiftFacts = {
  recipientName: string;
  recipientEmail: string;
  message: string;
  sendOn: string | null;
  sentAt: Date | null;
  redeemedAt: Date | null;
  passedOnAt: Date | null;
  passedOnFrom: string | null;
};

/** A gift as its buyer sees it on the order: to whom, and whether it is scheduled, sent, redeemed or refunded. */
export function presentOrderGift(gift: GiftFacts, orderStatus: TOrderStatus): TOrderGift {
  let status: TGiftStatus;
  if (orderStatus === 'refunded') status = 'refunded';
  else if (gift.redeemedAt) status = 'redeemed';
  else if (orderStatus !== 'paid' && orderStatus !== 'partially_refunded') status = 'awaiting_payment';
  else status = gift.sentAt ? 'sent' : 'scheduled';
  return {
    recipientName: gift.recipientName,
    recipientEmail: gift.passedOnFrom ?? gift.recipientEmail,
    message: gift.message,
    sendOn: gift.sendOn,
    status,
    sentAt: gift.sentAt?.toISOString() ?? null,
    redeemedAt: gift.redeemedAt?.toISOString() ?? null,
    passedOnTo: gift.passedOnAt ? gift.recipientEmail : null,
  };
}
