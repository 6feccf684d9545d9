import { useMutation } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

export const sendPayoutCode = () => callOp('payoutAccountCode', {});

/** Emails the tutor a 6-digit code that confirms a change of payout account (valid 10 minutes, used once). */
export function useSendPayoutCode() {
  return useMutation({ mutationFn: sendPayoutCode });
}
