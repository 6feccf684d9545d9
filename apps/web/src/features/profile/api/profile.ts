import { useQuery } from '@tanstack/react-query';
import type { TUserCoursesResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';

/** The student's profile comes with their courses (`userDto`). */
export function fetchProfile(signal?: AbortSignal): Promise<TUserCoursesResponse> {
  return api<TUserCoursesResponse>(EP.userAllCourses, { signal });
}

// Same key as my courses: one request serves both screens.
export function useProfile() {
  const { email } = useSession();
  // Keyed by account: after a logout and another login in this tab, nobody sees the previous student's data.
  return useQuery({ queryKey: ['user', 'allcourses', email], queryFn: ({ signal }) => fetchProfile(signal) });
}
