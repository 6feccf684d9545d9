import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

export const reviewHistoryKey = (courseId: number) => ['review-history', courseId] as const;

/** A course's status changes, oldest first (the owning tutor and admins may read them). */
export function useReviewHistory(courseId: number, enabled = true) {
  return useQuery({
    queryKey: reviewHistoryKey(courseId),
    queryFn: ({ signal }) => callOp('reviewHistory', { id: courseId }, { signal }),
    enabled: enabled && Number.isInteger(courseId) && courseId > 0,
    select: (res) => res.history,
  });
}
