import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TReviewAddRequest } from '@app/contract/reviews';
import { callOp } from '@/lib/api.ts';
import { cardListKeys, courseKeys } from '@/lib/queries/course.ts';

export const REVIEWS_PAGE_SIZE = 5;
/** Keys of a course's reviews, page by page. */
export const reviewKeys = {
  all: ['reviews'] as const,
  course: (courseId: number) => [...reviewKeys.all, courseId] as const,
  page: (courseId: number, pageNo: number) => [...reviewKeys.course(courseId), pageNo] as const,
};

/** A page of a course's reviews with the average and the count per star (public; the server's render prefetches it). */
export function reviewsQuery(courseId: number, pageNo: number) {
  return queryOptions({
    queryKey: reviewKeys.page(courseId, pageNo),
    queryFn: ({ signal }) =>
      callOp('reviewList', { courseId, pageSize: REVIEWS_PAGE_SIZE, pageNo }, { auth: false, signal }),
  });
}

export function useReviews(courseId: number, pageNo: number) {
  return useQuery({ ...reviewsQuery(courseId, pageNo), placeholderData: keepPreviousData });
}

/**
 * After a review of a course changes, what shows its rating is stale: that course's reviews, its own answers (every
 * copy) and the lists of cards (catalogue and search pages). Nothing else is refetched.
 */
function useRatingChanged(courseId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: reviewKeys.course(courseId) }),
      qc.invalidateQueries({ queryKey: courseKeys.one(courseId) }),
      qc.invalidateQueries({ queryKey: cardListKeys.all }),
    ]);
}

/** The signed-in student's own review of the course (null before they rate it). */
export function useOwnReview(courseId: number) {
  return useQuery({
    queryKey: [...reviewKeys.course(courseId), 'mine'] as const,
    queryFn: ({ signal }) => callOp('reviewMine', { courseId }, { signal }),
  });
}

/** Adds (or updates) the student's review. */
export function useAddReview(courseId: number) {
  const changed = useRatingChanged(courseId);
  return useMutation({
    mutationFn: (body: TReviewAddRequest) => callOp('reviewAdd', body),
    onSuccess: changed,
  });
}

/** An admin hides one of the course's reviews. */
export function useHideReview(courseId: number) {
  const changed = useRatingChanged(courseId);
  return useMutation({
    mutationFn: (id: number) => callOp('reviewHide', { id }),
    onSuccess: changed,
  });
}
