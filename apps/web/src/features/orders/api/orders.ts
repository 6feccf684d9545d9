import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpRequest } from '@app/contract/operations';
import { callOp } from '@/lib/api.ts';
import { orderKeys } from '@/lib/queries/orders.ts';
import { userCoursesKeys } from '@/lib/queries/user-courses.ts';

export const ORDERS_PAGE_SIZE = 10;

/** One zero-based page of the student's orders, newest first. */
export function useOrders(pageNo: number) {
  return useQuery({
    queryKey: orderKeys.page(pageNo),
    queryFn: ({ signal }) => callOp('orderList', { pageSize: ORDERS_PAGE_SIZE, pageNo }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Asks for a refund of one course of an order; the order (its line's refund status) and the history refresh. */
export function useRequestRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OpRequest<'refundRequest'>) => callOp('refundRequest', body),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orderKeys.all }),
        qc.invalidateQueries({ queryKey: userCoursesKeys.all }),
      ]),
  });
}
