import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOkResponse } from '@app/contract/common';
import type { TCourseUpdateRequest } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export const updateCourse = (course: TCourseUpdateRequest) =>
  api<TOkResponse>(EP.updateCourse, { body: course });

export function useUpdateCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: () => client.invalidateQueries(),
  });
}
