import { NO_COURSE_MESSAGE } from '@app/contract/courses';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { quizQuestions, quizzes } from '../db/schema-learning.ts';
import { badRequest, notFound } from '../errors.ts';
import { assertEditable, assertOwnsCourse } from '../policies/course.ts';
import { QUIZ_NOT_FOUND } from '../policies/quiz.ts';
import { lockCourse } from '../queries/courses.ts';
import { nextQuizPosition, quizQuestionRows, quizWithCourse, sectionOfCourse } from '../queries/quizzes.ts';
import { checkQuestion, type QuestionInput } from './quizzes-rules.ts';

/** A quiz of a save request after the contract's schema (defaults applied). */
export type QuizInput = {
  id?: number;
  title: string;
  passPercent: number;
  maxAttempts: number;
  shuffle: boolean;
  questions: QuestionInput[];
};

/**
 * Locks the course and checks that `tutorId` may change its quizzes: it exists and is live (404), it is theirs
 * (403), and its status allows an edit (COURSE_TRANSITIONS.edit: Pending or Rejected, 400). The lock holds a
 * racing approval back until the quiz is written.
 */
export async function lockEditableCourse(tx: Tx, tutorId: number, courseId: number) {
  const course = await lockCourse(tx, courseId);
  if (!course || course.deletedAt) return notFound(NO_COURSE_MESSAGE);
  assertOwnsCourse({ id: tutorId }, course);
  assertEditable(course);
  return course;
}

/** Writes a quiz's questions: updates the ones it keeps (by id), deletes the ones left out, inserts new ones. */
async function writeQuestions(tx: Tx, quizId: number, input: QuestionInput[]): Promise<void> {
  const stored = await quizQuestionRows(tx, quizId);
  const storedById = new Map(stored.map((q) => [q.id, q]));
  const kept = new Set<number>();
  const checked = input.map((q, i) => {
    if (q.id !== undefined) {
      if (!storedById.has(q.id)) badRequest(`Question ${i + 1}: question id ${q.id} is not in this quiz.`);
      if (kept.has(q.id)) badRequest(`Question ${i + 1}: question id ${q.id} appears twice.`);
      kept.add(q.id);
    }
    const storedIds = new Set((q.id !== undefined ? storedById.get(q.id)!.options : []).map((o) => o.id));
    return checkQuestion(q, i + 1, storedIds);
  });
  const dropped = stored.filter((q) => !kept.has(q.id)).map((q) => q.id);
  if (dropped.length) await tx.delete(quizQuestions).where(inArray(quizQuestions.id, dropped));
  const fresh: (typeof quizQuestions.$inferInsert)[] = [];
  for (const [i, { id, ...q }] of checked.entries()) {
    const values = { ...q, position: i + 1 };
    if (id === undefined) fresh.push({ ...values, quizId });
    else await tx.update(quizQuestions).set(values).where(eq(quizQuestions.id, id));
  }
  if (fresh.length) await tx.insert(quizQuestions).values(fresh);
}

/**
 * Creates or replaces a quiz of a section, for the course's tutor under the course's edit rules: the per-type
 * rules are checked (400 naming the question), kept questions and options keep their ids. Returns the quiz id.
 */
export async function saveQuiz(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  tutorId: number,
  input: { courseId: number; sectionId: number; quiz: QuizInput },
): Promise<number> {
  const { courseId, sectionId, quiz } = input;
  const id = await ctx.db.transaction(async (tx) => {
    await lockEditableCourse(tx, tutorId, courseId);
    if (!(await sectionOfCourse(tx, sectionId, courseId)))
      notFound('This section is not part of the course.');
    const fields = {
      sectionId,
      title: quiz.title,
      passPercent: quiz.passPercent,
      maxAttempts: quiz.maxAttempts,
      shuffle: quiz.shuffle,
    };
    let quizId = quiz.id;
    if (quizId !== undefined) {
      const existing = await quizWithCourse(tx, quizId);
      if (!existing || existing.quiz.courseId !== courseId) return notFound(QUIZ_NOT_FOUND);
      // Moved to another section: it goes to the end of that section's quizzes.
      const position =
        existing.quiz.sectionId === sectionId
          ? existing.quiz.position
          : await nextQuizPosition(tx, sectionId);
      await tx
        .update(quizzes)
        .set({ ...fields, position, updatedAt: sql`now()` })
        .where(eq(quizzes.id, quizId));
    } else {
      const [row] = await tx
        .insert(quizzes)
        .values({ ...fields, courseId, position: await nextQuizPosition(tx, sectionId) })
        .returning({ id: quizzes.id });
      quizId = row!.id;
    }
    await writeQuestions(tx, quizId, quiz.questions);
    return quizId;
  });
  await ctx.cache.invalidateCourse(courseId);
  return id;
}

/** Deletes a quiz (with its questions and attempts), for the course's tutor under the course's edit rules. */
export async function deleteQuiz(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  tutorId: number,
  quizId: number,
): Promise<void> {
  const found = await quizWithCourse(ctx.db, quizId);
  if (!found) return notFound(QUIZ_NOT_FOUND);
  const courseId = found.course.id;
  await ctx.db.transaction(async (tx) => {
    await lockEditableCourse(tx, tutorId, courseId);
    await tx.delete(quizzes).where(and(eq(quizzes.id, quizId), eq(quizzes.courseId, courseId)));
  });
  await ctx.cache.invalidateCourse(courseId);
}
