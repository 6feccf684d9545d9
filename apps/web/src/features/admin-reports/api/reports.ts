import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpRequest } from '@app/contract/operations';
import { callOp } from '@/lib/api.ts';
import { adminKeys } from '@/lib/queries/admin.ts';
import { qaKeys } from '@/lib/queries/questions.ts';

export const REPORTS_PAGE_SIZE = 10;

export const reportKeys = {
  all: [...adminKeys.all, 'reports'] as const,
  page: (pageNo: number) => [...reportKeys.all, pageNo] as const,
};

/** One zero-based page of reported posts, newest first. */
export function useReports(pageNo: number) {
  return useQuery({
    queryKey: reportKeys.page(pageNo),
    queryFn: ({ signal }) => callOp('questionReports', { pageSize: REPORTS_PAGE_SIZE, pageNo }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Hides a post for everyone but admins; the reports and any Q&A lists refresh. */
export function useHidePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OpRequest<'questionHide'>) => callOp('questionHide', body),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: reportKeys.all }),
        qc.invalidateQueries({ queryKey: qaKeys.all }),
      ]),
  });
}
