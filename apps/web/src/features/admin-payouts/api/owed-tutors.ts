import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpAnswer } from '@app/contract/operations';
import { callOp } from '@/lib/api.ts';
import { adminKeys } from '@/lib/queries/admin.ts';

export const PAYOUTS_PAGE_SIZE = 10;

/** One tutor owed money: the balance and the checked account it goes to (number masked). */
export type OwedTutor = OpAnswer<'adminPayoutsList'>['tutors'][number];

/** Keys of the payouts screen: the tutors owed money and the payouts made, page by page. */
export const payoutKeys = {
  all: [...adminKeys.all, 'payouts'] as const,
  owedPage: (pageNo: number) => [...payoutKeys.all, 'owed', pageNo] as const,
  history: () => [...payoutKeys.all, 'history'] as const,
  historyPage: (pageNo: number) => [...payoutKeys.history(), pageNo] as const,
};

export const fetchOwedTutors = (pageNo: number, signal?: AbortSignal) =>
  callOp('adminPayoutsList', { pageNo, pageSize: PAYOUTS_PAGE_SIZE }, { signal });

/** Tutors owed at least the payout minimum, with a checked account past its hold. */
export function useOwedTutors(pageNo: number) {
  return useQuery({
    queryKey: payoutKeys.owedPage(pageNo),
    queryFn: ({ signal }) => fetchOwedTutors(pageNo, signal),
    placeholderData: keepPreviousData,
  });
}
