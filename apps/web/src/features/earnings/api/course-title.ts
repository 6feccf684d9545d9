import { useQuery } from '@tanstack/react-query';
import { courseKeys, fetchCourse } from '@/lib/queries/course.ts';

/** The course itself, only to name it above its buyers. */
export function useCourseTitle(id: number) {
  return useQuery({
    queryKey: courseKeys.one(id),
    queryFn: ({ signal }) => fetchCourse(id, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    select: (r) => r.coursesDto.title,
  });
}
