import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCourseCategoriesResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export type TCourseCategoriesResponse = z.infer<typeof ZCourseCategoriesResponse>;

export const fetchCourseCategories = (group: string, signal?: AbortSignal) =>
  api<TCourseCategoriesResponse>(EP.courseCategories(group), { signal });

/** The categories of one group; nothing is fetched until a group is chosen. */
export function useCourseCategories(group: string) {
  return useQuery({
    queryKey: ['course-categories', group],
    queryFn: ({ signal }) => fetchCourseCategories(group, signal),
    enabled: group !== '',
    staleTime: Infinity,
  });
}
