import { queryOptions } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

/** Cache keys of cohorts' answers: a course's cohorts (public), the student's week. */
export const cohortKeys = {
  all: ['cohorts'] as const,
  ofCourse: (courseId: number) => ['cohorts', 'course', courseId] as const,
  week: ['cohorts', 'week'] as const,
};

/**
 * A course's offering and cohorts with their seats (public: the same answer for everyone, so the server renders it
 * and the browser hydrates it as it is). Seats change often: a hydrated answer older than a minute is asked again.
 */
export function cohortListQuery(courseId: number) {
  return queryOptions({
    queryKey: cohortKeys.ofCourse(courseId),
    queryFn: ({ signal }) => callOp('cohortList', { courseId }, { auth: false, signal }),
    staleTime: 60_000,
    retryOnMount: false,
  });
}
