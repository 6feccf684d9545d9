import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { courses, sections } from '../db/schema.ts';
import { quizAttempts, quizQuestions, quizzes } from '../db/schema-learning.ts';
import { enrolments } from '../db/schema-money.ts';
import type { CourseFacts } from '../policies/course.ts';
import type { QuizQuestionRow, QuizRow, QuizStanding, QuizStatsRows } from '../presenters/quizzes.ts';

/** A quiz with the facts of its course the rules need; undefined for an unknown id. */
export async function quizWithCourse(db: Db | Tx, quizId: number) {
  const [row] = await db
    .select({
      quiz: quizzes,
      course: {
        id: courses.id,
        tutorId: courses.tutorId,
        status: courses.status,
        deletedAt: courses.deletedAt,
      },
    })
    .from(quizzes)
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(eq(quizzes.id, quizId));
  return row as { quiz: QuizRow; course: CourseFacts } | undefined;
}

/** A quiz's questions in order. */
export const quizQuestionRows = (db: Db | Tx, quizId: number): Promise<QuizQuestionRow[]> =>
  db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));

/** Whether `sectionId` is a section of `courseId`. */
export async function sectionOfCourse(db: Db | Tx, sectionId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.id, sectionId), eq(sections.courseId, courseId)));
  return Boolean(row);
}

/** The next position at the end of a section's quizzes. */
export async function nextQuizPosition(tx: Tx, sectionId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${quizzes.position}), 0)::int + 1` })
    .from(quizzes)
    .where(eq(quizzes.sectionId, sectionId));
  return row?.n ?? 1;
}

/**
 * The student's enrolment in the course, locked (`FOR UPDATE`) until the caller's transaction ends: a student's
 * submits are scored one at a time, so an attempt limit is never passed. Undefined when they do not own it.
 */
export async function lockEnrolment(tx: Tx, studentId: number, courseId: number) {
  const [row] = await tx
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, courseId)))
    .for('update');
  return row;
}

/** A student's attempts at a quiz: how many, whether any passed, the best percent (null before any). */
export async function attemptFacts(db: Db | Tx, quizId: number, studentId: number) {
  const [row] = await db
    .select({
      used: sql<number>`coalesce(max(${quizAttempts.attemptNo}), 0)::int`,
      passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)`,
      bestPercent: sql<number | null>`max(${quizAttempts.percent})`,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, studentId)));
  return row ?? { used: 0, passed: false, bestPercent: null };
}

/** A student's standing on each quiz of the courses `courseIds` they attempted: passed, best percent. */
export function quizStandings(db: Db, studentId: number, courseIds: number[]): Promise<QuizStanding[]> {
  return db
    .select({
      quizId: quizAttempts.quizId,
      passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
      bestPercent: sql<number>`max(${quizAttempts.percent})`,
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(and(eq(quizAttempts.studentId, studentId), inArray(quizzes.courseId, courseIds)))
    .groupBy(quizAttempts.quizId);
}

/** What a course's quiz figures are made of: its quizzes, their questions, attempt counts and right answers. */
export async function quizStatsRows(db: Db, courseId: number): Promise<QuizStatsRows> {
  const quizList = await db
    .select({
      id: quizzes.id,
      title: quizzes.title,
      sectionTitle: sections.title,
      attempts: sql<number>`(select count(*)::int from ${quizAttempts} where ${quizAttempts.quizId} = ${quizzes.id})`,
      students: sql<number>`(select count(distinct ${quizAttempts.studentId})::int from ${quizAttempts} where ${quizAttempts.quizId} = ${quizzes.id})`,
      passedStudents: sql<number>`(select count(distinct ${quizAttempts.studentId})::int from ${quizAttempts} where ${quizAttempts.quizId} = ${quizzes.id} and ${quizAttempts.passed})`,
    })
    .from(quizzes)
    .innerJoin(sections, eq(sections.id, quizzes.sectionId))
    .where(eq(quizzes.courseId, courseId))
    .orderBy(asc(sections.position), asc(sections.id), asc(quizzes.position), asc(quizzes.id));
  const ids = quizList.map((q) => q.id);
  if (ids.length === 0) return { quizzes: [], questions: [], answered: [] };
  const [questions, answered] = await Promise.all([
    db
      .select({ id: quizQuestions.id, quizId: quizQuestions.quizId, text: quizQuestions.text })
      .from(quizQuestions)
      .where(inArray(quizQuestions.quizId, ids))
      .orderBy(asc(quizQuestions.position), asc(quizQuestions.id)),
    // Each attempt records every question it asked and whether the answer was right.
    db.execute(sql`
      select (e->>'questionId')::int as "questionId", count(*)::int as answers,
             count(*) filter (where (e->>'correct')::boolean)::int as "right"
      from ${quizAttempts}, jsonb_array_elements(${quizAttempts.answers}) e
      where ${inArray(quizAttempts.quizId, ids)}
      group by 1`) as unknown as Promise<{ rows: QuizStatsRows['answered'] }>,
  ]);
  return { quizzes: quizList, questions, answered: answered.rows };
}
