import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { earningsKeys } from './earnings-summary.ts';

export const LEDGER_PAGE_SIZE = 10;

export const fetchLedger = (pageNo: number, signal?: AbortSignal) =>
  callOp('staffLedger', { pageNo, pageSize: LEDGER_PAGE_SIZE }, { signal });

/** The tutor's ledger lines (sales and refunds), newest first, 10 per page. */
export function useLedger(pageNo: number) {
  return useQuery({
    queryKey: earningsKeys.ledgerPage(pageNo),
    queryFn: ({ signal }) => fetchLedger(pageNo, signal),
    placeholderData: keepPreviousData,
  });
}
