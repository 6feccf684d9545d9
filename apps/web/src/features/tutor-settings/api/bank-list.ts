import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { payoutKeys } from './payout-account.ts';

export const fetchBanks = (signal?: AbortSignal) => callOp('bankList', undefined, { signal });

/** Nigerian banks (name and code); the server keeps them for a day, so the screen does not ask twice. */
export function useBanks() {
  return useQuery({
    queryKey: payoutKeys.banks,
    queryFn: ({ signal }) => fetchBanks(signal),
    select: (r) => r.banks,
    staleTime: 60 * 60 * 1000,
  });
}
