import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

export const fetchEarningsSummary = (signal?: AbortSignal) =>
  callOp('earningsSummary', undefined, { signal });

/** Keys of the tutor's money: the summary and the ledger, page by page. */
export const earningsKeys = {
  all: ['earnings'] as const,
  summary: () => [...earningsKeys.all, 'summary'] as const,
  ledgerPage: (pageNo: number) => [...earningsKeys.all, 'ledger', pageNo] as const,
};

/** What the tutor is owed, has in transfer, was paid, and the month by month gross, fee and net. */
export function useEarningsSummary() {
  return useQuery({
    queryKey: earningsKeys.summary(),
    queryFn: ({ signal }) => fetchEarningsSummary(signal),
  });
}
