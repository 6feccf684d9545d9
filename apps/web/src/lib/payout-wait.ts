import type { TPayoutStanding, TPayoutWaitReason } from '@app/contract/payouts';
import { formatLagosTime, LAGOS_TIME } from './dates.ts';
import { formatNaira } from './money.ts';

// Why an owed balance cannot be paid yet, in the same words for the admin (/admin/payouts) and the tutor
// (/tutor/earnings).

/** The admin's reason for a tutor's balance that waits. */
export function waitingReasonText(
  reason: TPayoutWaitReason,
  payableFrom: string | null,
  minimum: number,
): string {
  if (reason === 'no_account') return 'No verified payout account: payable once the tutor adds one';
  if (reason === 'below_minimum')
    return `Below the payout minimum of ${formatNaira(minimum)}: payable once it reaches it`;
  return payableFrom
    ? `Held after a payout account change until ${formatLagosTime(payableFrom)} (${LAGOS_TIME})`
    : 'Held after a payout account change';
}

/** What the tutor reads about their owed balance `owed`, or null when nothing is owed. */
export function payoutStandingText(standing: TPayoutStanding, owed: number): string | null {
  const amount = formatNaira(owed);
  switch (standing.state) {
    case 'nothing_owed':
      return null;
    case 'payable':
      return `${amount} is due to you and will be paid out by transfer.`;
    case 'no_account':
      return `${amount} is owed to you. Add a verified payout account in Settings to be paid.`;
    case 'below_minimum':
      return `${amount} is owed to you, below the payout minimum of ${formatNaira(standing.minimum)}. It is paid out once it reaches the minimum.`;
    case 'held':
      return standing.payableFrom
        ? `${amount} is owed to you, held after your payout account changed until ${formatLagosTime(standing.payableFrom)} (${LAGOS_TIME}).`
        : `${amount} is owed to you, held after your payout account changed.`;
  }
}
