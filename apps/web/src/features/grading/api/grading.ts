import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TGradeRequest, TGradingQueueRequest } from '@app/contract/assignments';
import { callOp } from '@/lib/api.ts';
import { assignmentKeys } from '@/lib/queries/assignments.ts';

/** Keys of the staff's graded-work answers: the queue's pages, one submission, the courses assisted on. */
export const gradingKeys = {
  all: ['grading'] as const,
  queue: (filters: TGradingQueueRequest) => ['grading', 'queue', filters] as const,
  submission: (id: number) => ['grading', 'submission', id] as const,
  assisting: ['grading', 'assisting'] as const,
  gradebook: (courseId: number, cohortId: number | null) => ['gradebook', courseId, cohortId] as const,
  assistants: (courseId: number) => ['assistants', courseId] as const,
};

const noRetryOnRefusal = (count: number, error: Error) => count < 1 && !(error as { status?: number }).status;

/** A page of the submissions the caller grades, oldest submitted first. */
export function useGradingQueue(filters: TGradingQueueRequest) {
  return useQuery({
    queryKey: gradingKeys.queue(filters),
    queryFn: ({ signal }) => callOp('gradingQueue', filters, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: noRetryOnRefusal,
  });
}

/** One submission with its assignment's rubric, the student's other attempts and the peer reviews. */
export function useSubmission(id: number) {
  return useQuery({
    queryKey: gradingKeys.submission(id),
    queryFn: ({ signal }) => callOp('submissionGet', { submissionId: id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
    retry: noRetryOnRefusal,
  });
}

/** Grades a submission; the queue and the submission are read again. */
export function useGrade() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TGradeRequest) => callOp('submissionGrade', body),
    onSettled: () => client.invalidateQueries({ queryKey: gradingKeys.all }),
  });
}

/** The courses the signed-in tutor assists on (not their own). */
export function useAssisting() {
  return useQuery({
    queryKey: gradingKeys.assisting,
    queryFn: ({ signal }) => callOp('assisting', {}, { signal }),
    staleTime: 60_000,
  });
}

/** A course's assignments, as its staff see them (for the queue's filter and the edit screen). */
export function useStaffAssignments(courseId: number | null) {
  return useQuery({
    queryKey: assignmentKeys.ofCourse(courseId ?? 0),
    queryFn: ({ signal }) => callOp('assignmentList', { courseId: courseId! }, { signal }),
    enabled: courseId !== null && courseId > 0,
    staleTime: 30_000,
  });
}

/** A course's (or one cohort's) gradebook. */
export function useGradebook(courseId: number | null, cohortId: number | null) {
  return useQuery({
    queryKey: gradingKeys.gradebook(courseId ?? 0, cohortId),
    queryFn: ({ signal }) =>
      callOp('gradebook', { courseId: courseId!, ...(cohortId ? { cohortId } : {}) }, { signal }),
    enabled: courseId !== null && courseId > 0,
    staleTime: 0,
    retry: noRetryOnRefusal,
  });
}
