import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { afterTutorCourseWrite } from '@/lib/queries/tutor-courses.ts';

export const deleteCourse = (id: number) => callOp('deleteCourse', { id });

export function useDeleteCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    // The lists, the dashboard's counts and the earnings tables all lose the course.
    onSuccess: (_answer, id) => afterTutorCourseWrite(client, id),
  });
}
