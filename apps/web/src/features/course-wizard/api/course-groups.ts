import { useQuery } from '@tanstack/react-query';
import { callOp } from '../../../lib/api.ts';

export const fetchCourseGroups = (signal?: AbortSignal) => callOp('courseGroups', undefined, { signal });

/** Course groups change rarely: kept for the session. */
export function useCourseGroups() {
  return useQuery({
    queryKey: ['course-groups'],
    queryFn: ({ signal }) => fetchCourseGroups(signal),
    staleTime: Infinity,
  });
}
