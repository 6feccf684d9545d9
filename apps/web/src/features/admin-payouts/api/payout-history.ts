import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPayoutDto } from '@app/contract/payouts';
import { callOp } from '@/lib/api.ts';
import { PAYOUTS_PAGE_SIZE, payoutKeys } from './owed-tutors.ts';

/** While a transfer waits for the bank, the history asks again this often to show how it ended. */
const WAITING_REFRESH_MS = 5000;
const waiting = (p: TPayoutDto) => p.status === 'pending' || p.status === 'otp';

export const fetchPayoutHistory = (pageNo: number, signal?: AbortSignal) =>
  callOp('adminPayoutsHistory', { pageNo, pageSize: PAYOUTS_PAGE_SIZE }, { signal });

/** Every payout made, newest first, with its status and why a failed one failed. */
export function usePayoutHistory(pageNo: number) {
  return useQuery({
    queryKey: payoutKeys.historyPage(pageNo),
    queryFn: ({ signal }) => fetchPayoutHistory(pageNo, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.payouts.some(waiting) ? WAITING_REFRESH_MS : false),
  });
}
