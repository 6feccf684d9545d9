import { useQuery } from '@tanstack/react-query';
import type { TUserCoursesResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

/** The student's own courses and profile. */
export function fetchUserCourses(signal?: AbortSignal): Promise<TUserCoursesResponse> {
  return api<TUserCoursesResponse>(EP.userAllCourses, { signal });
}

export function useUserCourses() {
  return useQuery({ queryKey: ['user', 'allcourses'], queryFn: ({ signal }) => fetchUserCourses(signal) });
}
