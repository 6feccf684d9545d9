import { useQueries, useQuery } from '@tanstack/react-query';
import { courseKeys, fetchCourse } from '@/lib/queries/course.ts';

/** The full course with the admin token, so the answer carries signed media links. */
export const adminCourseKey = (id: number) => courseKeys.one(id, 'admin');

const courseQuery = (id: number) => ({
  queryKey: adminCourseKey(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchCourse(id, { signal }),
  // Signed media links are short-lived: keep them no longer than a few minutes.
  staleTime: 60_000,
});

export function useAdminCourse(id: number) {
  return useQuery({ ...courseQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

/** Details of several courses at once (the search answers only id, title and author). */
export function useAdminCourses(ids: number[]) {
  return useQueries({ queries: ids.map(courseQuery) });
}
