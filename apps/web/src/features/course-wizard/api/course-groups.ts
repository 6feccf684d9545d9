import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

/** Keys of the course taxonomy: the groups, and the categories of one group. */
export const taxonomyKeys = {
  groups: ['course-groups'] as const,
  categories: (group: string) => ['course-categories', group] as const,
};

export const fetchCourseGroups = (signal?: AbortSignal) => callOp('courseGroups', undefined, { signal });

/** Course groups change rarely: kept for the session. */
export function useCourseGroups() {
  return useQuery({
    queryKey: taxonomyKeys.groups,
    queryFn: ({ signal }) => fetchCourseGroups(signal),
    staleTime: Infinity,
  });
}
