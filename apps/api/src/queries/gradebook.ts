import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, sections, series } from '../db/schema.ts';
import { assignments, submissions } from '../db/schema-assignments.ts';
import { cohortSeats } from '../db/schema-cohorts.ts';
import { quizAttempts, quizzes, watchCoverage } from '../db/schema-learning.ts';
import { enrolments } from '../db/schema-money.ts';
import type { GradebookRows } from '../presenters/gradebook.ts';

/**
 * What a course's gradebook shows: its students (a cohort's members only, or one student), its quizzes and
 * assignments in outline order, each student's quiz attempts and submissions summed up, and lessons watched.
 */
export async function gradebookRows(
  db: Db,
  courseId: number,
  only: { cohortId?: number; studentId?: number },
): Promise<GradebookRows> {
  const students = await db
    .select({ id: accounts.id, name: accounts.fullName })
    .from(enrolments)
    .innerJoin(accounts, eq(accounts.id, enrolments.studentId))
    .where(
      and(
        eq(enrolments.courseId, courseId),
        only.studentId ? eq(enrolments.studentId, only.studentId) : undefined,
        only.cohortId
          ? sql`exists (select 1 from ${cohortSeats} where ${cohortSeats.cohortId} = ${only.cohortId}
              and ${cohortSeats.studentId} = ${enrolments.studentId} and ${cohortSeats.status} = 'taken')`
          : undefined,
      ),
    )
    .orderBy(asc(accounts.fullName), asc(accounts.id));
  const ids = students.map((s) => s.id);
  const none = ids.length === 0 ? [0] : ids;
  const [quizList, assignmentList, attempts, work, lessons, watched] = await Promise.all([
    db
      .select({ id: quizzes.id, title: quizzes.title })
      .from(quizzes)
      .innerJoin(sections, eq(sections.id, quizzes.sectionId))
      .where(eq(quizzes.courseId, courseId))
      .orderBy(asc(sections.position), asc(quizzes.position), asc(quizzes.id)),
    db
      .select({
        id: assignments.id,
        title: assignments.title,
        grading: assignments.grading,
        rubric: assignments.rubric,
      })
      .from(assignments)
      .innerJoin(sections, eq(sections.id, assignments.sectionId))
      .where(eq(assignments.courseId, courseId))
      .orderBy(asc(sections.position), asc(assignments.position), asc(assignments.id)),
    db
      .select({
        quizId: quizAttempts.quizId,
        studentId: quizAttempts.studentId,
        best: sql<number>`max(${quizAttempts.percent})`.mapWith(Number),
        passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
        late: sql<boolean>`bool_or(${quizAttempts.late})`,
      })
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .where(and(eq(quizzes.courseId, courseId), inArray(quizAttempts.studentId, none)))
      .groupBy(quizAttempts.quizId, quizAttempts.studentId),
    db
      .select({
        assignmentId: submissions.assignmentId,
        studentId: submissions.studentId,
        attemptNo: submissions.attemptNo,
        status: submissions.status,
        score: submissions.score,
        late: submissions.late,
      })
      .from(submissions)
      .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
      .where(and(eq(assignments.courseId, courseId), inArray(submissions.studentId, none)))
      .orderBy(asc(submissions.attemptNo)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(series)
      .innerJoin(sections, eq(sections.id, series.sectionId))
      .where(eq(sections.courseId, courseId)),
    db
      .select({ studentId: watchCoverage.studentId, n: sql<number>`count(*)::int` })
      .from(watchCoverage)
      .where(
        and(
          eq(watchCoverage.courseId, courseId),
          eq(watchCoverage.watched, true),
          inArray(watchCoverage.studentId, none),
        ),
      )
      .groupBy(watchCoverage.studentId),
  ]);
  return {
    students,
    quizzes: quizList,
    assignments: assignmentList,
    attempts,
    work,
    lessonCount: lessons[0]?.n ?? 0,
    watched,
  };
}
