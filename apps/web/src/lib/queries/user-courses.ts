import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { useSession } from '@/lib/session.ts';

/** Keys of the student's courses-and-profile answer (my courses and the profile screen share it). */
export const userCoursesKeys = {
  all: ['user', 'allcourses'] as const,
  of: (email: string | null) => [...userCoursesKeys.all, email] as const,
};

/** The student's own courses and profile: one call, one request for both screens. */
function fetchUserCourses(signal?: AbortSignal) {
  return callOp('userAllCourses', undefined, { signal });
}

export function useUserCourses() {
  const { email } = useSession();
  // Keyed by account: after a logout and another login in this tab, nobody sees the previous student's data.
  return useQuery({
    queryKey: userCoursesKeys.of(email),
    queryFn: ({ signal }) => fetchUserCourses(signal),
  });
}
