import type { TOrderGift } from '@app/contract/gifts';

/** A Lagos day (`YYYY-MM-DD`) as "5 Mar 2026". */
export const formatDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });

/** The gift's state in words for its buyer. */
export function giftStatusText(gift: TOrderGift): string {
  switch (gift.status) {
    case 'awaiting_payment':
      return 'Not sent: waiting for payment';
    case 'scheduled':
      return gift.sendOn ? `Scheduled for ${formatDay(gift.sendOn)}` : 'Being sent';
    case 'sent':
      return 'Sent, not redeemed yet';
    case 'redeemed':
      return 'Redeemed';
    case 'refunded':
      return 'Refunded';
  }
}

/** What the buyer is told once a gift is paid. */
export const giftPaidText = (gift: TOrderGift) =>
  `Thank you! Your gift for ${gift.recipientName} is paid. We email ${gift.recipientEmail} ${
    gift.sendOn ? `on ${formatDay(gift.sendOn)}` : 'now'
  } with a link to redeem it.`;
