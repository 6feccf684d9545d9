import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAssignmentResponse, TSubmissionDto, TSubmissionResponse } from '@app/contract/assignments';
import { API_BASE } from '@app/contract/endpoints';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { ApiError, callOp } from '@/lib/api.ts';
import { t as translate } from '@/lib/i18n/index.ts';
import { assignmentKeys } from '@/lib/queries/assignments.ts';
import { clearSession, getToken } from '@/lib/session.ts';

/** The student's own row of a course's gradebook. */
const myGradebookKey = (courseId: number) => ['gradebook', 'mine', courseId] as const;

const noRetryOnRefusal = (count: number, error: Error) => count < 1 && !(error as { status?: number }).status;

/** An assignment with the student's attempts (newest first) and standing. */
export function useAssignment(id: number) {
  return useQuery({
    queryKey: assignmentKeys.one(id),
    queryFn: ({ signal }) => callOp('assignmentGet', { assignmentId: id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
    retry: noRetryOnRefusal,
  });
}

/** Puts the submission the server answered in the assignment's kept copy, as the latest attempt. */
function keepAttempt(
  old: TAssignmentResponse | undefined,
  s: TSubmissionDto,
): TAssignmentResponse | undefined {
  if (!old) return old;
  const rest = old.attempts.filter((a) => a.id !== s.id);
  const attempts = [s, ...rest].sort((a, b) => b.attemptNo - a.attemptNo);
  return { ...old, attempts, standing: { ...old.standing, status: attempts[0]!.status } };
}

/** Saves what the student typed (text or link) onto their draft. */
export function useSaveDraft(assignmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { text?: string; link?: string }) =>
      callOp('assignmentDraft', { assignmentId, ...body }),
    onSuccess: (r) =>
      client.setQueryData<TAssignmentResponse>(assignmentKeys.one(assignmentId), (old) =>
        keepAttempt(old, r.submission),
      ),
  });
}

/** Submits the draft; the assignment and the course's list are read again (standing, attempts). */
export function useSubmitWork(assignmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callOp('assignmentSubmit', { assignmentId }),
    onSuccess: async (r) => {
      client.setQueryData<TAssignmentResponse>(assignmentKeys.one(assignmentId), (old) =>
        keepAttempt(old, r.submission),
      );
      await client.invalidateQueries({ queryKey: assignmentKeys.all });
    },
  });
}

/**
 * Sends the student's file to `POST /assignment/upload` (multipart: assignmentId, then files), reporting progress
 * in percent (XHR: only it reports upload progress). Rejects with an ApiError carrying the server's sentence.
 */
export function uploadSubmission(
  assignmentId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<TSubmissionResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(PLAIN_ROUTES.assignmentUpload.method, `${API_BASE}${PLAIN_ROUTES.assignmentUpload.path}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('apiKey', token);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      type Answer = (Partial<TSubmissionResponse> & { responseDto?: { message?: string } }) | null;
      let body: Answer;
      try {
        body = JSON.parse(xhr.responseText) as Answer;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.submission)
        return resolve(body as TSubmissionResponse);
      if (xhr.status === 401 && token) clearSession();
      reject(
        new ApiError(
          xhr.status,
          body?.responseDto?.message ?? translate('upload.failedStatus', { status: xhr.status }),
          body,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, translate('common.networkError'), null));
    // The server reads the fields in order: the assignment before the file.
    const form = new FormData();
    form.append('assignmentId', String(assignmentId));
    form.append('files', file);
    xhr.send(form);
  });
}

/** Uploads the file onto the draft and keeps the answered draft as the latest attempt. */
export function useUploadSubmission(assignmentId: number, onProgress: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadSubmission(assignmentId, file, onProgress),
    onSuccess: (r) =>
      client.setQueryData<TAssignmentResponse>(assignmentKeys.one(assignmentId), (old) =>
        keepAttempt(old, r.submission),
      ),
  });
}

/** The student's peer reviews to do and done. */
export function usePeerTasks() {
  return useQuery({
    queryKey: assignmentKeys.peerTasks,
    queryFn: ({ signal }) => callOp('peerTasks', {}, { signal }),
    staleTime: 0,
  });
}

export function usePeerReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      reviewId: number;
      scores: { criterionId: number; levelId: number }[];
      feedback: string;
    }) => callOp('peerReview', body),
    onSuccess: () => client.invalidateQueries({ queryKey: assignmentKeys.peerTasks }),
  });
}

/** The student's own row of a course's gradebook. */
export function useMyGradebook(courseId: number) {
  return useQuery({
    queryKey: myGradebookKey(courseId),
    queryFn: ({ signal }) => callOp('gradebook', { courseId }, { signal }),
    enabled: Number.isInteger(courseId) && courseId > 0,
    staleTime: 0,
    retry: noRetryOnRefusal,
  });
}
