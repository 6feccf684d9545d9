import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

export const fetchBoughtCourse = (id: number, pageNo: number, signal?: AbortSignal) =>
  callOp('boughtCourse', { id, pageNo, pageSize: 10 }, { signal });

/** Keys of the buyers of one course, page by page. */
export const boughtCourseKeys = {
  course: (id: number) => ['bought-course', id] as const,
  page: (id: number, pageNo: number) => [...boughtCourseKeys.course(id), pageNo] as const,
};

/** The buyers of one course (name, email, amount paid), 10 per page. */
export function useBoughtCourse(id: number, pageNo: number) {
  return useQuery({
    queryKey: boughtCourseKeys.page(id, pageNo),
    queryFn: ({ signal }) => fetchBoughtCourse(id, pageNo, signal),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}
