import { and, asc, count, desc, eq, exists, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { TSubmissionStatus } from '@app/contract/assignments';
import type { Db, Tx } from '../db/client.ts';
import { accounts, courses, sections } from '../db/schema.ts';
import { assignmentExtensions, assignments, peerReviews, submissions } from '../db/schema-assignments.ts';
import { cohortSeats } from '../db/schema-cohorts.ts';
import { courseAssistants } from '../db/schema-assignments.ts';
import type { CourseFacts } from '../policies/course.ts';
import { cohortDueAt } from '../lib/cohort-clock.ts';

export type AssignmentRow = typeof assignments.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;

const courseFacts = {
  id: courses.id,
  tutorId: courses.tutorId,
  status: courses.status,
  deletedAt: courses.deletedAt,
};

/** An assignment with the facts of its course the rules need; undefined for an unknown id. */
export async function assignmentWithCourse(db: Db | Tx, assignmentId: number) {
  const [row] = await db
    .select({ assignment: assignments, course: courseFacts })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(eq(assignments.id, assignmentId));
  return row as { assignment: AssignmentRow; course: CourseFacts } | undefined;
}

/** A submission with its assignment and course facts; undefined for an unknown id. */
export async function submissionWithCourse(db: Db | Tx, submissionId: number) {
  const [row] = await db
    .select({ submission: submissions, assignment: assignments, course: courseFacts })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(eq(submissions.id, submissionId));
  return row as { submission: SubmissionRow; assignment: AssignmentRow; course: CourseFacts } | undefined;
}

/** The submissions that keep file `key` (a new attempt starts with the returned one's file), with course facts. */
export async function submissionsOfFile(db: Db, key: string) {
  const rows = await db
    .select({ submission: submissions, course: courseFacts })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(eq(submissions.fileKey, key));
  return rows as { submission: SubmissionRow; course: CourseFacts }[];
}

/** A course's assignments in outline order, with their sections' titles. */
export const courseAssignments = (db: Db, courseId: number) =>
  db
    .select({ assignment: assignments, sectionTitle: sections.title })
    .from(assignments)
    .innerJoin(sections, eq(sections.id, assignments.sectionId))
    .where(eq(assignments.courseId, courseId))
    .orderBy(asc(sections.position), asc(assignments.position), asc(assignments.id));

/** A student's attempts at an assignment, newest first; `tx` locks them (`FOR UPDATE`) for the caller's change. */
export function attemptsOf(db: Db | Tx, assignmentId: number, studentId: number, lock = false) {
  const q = db
    .select()
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId)))
    .orderBy(desc(submissions.attemptNo));
  return lock ? q.for('update') : q;
}

/** A student's attempts at several assignments, newest first. */
export const attemptsOfMany = (db: Db, assignmentIds: number[], studentId: number) =>
  assignmentIds.length === 0
    ? Promise.resolve([] as SubmissionRow[])
    : db
        .select()
        .from(submissions)
        .where(and(inArray(submissions.assignmentId, assignmentIds), eq(submissions.studentId, studentId)))
        .orderBy(desc(submissions.attemptNo));

