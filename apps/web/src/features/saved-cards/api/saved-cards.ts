import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { orderKeys } from '@/lib/queries/orders.ts';

export const savedCardKeys = { all: ['saved-cards'] as const };

/** The student's saved cards (brand, last 4 digits, expiry). */
export const useSavedCards = () =>
  useQuery({ queryKey: savedCardKeys.all, queryFn: ({ signal }) => callOp('savedCardList', {}, { signal }) });

/** Forgets a saved card with the provider; the plans it paid fall back to payment links. */
export function useRemoveSavedCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOp('savedCardRemove', { id }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: savedCardKeys.all }),
        qc.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
