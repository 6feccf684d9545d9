import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCoursesPageResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

/** One page of the tutor's courses; each carries `buyerCount` and `totalEarnings` for its owner. */
export const fetchEarningsPage = (pageNo: number, signal?: AbortSignal) =>
  api<TCoursesPageResponse>(EP.tutorCourses, { body: { pageSize: 10, pageNo }, signal });

export function useEarningsPage(pageNo: number) {
  return useQuery({
    queryKey: ['tutor-courses', 'page', pageNo],
    queryFn: ({ signal }) => fetchEarningsPage(pageNo, signal),
    placeholderData: keepPreviousData,
  });
}
