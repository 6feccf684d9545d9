import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api.ts';
import { courseKeys, fetchCourse } from '@/lib/queries/course.ts';

/** A course's answer: with the token when logged in (so `owned` is known), the public call otherwise. */
export function courseQuery(id: number, loggedIn: boolean) {
  return queryOptions({
    queryKey: courseKeys.one(id, loggedIn),
    queryFn: ({ signal }) => fetchCourse(id, { loggedIn, signal }),
    // An unknown id will not appear on a second try.
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
    // A refusal the page was rendered with (an unknown course: the 404 page) stays; asking again is the page's Retry.
    retryOnMount: false,
  });
}

/**
 * A course's details. A signed-in visitor's page is rendered (and hydrated) with the guest's answer, which stays on
 * screen until their own arrives: nothing moves when `owned` and the like come in.
 */
export function useCourse(id: number, loggedIn: boolean) {
  return useQuery({
    ...courseQuery(id, loggedIn),
    enabled: Number.isInteger(id) && id > 0,
    select: (res) => res.coursesDto,
    placeholderData: keepPreviousData,
  });
}
