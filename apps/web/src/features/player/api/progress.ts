import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '@app/contract/endpoints';
import { OP_ROUTES } from '@app/contract/operation-routes';
import type { OpAnswer, OpRequest } from '@app/contract/operations';
import { callOp } from '@/lib/api.ts';
import { queueProgress } from '@/lib/offline/progress-queue.ts';
import { getToken } from '@/lib/session.ts';

/** The key of a student's progress in one course (the player updates it in place after each save). */
export const progressKey = (courseId: number) => ['progress', courseId] as const;

/** The student's progress in a course (last lesson and second, finished lessons). */
export function useCourseProgress(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: progressKey(courseId),
    queryFn: ({ signal }) => callOp('progressCourse', { courseId }, { signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * Saves the position; `keepalive` lets the request finish while the page is being left (pagehide). A plain fetch
 * rather than `callOp`: a failed save is silent (null), it neither ends the session nor marks the app offline; one
 * that found no connection, or an ended session, is queued (lib/offline/progress-queue.ts).
 */
export function saveProgress(
  body: OpRequest<'progressUpdate'>,
  keepalive = false,
): Promise<OpAnswer<'progressUpdate'> | null> {
  const token = getToken();
  if (!token) return Promise.resolve(null);
  const { method, path } = OP_ROUTES.progressUpdate;
  return fetch(`${API_BASE}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', apiKey: token },
    body: JSON.stringify(body),
    keepalive,
  })
    .then((r) => {
      if (r.ok) return r.json() as Promise<OpAnswer<'progressUpdate'>>;
      // The session ended (the frame notices within a moment): kept, and sent after the next login.
      if (r.status === 401) return queueProgress(body).then(() => null);
      return null;
    })
    .catch(() => queueProgress(body).then(() => null)); // no connection: kept, sent in order when it returns
}
