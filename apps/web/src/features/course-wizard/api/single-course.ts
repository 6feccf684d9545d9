import { useQuery } from '@tanstack/react-query';
import { courseKeys, fetchCourse } from '@/lib/queries/course.ts';

/** The course with its media links (the owning tutor is entitled to them). */
export function useSingleCourse(id: string) {
  return useQuery({
    queryKey: courseKeys.one(id, 'edit'),
    queryFn: ({ signal }) => fetchCourse(id, { signal }),
    // Signed media links expire: always start an edit from a fresh copy.
    staleTime: 0,
    gcTime: 0,
  });
}
