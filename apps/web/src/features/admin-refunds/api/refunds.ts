import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpRequest } from '@app/contract/operations';
import type { TRefundStatus } from '@app/contract/payment-rules';
import { callOp } from '@/lib/api.ts';
import { adminKeys } from '@/lib/queries/admin.ts';

export const REFUNDS_PAGE_SIZE = 10;

export const refundKeys = {
  all: [...adminKeys.all, 'refunds'] as const,
  page: (status: TRefundStatus | 'all', pageNo: number) => [...refundKeys.all, status, pageNo] as const,
};

/** One zero-based page of refund requests, only those of `status` when given. */
export function useRefunds(status: TRefundStatus | undefined, pageNo: number) {
  return useQuery({
    queryKey: refundKeys.page(status ?? 'all', pageNo),
    queryFn: ({ signal }) =>
      callOp(
        'refundList',
        { pageSize: REFUNDS_PAGE_SIZE, pageNo, ...(status ? { status } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Approves (the provider is asked to refund that line) or rejects a request; the lists refresh. */
export function useProcessRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OpRequest<'refundProcess'>) => callOp('refundProcess', body),
    onSettled: () => qc.invalidateQueries({ queryKey: refundKeys.all }),
  });
}
