import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCourseStatus } from '@app/contract/courses';
import { callOp } from '@/lib/api.ts';
import { adminKeys } from '@/lib/queries/admin.ts';

export const ADMIN_PAGE_SIZE = 10;

/** One zero-based page of every course, or only those of `status` when given. */
export function fetchAllCourses(pageNo: number, status?: TCourseStatus, signal?: AbortSignal) {
  return callOp(
    'allCourses',
    { pageSize: ADMIN_PAGE_SIZE, pageNo, ...(status ? { status } : {}) },
    { signal },
  );
}

export function useAllCourses(pageNo: number, status?: TCourseStatus, enabled = true) {
  return useQuery({
    queryKey: adminKeys.coursesPage(status ?? 'all', pageNo),
    queryFn: ({ signal }) => fetchAllCourses(pageNo, status, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
