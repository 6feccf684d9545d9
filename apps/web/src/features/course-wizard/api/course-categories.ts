import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { taxonomyKeys } from './course-groups.ts';

export const fetchCourseCategories = (group: string, signal?: AbortSignal) =>
  callOp('courseCategories', undefined, { signal, params: { group } });

/** The categories of one group; nothing is fetched until a group is chosen. */
export function useCourseCategories(group: string) {
  return useQuery({
    queryKey: taxonomyKeys.categories(group),
    queryFn: ({ signal }) => fetchCourseCategories(group, signal),
    enabled: group !== '',
    staleTime: Infinity,
  });
}
