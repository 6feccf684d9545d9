import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, callOp } from '@/lib/api.ts';
import { cohortKeys } from '@/lib/queries/cohorts.ts';

/** The student's next 7 days in their cohorts (`GET /cohort/week`): what opens, what is due, the next live class. */
export function useCohortWeek() {
  return useQuery({
    queryKey: cohortKeys.week,
    queryFn: ({ signal }) => callOp('cohortWeek', undefined, { signal }),
  });
}

/** One live session for its page, with the server's clock (its members and the course's staff: 403 otherwise). */
export function useLiveSession(sessionId: number | null) {
  return useQuery({
    queryKey: [...cohortKeys.all, 'session', sessionId] as const,
    queryFn: ({ signal }) => callOp('liveSessionOne', { sessionId: sessionId! }, { signal }),
    enabled: sessionId !== null,
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status < 500),
  });
}

/** `POST /live/join`: the way into the session (URL, Jitsi token), inside its join window only. */
export function useLiveJoin(sessionId: number) {
  return useMutation({ mutationFn: () => callOp('liveJoin', { sessionId }) });
}

/** A new private calendar feed URL (it replaces the old one), and its revocation. */
export function useCalendarFeed() {
  const create = useMutation({ mutationFn: () => callOp('calendarFeedNew', undefined) });
  const revoke = useMutation({ mutationFn: () => callOp('calendarFeedRevoke', undefined) });
  return { create, revoke };
}
