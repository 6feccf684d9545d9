import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCourseGroupsResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export type TCourseGroupsResponse = z.infer<typeof ZCourseGroupsResponse>;

export const fetchCourseGroups = (signal?: AbortSignal) =>
  api<TCourseGroupsResponse>(EP.courseGroups, { signal });

/** Course groups change rarely: kept for the session. */
export function useCourseGroups() {
  return useQuery({
    queryKey: ['course-groups'],
    queryFn: ({ signal }) => fetchCourseGroups(signal),
    staleTime: Infinity,
  });
}
