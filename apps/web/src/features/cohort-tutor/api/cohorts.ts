import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCourseOffering } from '@app/contract/cohort-rules';
import type { OpRequest } from '@app/contract/operations';
import { callOp } from '@/lib/api.ts';
import { courseKeys, fetchCourse } from '@/lib/queries/course.ts';

/** Keys of the tutor's cohort answers: a course's cohorts, a cohort's dashboard, its sessions, a session's sheet. */
export const cohortKeys = {
  all: ['tutor-cohorts'] as const,
  course: (courseId: number) => [...cohortKeys.all, 'course', courseId] as const,
  members: (cohortId: number) => [...cohortKeys.all, 'members', cohortId] as const,
  sessions: (cohortId: number) => [...cohortKeys.all, 'sessions', cohortId] as const,
  attendance: (sessionId: number) => [...cohortKeys.all, 'attendance', sessionId] as const,
  rules: (courseId: number) => [...cohortKeys.all, 'rules', courseId] as const,
  deadlines: (cohortId: number) => [...cohortKeys.all, 'deadlines', cohortId] as const,
};

/** A course's offering and its cohorts (every status) with their seats. */
export function useCourseCohorts(courseId: number | null) {
  return useQuery({
    queryKey: cohortKeys.course(courseId ?? 0),
    queryFn: ({ signal }) => callOp('cohortList', { courseId: courseId! }, { signal }),
    enabled: courseId !== null,
  });
}

/** Everything the tutor changes re-reads the cohort answers (lists, dashboards, sessions). */
function useCohortWrite<B, A>(fn: (body: B) => Promise<A>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: cohortKeys.all }),
  });
}

export const useSaveOffering = (courseId: number) =>
  useCohortWrite((offering: TCourseOffering) => callOp('cohortOffering', { courseId, offering }));
export const useSaveCohort = () =>
  useCohortWrite((body: OpRequest<'cohortSave'>) => callOp('cohortSave', body));
export const useCancelCohort = () =>
  useCohortWrite((cohortId: number) => callOp('cohortCancel', { cohortId }));
export const useSetReleaseRule = () =>
  useCohortWrite((body: OpRequest<'releaseRuleSet'>) => callOp('releaseRuleSet', body));
export const useUnlockSection = () =>
  useCohortWrite((body: OpRequest<'releaseUnlock'>) => callOp('releaseUnlock', body));
export const useSaveSession = () =>
  useCohortWrite((body: OpRequest<'liveSessionSave'>) => callOp('liveSessionSave', body));
export const useDeleteSession = () =>
  useCohortWrite((sessionId: number) => callOp('liveSessionDelete', { sessionId }));
export const useMarkAttendance = () =>
  useCohortWrite((body: OpRequest<'liveAttendanceMark'>) => callOp('liveAttendanceMark', body));
export const useSetDeadline = () =>
  useCohortWrite((body: OpRequest<'deadlineSet'>) => callOp('deadlineSet', body));
export const useExtendDeadline = () =>
  useCohortWrite((body: OpRequest<'deadlineExtend'>) => callOp('deadlineExtend', body));
export const useAnnounceToCohort = () =>
  useCohortWrite((body: OpRequest<'cohortAnnounce'>) => callOp('cohortAnnounce', body));

/** The tutor's way into a session, as its moderator (the link, or the Jitsi or BigBlueButton URL). */
export const useJoinSession = () =>
  useMutation({ mutationFn: (sessionId: number) => callOp('liveJoin', { sessionId }) });

/** A cohort's dashboard: the cohort, its members' progress and attendance, its number of sessions. */
export function useCohortMembers(cohortId: number) {
  return useQuery({
    queryKey: cohortKeys.members(cohortId),
    queryFn: ({ signal }) => callOp('cohortMembers', { cohortId }, { signal }),
  });
}

/** A cohort's live sessions, earliest first. */
export function useCohortSessions(cohortId: number) {
  return useQuery({
    queryKey: cohortKeys.sessions(cohortId),
    queryFn: ({ signal }) => callOp('liveSessionList', { cohortId }, { signal }),
  });
}

/** A session's attendance sheet: every member, joined when, minutes, present. */
export function useAttendance(sessionId: number) {
  return useQuery({
    queryKey: cohortKeys.attendance(sessionId),
    queryFn: ({ signal }) => callOp('liveAttendance', { sessionId }, { signal }),
  });
}

/** The release rules of a course's sections (a section without one is open from the start). */
export function useReleaseRules(courseId: number) {
  return useQuery({
    queryKey: cohortKeys.rules(courseId),
    queryFn: ({ signal }) => callOp('releaseRuleList', { courseId }, { signal }),
  });
}

/** A cohort's quiz deadlines. */
export function useDeadlines(cohortId: number) {
  return useQuery({
    queryKey: cohortKeys.deadlines(cohortId),
    queryFn: ({ signal }) => callOp('deadlineList', { cohortId }, { signal }),
  });
}

/** The cohort's course as its tutor sees it: its sections and their quizzes (what rules, unlocks and deadlines name). */
export function useCourseOutline(courseId: number) {
  return useQuery({
    queryKey: courseKeys.one(courseId, 'cohort-tutor'),
    queryFn: ({ signal }) => fetchCourse(courseId, { signal }),
  });
}
