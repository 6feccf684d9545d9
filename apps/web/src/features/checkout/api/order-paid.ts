import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { pollDelay } from '@/lib/queries/orders.ts';

/** Asked this many times while the order is not paid yet (a webhook may still be on its way), then left. */
const MAX_POLLS = 8;

/**
 * Whether the order under `reference` is paid, without a sign-in (the reference is the secret; docs/payments.md):
 * the return page of a browser that has lost its sign-in.
 */
export function useOrderPaid(reference: string) {
  return useQuery({
    queryKey: ['order-paid', reference],
    queryFn: ({ signal }) => callOp('orderPaid', undefined, { signal, params: { reference } }),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.paid === false && query.state.dataUpdateCount < MAX_POLLS
        ? pollDelay(query.state.dataUpdateCount - 1)
        : false,
  });
}
