import type { TOrderStatus, TPaymentChannel, TRefundStatus } from '@app/contract/payment-rules';

// The words the student and admin screens use for orders, channels and refunds, written once.

/** How each channel is named on the checkout and in the order history. */
export const CHANNEL_LABELS: Record<TPaymentChannel, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
};

/** An order's channel; null (every channel was offered) reads "Any". */
export function channelLabel(channel: string | null): string {
  return channel && channel in CHANNEL_LABELS ? CHANNEL_LABELS[channel as TPaymentChannel] : 'Any';
}

export const ORDER_STATUS_LABELS: Record<TOrderStatus, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid',
  failed: 'Failed',
  abandoned: 'Not completed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

export const REFUND_STATUS_LABELS: Record<TRefundStatus, string> = {
  requested: 'Waiting for review',
  rejected: 'Refused',
  approved: 'Approved, money on its way',
  processed: 'Refunded',
  failed: 'Refund failed',
};

/** The refund rule in one sentence (shown before purchase and on the order page). */
export function refundRuleText({ days, maxWatchedPercent }: { days: number; maxWatchedPercent: number }) {
  return `Refunds within ${days} days of payment if you have watched less than ${maxWatchedPercent}% of a course.`;
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO time → "22 Nov 2026, 14:05" in the viewer's time zone; '' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}
