import type { TOrderStatus, TPaymentChannel, TRefundStatus } from '@app/contract/payment-rules';
import { dateFormat } from './i18n/format.ts';
import { t } from './i18n/index.ts';
import { translatedLabels } from './i18n/labels.ts';

// The words the student and admin screens use for orders, channels and refunds, written once.

/** How each channel is named on the checkout and in the order history. */
export const CHANNEL_LABELS = translatedLabels<TPaymentChannel>({
  card: 'order.channel.card',
  bank_transfer: 'order.channel.bankTransfer',
  ussd: 'order.channel.ussd',
});

/** An order's channel; null (every channel was offered) reads "Any". */
export function channelLabel(channel: string | null): string {
  return channel && channel in CHANNEL_LABELS
    ? CHANNEL_LABELS[channel as TPaymentChannel]
    : t('order.channel.any');
}

export const ORDER_STATUS_LABELS = translatedLabels<TOrderStatus>({
  pending: 'order.status.pending',
  paid: 'order.status.paid',
  failed: 'order.status.failed',
  abandoned: 'order.status.abandoned',
  refunded: 'order.status.refunded',
  partially_refunded: 'order.status.partiallyRefunded',
});

export const REFUND_STATUS_LABELS = translatedLabels<TRefundStatus>({
  requested: 'refund.status.requested',
  rejected: 'refund.status.rejected',
  approved: 'refund.status.approved',
  processed: 'refund.status.processed',
  failed: 'refund.status.failed',
});

/** The refund rule in one sentence (shown before purchase and on the order page). */
export function refundRuleText({ days, maxWatchedPercent }: { days: number; maxWatchedPercent: number }) {
  return t('refund.rule', { days, percent: maxWatchedPercent });
}

const DATE_TIME = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
} as const;

/** An ISO time → "22 Nov 2026, 14:05" in the viewer's time zone; '' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(DATE_TIME, 'en-GB').format(date);
}
