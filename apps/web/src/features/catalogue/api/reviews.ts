import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TReviewAddRequest } from '@app/contract/reviews';
import { callOp } from '../../../lib/api.ts';
import { wishlistKeys } from '../../../lib/wishlist.ts';

export const REVIEWS_PAGE_SIZE = 5;
const reviewKeys = {
  all: ['reviews'] as const,
  page: (courseId: number, pageNo: number) => ['reviews', courseId, pageNo] as const,
};

/** A page of a course's reviews with the average and the count per star (public). */
export function useReviews(courseId: number, pageNo: number) {
  return useQuery({
    queryKey: reviewKeys.page(courseId, pageNo),
    queryFn: ({ signal }) =>
      callOp('reviewList', { courseId, pageSize: REVIEWS_PAGE_SIZE, pageNo }, { auth: false, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a review changes, everything that shows a rating is stale: the reviews, the course page and every list of
 * cards. Refetching them all is simpler than naming each list, and only the mounted ones refetch.
 */
function useRatingChanged() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== wishlistKeys.all[0] });
}

/** Adds (or updates) the student's review. */
export function useAddReview() {
  const changed = useRatingChanged();
  return useMutation({
    mutationFn: (body: TReviewAddRequest) => callOp('reviewAdd', body),
    onSuccess: changed,
  });
}

/** An admin hides a review. */
export function useHideReview() {
  const changed = useRatingChanged();
  return useMutation({
    mutationFn: (id: number) => callOp('reviewHide', { id }),
    onSuccess: changed,
  });
}
