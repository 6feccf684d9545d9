import type { TOrderGift } from '@app/contract/gifts';
import { dateFormat } from './i18n/format.ts';
import { t } from './i18n/index.ts';

/** A Lagos day (`YYYY-MM-DD`) as "5 Mar 2026". */
export const formatDay = (day: string) =>
  dateFormat({ dateStyle: 'medium', timeZone: 'Africa/Lagos' }, 'en-GB').format(new Date(`${day}T12:00:00Z`));

/** The gift's state in words for its buyer. */
export function giftStatusText(gift: TOrderGift): string {
  switch (gift.status) {
    case 'awaiting_payment':
      return t('gift.status.awaitingPayment');
    case 'scheduled':
      return gift.sendOn
        ? t('gift.status.scheduled', { day: formatDay(gift.sendOn) })
        : t('gift.status.sending');
    case 'sent':
      return t('gift.status.sent');
    case 'redeemed':
      return t('gift.status.redeemed');
    case 'refunded':
      return t('gift.status.refunded');
  }
}

/** What the buyer is told once a gift is paid. */
export const giftPaidText = (gift: TOrderGift) =>
  gift.sendOn
    ? t('gift.paidScheduled', {
        name: gift.recipientName,
        email: gift.recipientEmail,
        day: formatDay(gift.sendOn),
      })
    : t('gift.paidNow', { name: gift.recipientName, email: gift.recipientEmail });
