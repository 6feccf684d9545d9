import { JOIN_OPENS_MINUTES, type TCohortStatus } from '@app/contract/cohort-rules';
import type { TRole } from '@app/contract/common';
import { badRequest, forbidden } from '../errors.ts';

export type CohortFacts = {
  startsAt: Date;
  endsAt: Date;
  enrolOpensAt: Date;
  enrolClosesAt: Date;
  cancelledAt: Date | null;
};

/** THE status of a cohort at `now`: cancelled by its tutor, else from its dates. */
export function cohortStatus(c: CohortFacts, now: Date): TCohortStatus {
  if (c.cancelledAt) return 'cancelled';
  if (now.getTime() >= c.endsAt.getTime()) return 'finished';
  if (now.getTime() >= c.startsAt.getTime()) return 'running';
  return 'scheduled';
}

/** 400 unless a seat of the cohort can be bought at `now`: not cancelled or finished, and inside its window. */
export function assertEnrolmentOpen(c: CohortFacts, now: Date): void {
  const status = cohortStatus(c, now);
  if (status === 'cancelled') badRequest('This cohort was cancelled.');
  if (status === 'finished') badRequest('This cohort has finished.');
  if (now.getTime() < c.enrolOpensAt.getTime()) badRequest('Enrolment for this cohort has not opened yet.');
  if (now.getTime() >= c.enrolClosesAt.getTime()) badRequest('Enrolment for this cohort is closed.');
}

/** Who asks to join a live session, as the join rule needs them. */
export type JoinFacts = {
  account: { id: number; role: TRole };
  course: { tutorId: number };
  /** The caller holds a taken seat of the session's cohort. */
  member: boolean;
};

/** THE rule of who may see a session's link or token: the cohort's members and the course's staff. */
export const mayJoinSession = ({ account, course, member }: JoinFacts): boolean =>
  account.role === 'admin' ||
  (account.role === 'tutor' && account.id === course.tutorId) ||
  (account.role === 'user' && member);

/** The course's staff run the meeting (moderators). */
export const isSessionModerator = ({ account, course }: Pick<JoinFacts, 'account' | 'course'>): boolean =>
  account.role === 'admin' || (account.role === 'tutor' && account.id === course.tutorId);

/** The join window: from JOIN_OPENS_MINUTES before the start to the end. */
export function joinWindow(s: { startsAt: Date; durationMinutes: number }): { opens: Date; closes: Date } {
  return {
    opens: new Date(s.startsAt.getTime() - JOIN_OPENS_MINUTES * 60_000),
    closes: new Date(s.startsAt.getTime() + s.durationMinutes * 60_000),
  };
}

/** 403 for anyone but members and staff; 400 outside the join window (members and staff alike). */
export function assertMayJoin(
  facts: JoinFacts,
  session: { startsAt: Date; durationMinutes: number },
  now: Date,
): void {
  if (!mayJoinSession(facts))
    forbidden("Only this cohort's students and the course's staff can join this session.");
  const { opens, closes } = joinWindow(session);
  if (now.getTime() < opens.getTime())
    badRequest(`You can join from ${JOIN_OPENS_MINUTES} minutes before the session starts.`);
  if (now.getTime() >= closes.getTime()) badRequest('This session has ended.');
}

/** Cohorts, sessions, rules and deadlines of a course are run by its tutor (and admins); 403 for anyone else. */
export function assertRunsCourse(account: { id: number; role: TRole }, course: { tutorId: number }): void {
  if (account.role !== 'admin' && !(account.role === 'tutor' && account.id === course.tutorId))
    forbidden('This course belongs to another tutor.');
}
