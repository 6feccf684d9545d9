import type { TPayoutStatus } from '@app/contract/payment-rules';
import { useT } from '@/lib/i18n/index.ts';

/** The catalog key of each payout status's label. */
export const PAYOUT_STATUS_LABELS: Record<TPayoutStatus, string> = {
  pending: 'adminPayouts.status.pending',
  otp: 'adminPayouts.status.otp',
  success: 'adminPayouts.status.success',
  failed: 'adminPayouts.status.failed',
  reversed: 'adminPayouts.status.reversed',
};

/** A payout's status as a coloured badge. */
export function PayoutStatus({ status }: { status: TPayoutStatus }) {
  const t = useT();
  return <span className={`payout-status payout-status-${status}`}>{t(PAYOUT_STATUS_LABELS[status])}</span>;
}
