import { useQuery } from '@tanstack/react-query';
import type { TCourseResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export const fetchSingleCourse = (id: string, signal?: AbortSignal) =>
  api<TCourseResponse>(EP.singleCourse(id), { signal });

/** The course with its media links (the owning tutor is entitled to them). */
export function useSingleCourse(id: string) {
  return useQuery({
    queryKey: ['course', id],
    queryFn: ({ signal }) => fetchSingleCourse(id, signal),
    // Signed media links expire: always start an edit from a fresh copy.
    staleTime: 0,
    gcTime: 0,
  });
}
