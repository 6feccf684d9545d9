import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCourseUpdateRequest } from '@app/contract/courses';
import { callOp } from '@/lib/api.ts';
import { afterTutorCourseWrite } from '@/lib/queries/tutor-courses.ts';

export const updateCourse = (course: TCourseUpdateRequest) => callOp('updateCourse', course);

export function useUpdateCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: (_answer, course) => afterTutorCourseWrite(client, course.id),
  });
}
