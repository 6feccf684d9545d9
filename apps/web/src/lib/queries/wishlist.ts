import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

export const wishlistKeys = { all: ['wishlist'] as const };

/** The logged-in student's wishlist (full course answers, newest first); one query shared by every heart. */
export function useWishlist(enabled: boolean) {
  return useQuery({
    queryKey: wishlistKeys.all,
    queryFn: ({ signal }) => callOp('wishlistList', undefined, { signal }),
    enabled,
    select: (res) => res.coursesDtos,
    staleTime: 60_000,
  });
}

/**
 * Adds (`on`) or removes a course, then refreshes the list. A plain call rather than useMutation: the hearts are on
 * the home page's cards, and TanStack's mutation machinery would add ~3 KB to the initial download.
 */
export function useToggleWishlist() {
  const qc = useQueryClient();
  const [isPending, setPending] = useState(false);
  const toggle = useCallback(
    async (courseId: number, on: boolean): Promise<void> => {
      setPending(true);
      try {
        await callOp(on ? 'wishlistAdd' : 'wishlistRemove', { courseId });
      } finally {
        setPending(false);
        // A read of the list sent before this change answers without it, and an invalidation joins a first read still
        // on its way instead of sending another: that read is cancelled, so the list is read again after the change.
        await qc.cancelQueries({ queryKey: wishlistKeys.all });
        void qc.invalidateQueries({ queryKey: wishlistKeys.all });
      }
    },
    [qc],
  );
  return { toggle, isPending };
}
