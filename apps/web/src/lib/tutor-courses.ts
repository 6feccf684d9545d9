import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCourseDto, TCoursesPageResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from './api.ts';

/** Spec §8: what a tutor's course screens say when the list cannot be loaded. */
export const LIST_FAILED = 'Unable to get all courses at the moment, please try again later';

// The tutor's courses feed the courses, review and earnings screens (each course carries its buyers and earnings).
const PAGE_SIZE = 10;
// A tutor with more than this many pages of courses is not expected; it bounds the calls one screen makes.
const MAX_PAGES = 50;

export const fetchTutorCoursesPage = (pageNo: number, signal?: AbortSignal) =>
  api<TCoursesPageResponse>(EP.tutorCourses, { body: { pageSize: PAGE_SIZE, pageNo }, signal });

/** All of the tutor's courses: the server answers 10 per page, the screen pages 4 at a time on the client. */
export async function fetchAllTutorCourses(signal?: AbortSignal): Promise<TCourseDto[]> {
  const first = await fetchTutorCoursesPage(0, signal);
  const pages = Math.min(Math.ceil(first.totalData / PAGE_SIZE), MAX_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => fetchTutorCoursesPage(i + 1, signal)),
  );
  return [first, ...rest].flatMap((r) => r.coursesDtos);
}

export function useAllTutorCourses() {
  return useQuery({
    queryKey: ['tutor-courses', 'all'],
    queryFn: ({ signal }) => fetchAllTutorCourses(signal),
  });
}

/** One server page (10), for the review and earnings tables. */
export function useTutorCoursesPage(pageNo: number) {
  return useQuery({
    queryKey: ['tutor-courses', 'page', pageNo],
    queryFn: ({ signal }) => fetchTutorCoursesPage(pageNo, signal),
    placeholderData: keepPreviousData,
  });
}
