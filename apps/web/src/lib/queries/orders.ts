import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callOp } from '@/lib/api.ts';

/** Keys of the student's orders (the return page, the cart's waiting order and the order history share them). */
export const orderKeys = {
  all: ['orders'] as const,
  pages: ['orders', 'page'] as const,
  page: (pageNo: number) => [...orderKeys.pages, pageNo] as const,
  one: (reference: string) => [...orderKeys.all, 'one', reference] as const,
  refundPolicy: ['refund-policy'] as const,
};

/** While an order waits for its money it is asked again after 2 s, then a little later each time, up to 10 s. */
export const POLL_FIRST_MS = 2000;
export const POLL_MAX_MS = 10_000;
export function pollDelay(attempt: number): number {
  return Math.min(POLL_FIRST_MS * 1.5 ** Math.max(0, attempt), POLL_MAX_MS);
}

/**
 * Transfer and USSD orders: their money arrives later, by webhook, so their pages watch the order; a card payment is
 * verified when the student comes back instead.
 */
export function awaitsWebhook(order: { channel: string | null }): boolean {
  return order.channel === 'bank_transfer' || order.channel === 'ussd';
}

// A refusal (unknown reference, signed out) will not change by asking again; a network failure may.
const retryUnlessRefused = (count: number, err: unknown) =>
  count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500);

/**
 * One of the student's orders with the refund rule; asked again with backoff while a transfer or USSD payment or an
 * approved refund is on its way.
 */
export function useOrder(reference: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: orderKeys.one(reference),
    queryFn: ({ signal }) => callOp('orderGet', undefined, { signal, params: { reference } }),
    enabled: enabled && reference !== '',
    retry: retryUnlessRefused,
    refetchInterval: (query) => {
      const order = query.state.data?.order;
      if (!order) return false;
      const waiting = order.status === 'pending' && awaitsWebhook(order);
      // An approved refund's money comes back by webhook too: its line turns to "Refunded" by itself.
      const refunding = order.items.some((i) => i.refund?.status === 'approved');
      return waiting || refunding ? pollDelay(query.state.dataUpdateCount - 1) : false;
    },
  });
}

/** Cancels an order that has not been paid; the order and the history refresh. */
export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) => callOp('orderCancel', { reference }),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The refund rule (days, watched share), the same for everyone: asked once per visit. */
export function useRefundPolicy() {
  return useQuery({
    queryKey: orderKeys.refundPolicy,
    queryFn: ({ signal }) => callOp('refundPolicy', undefined, { signal }),
    staleTime: Infinity,
    retry: retryUnlessRefused,
    select: (res) => res.refundPolicy,
  });
}