/** The next position at the end of a section's assignments. */
export async function nextAssignmentPosition(tx: Tx, sectionId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${assignments.position}), 0)::int + 1` })
    .from(assignments)
    .where(eq(assignments.sectionId, sectionId));
  return row?.n ?? 1;
}

/** Names of accounts by id (graders, students). */
export async function accountNames(db: Db | Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, name: accounts.fullName })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether `reviewerId` is assigned to review the submission. */
export async function isAssignedReviewer(db: Db, submissionId: number, reviewerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: peerReviews.id })
    .from(peerReviews)
    .where(and(eq(peerReviews.submissionId, submissionId), eq(peerReviews.reviewerId, reviewerId)));
  return !!row;
}

/** A submission's peer reviews in the order they were assigned. */
export const peerReviewsOf = (db: Db, submissionId: number) =>
  db
    .select()
    .from(peerReviews)
    .where(eq(peerReviews.submissionId, submissionId))
    .orderBy(asc(peerReviews.id));

export type QueueFilter = {
  /** The courses the caller grades: null for an admin (every course). */
  courseIds: number[] | null;
  courseId?: number;
  cohortId?: number;
  assignmentId?: number;
  status: TSubmissionStatus;
  pageNo: number;
  pageSize: number;
};

/** The grading queue: submissions of the caller's courses by status, oldest submitted first, with a page's total. */
export async function gradingQueue(db: Db, f: QueueFilter) {
  const where: (SQL | undefined)[] = [
    eq(submissions.status, f.status),
    f.courseIds ? inArray(assignments.courseId, f.courseIds.length ? f.courseIds : [0]) : undefined,
    f.courseId ? eq(assignments.courseId, f.courseId) : undefined,
    f.assignmentId ? eq(assignments.id, f.assignmentId) : undefined,
    f.cohortId
      ? exists(
          db
            .select({ one: sql`1` })
            .from(cohortSeats)
            .where(
              and(
                eq(cohortSeats.cohortId, f.cohortId),
                eq(cohortSeats.studentId, submissions.studentId),
                eq(cohortSeats.status, 'taken'),
              ),
            ),
        )
      : undefined,
  ];
  const filter = and(...where);
  const [items, [total]] = await Promise.all([
    db
      .select({
        submissionId: submissions.id,
        assignmentId: assignments.id,
        assignmentTitle: assignments.title,
        courseId: courses.id,
        courseTitle: courses.title,
        studentName: accounts.fullName,
        attemptNo: submissions.attemptNo,
        status: submissions.status,
        late: submissions.late,
        submittedAt: submissions.submittedAt,
        peerReviewsDone: sql<number>`(select count(*) from ${peerReviews}
          where ${peerReviews.submissionId} = ${submissions.id} and ${peerReviews.doneAt} is not null)::int`,
      })
      .from(submissions)
      .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
      .innerJoin(courses, eq(courses.id, assignments.courseId))
      .innerJoin(accounts, eq(accounts.id, submissions.studentId))
      .where(filter)
      .orderBy(asc(submissions.submittedAt), asc(submissions.id))
      .limit(f.pageSize)
      .offset(f.pageNo * f.pageSize),
    db
      .select({ n: count() })
      .from(submissions)
      .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
      .where(filter),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** The courses a tutor grades: their own and those they assist on. */
export async function gradedCourseIds(db: Db, tutorId: number): Promise<number[]> {
  const [own, assisting] = await Promise.all([
    db.select({ id: courses.id }).from(courses).where(eq(courses.tutorId, tutorId)),
    db
      .select({ id: courseAssistants.courseId })
      .from(courseAssistants)
      .where(eq(courseAssistants.accountId, tutorId)),
  ]);
  return [...new Set([...own, ...assisting].map((r) => r.id))];
}

/** Required assignments of courses, and those the student passed (the certificate's part of graded work). */
export async function requiredAssignmentFacts(db: Db, studentId: number, courseIds: number[]) {
  const [required, passed] = await Promise.all([
    db
      .select({ courseId: assignments.courseId, id: assignments.id })
      .from(assignments)
      .where(and(inArray(assignments.courseId, courseIds), eq(assignments.requiredForCertificate, true))),
    db
      .selectDistinct({ courseId: assignments.courseId, id: assignments.id })
      .from(submissions)
      .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
      .where(
        and(
          eq(submissions.studentId, studentId),
          eq(submissions.status, 'passed'),
          inArray(assignments.courseId, courseIds),
        ),
      ),
  ]);
  return { required, passed };
}

/** Whether any submission was graded (the demo seeds once). */
export async function anyGradedSubmission(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(isNotNull(submissions.gradedAt))
    .limit(1);
  return !!row;
}

/** A student's later due date for an assignment, when their cohort's tutor gave one. */
export async function assignmentExtensionOf(
  db: Db | Tx,
  assignmentId: number,
  studentId: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ dueAt: assignmentExtensions.dueAt })
    .from(assignmentExtensions)
    .where(
      and(eq(assignmentExtensions.assignmentId, assignmentId), eq(assignmentExtensions.studentId, studentId)),
    );
  return row?.dueAt;
}

/** The assignments of some courses that are due in cohorts (a due rule set), with their rules. */
export function dueAssignmentsOf(db: Db | Tx, courseIds: number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: assignments.id,
      courseId: assignments.courseId,
      title: assignments.title,
      dueDays: sql<number>`${assignments.dueDays}`,
      dueLocalTime: assignments.dueLocalTime,
      refuseLate: assignments.refuseLate,
    })
    .from(assignments)
    .where(and(inArray(assignments.courseId, courseIds), isNotNull(assignments.dueDays)))
    .orderBy(asc(assignments.id));
}

/** A student's later due dates, by assignment id, among some assignments. */
export async function assignmentExtensionsOf(
  db: Db,
  studentId: number,
  assignmentIds: number[],
): Promise<Map<number, Date>> {
  if (assignmentIds.length === 0) return new Map();
  const rows = await db
    .select({ assignmentId: assignmentExtensions.assignmentId, dueAt: assignmentExtensions.dueAt })
    .from(assignmentExtensions)
    .where(
      and(
        eq(assignmentExtensions.studentId, studentId),
        inArray(assignmentExtensions.assignmentId, assignmentIds),
      ),
    );
  return new Map(rows.map((r) => [r.assignmentId, r.dueAt]));
}

/** Which of some assignments the student has handed in for good (submitted and waiting, or graded). */
export async function handedInAssignments(
  db: Db,
  studentId: number,
  assignmentIds: number[],
): Promise<Set<number>> {
  if (assignmentIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: submissions.assignmentId })
    .from(submissions)
    .where(
      and(
        eq(submissions.studentId, studentId),
        inArray(submissions.assignmentId, assignmentIds),
        inArray(submissions.status, ['submitted', 'passed', 'failed']),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * A student's assignment due dates in their cohorts: each assignment of a cohort's course with a due rule, at its
 * date in that cohort (or the later one the tutor gave them), and whether they handed it in for good.
 */
export async function assignmentDeadlinesOfStudent(
  db: Db,
  studentId: number,
  cohorts: { id: number; courseId: number; startsAt: Date }[],
) {
  const due = await dueAssignmentsOf(
    db,
    cohorts.map((c) => c.courseId),
  );
  const ids = due.map((a) => a.id);
  const [extended, handedIn] = await Promise.all([
    assignmentExtensionsOf(db, studentId, ids),
    handedInAssignments(db, studentId, ids),
  ]);
  return cohorts.flatMap((c) =>
    due
      .filter((a) => a.courseId === c.courseId)
      .map((a) => ({
        id: a.id,
        cohortId: c.id,
        courseId: c.courseId,
        title: a.title,
        dueAt: extended.get(a.id) ?? cohortDueAt(c.startsAt, a),
        refuseLate: a.refuseLate,
        handedIn: handedIn.has(a.id),
      })),
  );
}
