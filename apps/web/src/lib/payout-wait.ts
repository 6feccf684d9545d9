import type { TPayoutStanding, TPayoutWaitReason } from '@app/contract/payouts';
import { formatLagosTime, lagosTime } from './dates.ts';
import { t } from './i18n/index.ts';
import { formatNaira } from './money.ts';

// Why an owed balance cannot be paid yet, in the same words for the admin (/admin/payouts) and the tutor
// (/tutor/earnings).

/** The admin's reason for a tutor's balance that waits. */
export function waitingReasonText(
  reason: TPayoutWaitReason,
  payableFrom: string | null,
  minimum: number,
): string {
  if (reason === 'no_account') return t('payout.wait.noAccount');
  if (reason === 'below_minimum') return t('payout.wait.belowMinimum', { minimum: formatNaira(minimum) });
  return payableFrom
    ? t('payout.wait.heldUntil', { when: formatLagosTime(payableFrom), zone: lagosTime() })
    : t('payout.wait.held');
}

/** What the tutor reads about their owed balance `owed`, or null when nothing is owed. */
export function payoutStandingText(standing: TPayoutStanding, owed: number): string | null {
  const amount = formatNaira(owed);
  switch (standing.state) {
    case 'nothing_owed':
      return null;
    case 'payable':
      return t('payout.standing.payable', { amount });
    case 'no_account':
      return t('payout.standing.noAccount', { amount });
    case 'below_minimum':
      return t('payout.standing.belowMinimum', { amount, minimum: formatNaira(standing.minimum) });
    case 'held':
      return standing.payableFrom
        ? t('payout.standing.heldUntil', {
            amount,
            when: formatLagosTime(standing.payableFrom),
            zone: lagosTime(),
          })
        : t('payout.standing.held', { amount });
  }
}
