import type { TCourseResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api.ts';

/** A course's details: with the token when logged in (so `owned` is known), the public call otherwise. */
export const fetchCourse = (id: number, loggedIn: boolean, signal?: AbortSignal) =>
  loggedIn
    ? api<TCourseResponse>(EP.singleCourse(id), { signal })
    : api<TCourseResponse>(EP.viewSingleCourse, { body: { courseId: id }, auth: false, signal });

export function useCourse(id: number, loggedIn: boolean) {
  return useQuery({
    queryKey: ['course', id, loggedIn],
    queryFn: ({ signal }) => fetchCourse(id, loggedIn, signal),
    enabled: Number.isInteger(id) && id > 0,
    select: (res) => res.coursesDto,
    // An unknown id will not appear on a second try.
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
  });
}
