import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCourseInput } from '@app/contract/courses';
import { callOp } from '@/lib/api.ts';
import { afterTutorCourseWrite } from '@/lib/queries/tutor-courses.ts';

export const createCourse = (course: TCourseInput) => callOp('createCourse', course);

export function useCreateCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    // Lists, dashboard counts and earnings all change with a new course.
    onSuccess: () => afterTutorCourseWrite(client),
  });
}
