import type { TStudentCoursesRequest } from '@app/contract/courses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOp } from '../../../lib/api.ts';

export const COURSES_PAGE_SIZE = 10;

/** One page of approved courses, optionally of one category (zero-based `pageNo`). */
export const fetchStudentCourses = (req: TStudentCoursesRequest, signal?: AbortSignal) =>
  callOp('studentCourses', req, { signal });

export function useStudentCourses(pageNo: number, category?: string) {
  return useQuery({
    queryKey: ['student-courses', category ?? null, pageNo],
    queryFn: ({ signal }) =>
      fetchStudentCourses({ pageSize: COURSES_PAGE_SIZE, pageNo, ...(category ? { category } : {}) }, signal),
    placeholderData: keepPreviousData,
  });
}
