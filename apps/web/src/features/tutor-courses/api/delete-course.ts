import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOkResponse } from '@app/contract/common';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export const deleteCourse = (id: number) => api<TOkResponse>(EP.deleteCourse, { body: { id } });

export function useDeleteCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    // The lists, the dashboard's counts and the earnings tables all lose the course.
    onSuccess: () => client.invalidateQueries(),
  });
}
