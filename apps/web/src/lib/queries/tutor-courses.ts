import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TCourseDto } from '@app/contract/courses';
import { callOp } from '@/lib/api.ts';
import { courseKeys } from './course.ts';

// The tutor's courses feed the courses, review and earnings screens (each course carries its buyers and earnings).
const PAGE_SIZE = 10;
// A tutor with more than this many pages of courses is not expected; it bounds the calls one screen makes.
const MAX_PAGES = 50;

/** Keys of the tutor's own answers: the course lists (all, or a page) and the dashboard's counts. */
export const tutorKeys = {
  courses: ['tutor-courses'] as const,
  allCourses: () => [...tutorKeys.courses, 'all'] as const,
  coursesPage: (pageNo: number) => [...tutorKeys.courses, 'page', pageNo] as const,
  dashboard: ['tutor-dashboard'] as const,
};

/**
 * After a tutor creates, edits or deletes a course: what that changes and nothing else, the tutor's lists (with
 * their earnings), the dashboard's counts and the course's own answers.
 */
export async function afterTutorCourseWrite(qc: QueryClient, courseId?: number): Promise<void> {
  await Promise.all([
    qc.invalidateQueries({ queryKey: tutorKeys.courses }),
    qc.invalidateQueries({ queryKey: tutorKeys.dashboard }),
    courseId !== undefined && qc.invalidateQueries({ queryKey: courseKeys.one(courseId) }),
  ]);
}

export const fetchTutorCoursesPage = (pageNo: number, signal?: AbortSignal) =>
  callOp('tutorCourses', { pageSize: PAGE_SIZE, pageNo }, { signal });

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
    queryKey: tutorKeys.allCourses(),
    queryFn: ({ signal }) => fetchAllTutorCourses(signal),
  });
}

/** One server page (10), for the review and earnings tables. */
export function useTutorCoursesPage(pageNo: number) {
  return useQuery({
    queryKey: tutorKeys.coursesPage(pageNo),
    queryFn: ({ signal }) => fetchTutorCoursesPage(pageNo, signal),
    placeholderData: keepPreviousData,
  });
}
