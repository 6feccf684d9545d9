import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAssignmentSaveRequest } from '@app/contract/assignments';
import { callOp } from '@/lib/api.ts';
import { assignmentKeys, courseAssignmentsQuery } from '@/lib/queries/assignments.ts';

/** A course's assignments as its tutor edits them (rubrics with their ids). */
export function useCourseAssignmentsToEdit(courseId: number) {
  return useQuery({ ...courseAssignmentsQuery(courseId), staleTime: 0 });
}

/** Saves an assignment into a section; the course's assignments are read again. */
export function useSaveAssignment(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAssignmentSaveRequest) => callOp('assignmentSave', body),
    onSuccess: () => client.invalidateQueries({ queryKey: assignmentKeys.ofCourse(courseId) }),
  });
}

export function useDeleteAssignment(courseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: number) => callOp('assignmentDelete', { assignmentId }),
    onSuccess: () => client.invalidateQueries({ queryKey: assignmentKeys.ofCourse(courseId) }),
  });
}
