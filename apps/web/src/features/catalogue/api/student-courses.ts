import type { TStudentCoursesRequest } from '@app/contract/courses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOp, preloadedOp } from '@/lib/api.ts';
import { cardListKeys } from '@/lib/queries/course.ts';

export const COURSES_PAGE_SIZE = 10;

/** Keys of the catalogue's pages of cards (all courses, or one category). */
export const catalogueKeys = {
  page: (category: string | null, pageNo: number) =>
    [...cardListKeys.all, 'catalogue', category, pageNo] as const,
};

/** One page of approved courses, optionally of one category (zero-based `pageNo`). */
export const fetchStudentCourses = (req: TStudentCoursesRequest, signal?: AbortSignal) =>
  callOp('studentCourses', req, { signal });

export function useStudentCourses(pageNo: number, category?: string) {
  const req = { pageSize: COURSES_PAGE_SIZE, pageNo, ...(category ? { category } : {}) };
  return useQuery({
    queryKey: catalogueKeys.page(category ?? null, pageNo),
    queryFn: ({ signal }) => fetchStudentCourses(req, signal),
    // The page the server embedded for a guest: shown in the first render, where the server's first screen was.
    initialData: () => preloadedOp('studentCourses', req),
    placeholderData: keepPreviousData,
  });
}
