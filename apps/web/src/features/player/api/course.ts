import { useQuery } from '@tanstack/react-query';
import type { TCourseResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

/** One course: a logged-in caller gets its media links when entitled; a guest gets the public view. */
export function fetchCourse(id: number, loggedIn: boolean, signal?: AbortSignal): Promise<TCourseResponse> {
  return loggedIn
    ? api<TCourseResponse>(EP.singleCourse(id), { signal })
    : api<TCourseResponse>(EP.viewSingleCourse, { body: { courseId: id }, signal, auth: false });
}

/** `viewer` names who is asking (their email, null for a guest): answers differ by who may watch. */
export function useCourse(id: number, viewer: string | null) {
  const loggedIn = viewer !== null;
  return useQuery({
    queryKey: ['course', id, viewer ?? 'guest'],
    queryFn: ({ signal }) => fetchCourse(id, loggedIn, signal),
    enabled: Number.isInteger(id) && id > 0,
    // Video links are short-lived signed URLs: never serve them from an old cache entry.
    staleTime: 0,
    retry: (count, error) => count < 1 && !(error as { status?: number }).status,
  });
}
