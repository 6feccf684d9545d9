import type { TStudentCoursesRequest } from '@app/contract/courses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { cardListKeys } from '@/lib/queries/course.ts';

export const COURSES_PAGE_SIZE = 10;

/** Keys of the catalogue's pages of cards (all courses, or one category; every language, or one). */
export const catalogueKeys = {
  page: (category: string | null, pageNo: number, language: string | null = null) =>
    [...cardListKeys.all, 'catalogue', category, pageNo, ...(language ? [language] : [])] as const,
};

/** One page of approved courses, optionally of one category (zero-based `pageNo`). */
export const fetchStudentCourses = (req: TStudentCoursesRequest, signal?: AbortSignal) =>
  callOp('studentCourses', req, { signal });

/** A page of the catalogue's cards, of the courses taught in `language` when given (the server's render prefetches the first one). */
export function studentCoursesQuery(pageNo: number, category?: string, language?: string) {
  const req = {
    pageSize: COURSES_PAGE_SIZE,
    pageNo,
    ...(category ? { category } : {}),
    ...(language ? { language } : {}),
  };
  return queryOptions({
    queryKey: catalogueKeys.page(category ?? null, pageNo, language ?? null),
    queryFn: ({ signal }) => fetchStudentCourses(req, signal),
  });
}

export function useStudentCourses(pageNo: number, category?: string, language?: string) {
  return useQuery({
    ...studentCoursesQuery(pageNo, category, language),
    placeholderData: keepPreviousData,
  });
}
