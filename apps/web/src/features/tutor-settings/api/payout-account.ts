import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

export const fetchPayoutAccount = (signal?: AbortSignal) => callOp('payoutAccountGet', undefined, { signal });

/** Keys of the tutor's payout account and the bank list its form picks from. */
export const payoutKeys = {
  account: ['payout-account'] as const,
  banks: ['banks'] as const,
};

/** The tutor's verified payout account (number masked), or null when none is set. */
export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutKeys.account,
    queryFn: ({ signal }) => fetchPayoutAccount(signal),
    select: (r) => r.payoutAccount,
  });
}
