import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPlanSaveRequest } from '@app/contract/instalments';
import { callOp } from '@/lib/api.ts';
import { courseKeys, fetchCourse } from '@/lib/queries/course.ts';

/** The plans a course offers, under the key the cart's plan picker reads too. */
export const coursePlansKey = (courseId: number) => ['course-plans', courseId] as const;

export const useCoursePlans = (courseId: number) =>
  useQuery({
    queryKey: coursePlansKey(courseId),
    queryFn: ({ signal }) => callOp('planList', { courseId }, { signal }),
    enabled: Number.isInteger(courseId) && courseId > 0,
  });

export function useSavePlan(courseId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TPlanSaveRequest) => callOp('planSave', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: coursePlansKey(courseId) }),
  });
}

export function useRemovePlan(courseId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOp('planRemove', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: coursePlansKey(courseId) }),
  });
}

/** The course's title and full price, above its plans. */
export const useCoursePrice = (courseId: number) =>
  useQuery({
    queryKey: courseKeys.one(courseId),
    queryFn: ({ signal }) => fetchCourse(courseId, { signal }),
    enabled: Number.isInteger(courseId) && courseId > 0,
    select: (r) => ({ title: r.coursesDto.title, nairaPrice: r.coursesDto.nairaPrice }),
  });
