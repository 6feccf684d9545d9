import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { cohortDeadlines, deadlineExtensions } from '../db/schema-cohorts.ts';
import { badRequest, notFound } from '../errors.ts';
import { cohortDueAt, cohortNow, lagosDayAt, lagosText, LOCAL_TIME } from '../lib/cohort-clock.ts';
import { deadlineFor, isMember, membership } from '../queries/cohorts.ts';
import { quizWithCourse } from '../queries/quizzes.ts';
import { assignmentExtensionOf, assignmentWithCourse } from '../queries/assignments.ts';
import { assignmentExtensions } from '../db/schema-assignments.ts';
import { ownCohort } from './cohorts.ts';
import { queueDeadlineReminder } from './cohort-reminders.ts';

/**
 * `POST /cohort/deadline`: a quiz of the cohort's course is due N days after the cohort's start day at a Lagos
 * time. Late attempts are accepted and marked late unless `refuseLate`. Its 24-hour reminder is queued.
 */
export async function setDeadline(
  db: Db,
  tutor: Account,
  input: { cohortId: number; quizId: number; days: number; localTime: string; refuseLate: boolean },
): Promise<Date> {
  const cohort = await ownCohort(db, tutor, input.cohortId);
  const found = (await quizWithCourse(db, input.quizId)) ?? notFound('Quiz not found.');
  if (found.course.id !== cohort.courseId) badRequest("This quiz is not in the cohort's course.");
  if (!LOCAL_TIME.test(input.localTime)) badRequest('localTime must be HH:MM.');
  const dueAt = lagosDayAt(cohort.startsAt, input.days, input.localTime);
  const values = { days: input.days, localTime: input.localTime, dueAt, refuseLate: input.refuseLate };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cohortDeadlines)
      .values({ cohortId: cohort.id, quizId: input.quizId, ...values })
      .onConflictDoUpdate({
        target: [cohortDeadlines.cohortId, cohortDeadlines.quizId],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning({ id: cohortDeadlines.id });
    await queueDeadlineReminder(tx, row!.id, dueAt);
  });
  return dueAt;
}

/**
 * `POST /cohort/deadline/extend`: one member's later deadline for a quiz that has one, or for an assignment of the
 * course that is due in cohorts.
 */
export async function extendDeadline(
  db: Db,
  tutor: Account,
  input: { cohortId: number; quizId?: number; assignmentId?: number; studentId: number; dueAt: Date },
): Promise<void> {
  const cohort = await ownCohort(db, tutor, input.cohortId);
  if (!(await isMember(db, cohort.id, input.studentId))) badRequest('This student is not in the cohort.');
  if (input.assignmentId !== undefined) {
    const found = await assignmentWithCourse(db, input.assignmentId);
    if (!found || found.assignment.courseId !== cohort.courseId)
      return notFound("This assignment is not in the cohort's course.");
    if (found.assignment.dueDays === null) return notFound('This assignment has no due date.');
    await db
      .insert(assignmentExtensions)
      .values({ assignmentId: input.assignmentId, studentId: input.studentId, dueAt: input.dueAt })
      .onConflictDoUpdate({
        target: [assignmentExtensions.assignmentId, assignmentExtensions.studentId],
        set: { dueAt: input.dueAt },
      });
    return;
  }
  const deadline =
    (await deadlineFor(db, cohort.id, input.quizId!, input.studentId)) ??
    notFound('This quiz has no deadline.');
  await db
    .insert(deadlineExtensions)
    .values({ deadlineId: deadline.id, studentId: input.studentId, dueAt: input.dueAt })
    .onConflictDoUpdate({
      target: [deadlineExtensions.deadlineId, deadlineExtensions.studentId],
      set: { dueAt: input.dueAt },
    });
}

/**
 * Whether work handed in now against `deadline` is late: false without one or before it. A deadline that refuses
 * late work is a 400 naming it ('This quiz was due on … Late attempts are not accepted.').
 */
function lateAgainst(
  deadline: { dueAt: Date; refuseLate: boolean } | undefined,
  what: { subject: string; plural: string },
): boolean {
  if (!deadline || cohortNow().getTime() <= deadline.dueAt.getTime()) return false;
  if (deadline.refuseLate)
    badRequest(
      `${what.subject} was due on ${lagosText(deadline.dueAt)}. Late ${what.plural} are not accepted.`,
    );
  return true;
}

/**
 * Whether a student's attempt at a quiz now is late: false outside cohorts and before the deadline (theirs, when
 * extended). A deadline that refuses late work is a 400 naming it.
 */
export async function attemptIsLate(
  db: Db,
  student: { id: number; role: string },
  quiz: { id: number; courseId: number },
): Promise<boolean> {
  if (student.role !== 'user') return false;
  const member = await membership(db, student.id, quiz.courseId);
  if (!member) return false;
  const deadline = await deadlineFor(db, member.cohortId, quiz.id, student.id);
  return lateAgainst(deadline, { subject: 'This quiz', plural: 'attempts' });
}

/** What an assignment's due rule needs: days after a cohort's start day at a Lagos time, or none. */
export type DueRule = {
  id: number;
  courseId: number;
  dueDays: number | null;
  dueLocalTime: string | null;
  refuseLate: boolean;
};

/**
 * A student's due date for an assignment: `dueDays` after their cohort's start day at `dueLocalTime` in Lagos, as a
 * quiz's cohort deadline is, or the later date their tutor gave them; none outside cohorts or when the assignment
 * has no due rule.
 */
export async function assignmentDueAt(db: Db, studentId: number, rule: DueRule): Promise<Date | null> {
  if (rule.dueDays === null) return null;
  const member = await membership(db, studentId, rule.courseId);
  if (!member) return null;
  return (
    (await assignmentExtensionOf(db, rule.id, studentId)) ??
    cohortDueAt(member.startsAt, { dueDays: rule.dueDays, dueLocalTime: rule.dueLocalTime })
  );
}

/** Whether a submission now is late by the cohort deadline rules (refused with a 400 when the tutor chose so). */
export async function submissionIsLate(db: Db, studentId: number, rule: DueRule): Promise<boolean> {
  const dueAt = await assignmentDueAt(db, studentId, rule);
  return lateAgainst(dueAt ? { dueAt, refuseLate: rule.refuseLate } : undefined, {
    subject: 'This assignment',
    plural: 'submissions',
  });
}
