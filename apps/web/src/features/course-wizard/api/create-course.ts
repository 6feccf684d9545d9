import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOkResponse } from '@app/contract/common';
import type { TCourseInput } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export const createCourse = (course: TCourseInput) => api<TOkResponse>(EP.createCourse, { body: course });

export function useCreateCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    // Lists, dashboard counts and earnings all change with a new course.
    onSuccess: () => client.invalidateQueries(),
  });
}
