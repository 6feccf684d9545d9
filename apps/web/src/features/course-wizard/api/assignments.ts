import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAssignmentInput, TAssignmentSaveRequest } from '@app/contract/assignments';
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

/**
 * The wizard's assignments, saved once the course exists: each into the created course's section at the same place.
 * Answers how many could not be saved.
 */
export async function saveWizardAssignments(
  course: { id: number; sectionDto: { id: number }[] },
  bySection: TAssignmentInput[][],
): Promise<number> {
  let failed = 0;
  for (const [i, assignments] of bySection.entries()) {
    const sectionId = course.sectionDto[i]?.id;
    for (const assignment of assignments) {
      if (sectionId === undefined) {
        failed++;
        continue;
      }
      await callOp('assignmentSave', { courseId: course.id, sectionId, assignment }).catch(() => failed++);
    }
  }
  return failed;
}
