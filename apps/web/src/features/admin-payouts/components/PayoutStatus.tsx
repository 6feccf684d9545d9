import type { TPayoutStatus } from '@app/contract/payment-rules';

export const PAYOUT_STATUS_LABELS: Record<TPayoutStatus, string> = {
  pending: 'Pending',
  otp: 'Waiting for OTP',
  success: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};

/** A payout's status as a coloured badge. */
export function PayoutStatus({ status }: { status: TPayoutStatus }) {
  return <span className={`payout-status payout-status-${status}`}>{PAYOUT_STATUS_LABELS[status]}</span>;
}
