import { useQuery } from '@tanstack/react-query';
import type { TCourseResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export const fetchCourse = (id: number, signal?: AbortSignal) =>
  api<TCourseResponse>(EP.singleCourse(id), { signal });

/** The course itself, only to name it above its buyers. */
export function useCourseTitle(id: number) {
  return useQuery({
    queryKey: ['course', String(id)],
    queryFn: ({ signal }) => fetchCourse(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    select: (r) => r.coursesDto.title,
  });
}
