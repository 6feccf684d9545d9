import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCourseStatus, TCoursesPageResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export const ADMIN_PAGE_SIZE = 10;

/** One zero-based page of every course, or only those of `status` when given. */
export function fetchAllCourses(pageNo: number, status?: TCourseStatus, signal?: AbortSignal) {
  return api<TCoursesPageResponse>(EP.allCourses, {
    body: { pageSize: ADMIN_PAGE_SIZE, pageNo, ...(status ? { status } : {}) },
    signal,
  });
}

export function useAllCourses(pageNo: number, status?: TCourseStatus, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'courses', status ?? 'all', pageNo],
    queryFn: ({ signal }) => fetchAllCourses(pageNo, status, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
