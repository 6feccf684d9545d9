import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api.ts';
import { courseKeys, fetchCourse } from '@/lib/queries/course.ts';

/** A course's details: with the token when logged in (so `owned` is known), the public call otherwise. */
export function useCourse(id: number, loggedIn: boolean) {
  return useQuery({
    queryKey: courseKeys.one(id, loggedIn),
    queryFn: ({ signal }) => fetchCourse(id, { loggedIn, signal }),
    enabled: Number.isInteger(id) && id > 0,
    select: (res) => res.coursesDto,
    // An unknown id will not appear on a second try.
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
  });
}
