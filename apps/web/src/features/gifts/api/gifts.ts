import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpRequest } from '@app/contract/operations';
import { ApiError, callOp } from '@/lib/api.ts';
import { orderKeys } from '@/lib/queries/orders.ts';
import { userCoursesKeys } from '@/lib/queries/user-courses.ts';

export const giftKeys = {
  all: ['gift'] as const,
  preview: (code: string) => [...giftKeys.all, 'preview', code] as const,
};

/** What a gift code holds (public: the code is the secret). A refused code is not asked again. */
export function useGiftPreview(code: string) {
  return useQuery({
    queryKey: giftKeys.preview(code),
    queryFn: ({ signal }) => callOp('giftPreview', { code }, { signal, auth: false }),
    enabled: code !== '',
    retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status < 500),
  });
}

/** Redeems a code for the signed-in student; their courses and the gift's preview refresh. */
export function useRedeemGift() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callOp('giftRedeem', { code }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: userCoursesKeys.all }),
        qc.invalidateQueries({ queryKey: giftKeys.all }),
        qc.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}

/** Passes a gift on to another email (once). */
export function usePassOnGift() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OpRequest<'giftPassOn'>) => callOp('giftPassOn', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: giftKeys.all }),
  });
}
