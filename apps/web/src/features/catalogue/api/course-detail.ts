import { useQuery } from '@tanstack/react-query';
import { ApiError, preloadedOp } from '@/lib/api.ts';
import { courseKeys, fetchCourse } from '@/lib/queries/course.ts';

/** A course's details: with the token when logged in (so `owned` is known), the public call otherwise. */
export function useCourse(id: number, loggedIn: boolean) {
  return useQuery({
    queryKey: courseKeys.one(id, loggedIn),
    queryFn: ({ signal }) => fetchCourse(id, { loggedIn, signal }),
    enabled: Number.isInteger(id) && id > 0,
    // A guest's course as the server embedded it: shown in the first render, where the server's first screen was.
    initialData: loggedIn ? undefined : () => preloadedOp('viewSingleCourse', { courseId: id }),
    select: (res) => res.coursesDto,
    // An unknown id will not appear on a second try.
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
  });
}
