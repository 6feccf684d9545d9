import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCoursesPageResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export const ADMIN_PAGE_SIZE = 10;

/** One zero-based page of every course, whatever its status. */
export function fetchAllCourses(pageNo: number, signal?: AbortSignal) {
  return api<TCoursesPageResponse>(EP.allCourses, { body: { pageSize: ADMIN_PAGE_SIZE, pageNo }, signal });
}

export const allCoursesKey = (pageNo: number) => ['admin', 'courses', pageNo] as const;

export function useAllCourses(pageNo: number, enabled = true) {
  return useQuery({
    queryKey: allCoursesKey(pageNo),
    queryFn: ({ signal }) => fetchAllCourses(pageNo, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
