import { useQuery } from '@tanstack/react-query';
import { courseKeys, fetchCourse } from '@/lib/queries/course.ts';

/** `viewer` names who is asking (their email, null for a guest): answers differ by who may watch. */
export function useCourse(id: number, viewer: string | null) {
  return useQuery({
    queryKey: courseKeys.one(id, viewer ?? 'guest'),
    queryFn: ({ signal }) => fetchCourse(id, { loggedIn: viewer !== null, signal }),
    enabled: Number.isInteger(id) && id > 0,
    // Video links are short-lived signed URLs: never serve them from an old cache entry.
    staleTime: 0,
    retry: (count, error) => count < 1 && !(error as { status?: number }).status,
  });
}
