import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TQuizInput } from '@app/contract/quizzes';
import { courses, sections } from '../../src/db/schema.ts';
import { buildStudent, type TestAccount } from '../factories.ts';
import { buildCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import type { TestApp } from '../harness.ts';

/** Words of this run only, so a search of an answer's text finds exactly what the quiz put there. */
export const secretOf = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;

/** A quiz with one question of each type; the right answers carry texts found nowhere else. */
export function sampleQuiz(over: Partial<TQuizInput> = {}) {
  const accepted = secretOf('accepted');
  const explanation = secretOf('explained');
  const quiz = {
    title: 'Check yourself',
    passPercent: 70,
    maxAttempts: 0,
    shuffle: false,
    questions: [
      {
        type: 'single' as const,
        text: 'Pick the one',
        options: [
          { text: 'Right one', correct: true },
          { text: 'Wrong one', correct: false },
          { text: 'Also wrong', correct: false },
        ],
        points: 2,
        explanation,
      },
      {
        type: 'multiple' as const,
        text: 'Pick both',
        options: [
          { text: 'First right', correct: true },
          { text: 'Second right', correct: true },
          { text: 'Not this', correct: false },
        ],
      },
      {
        type: 'truefalse' as const,
        text: 'The sky is blue',
        options: [
          { text: 'True', correct: true },
          { text: 'False', correct: false },
        ],
      },
      { type: 'short' as const, text: 'Type the word', accepted: [`  ${accepted}  `, 'Second Form'] },
    ],
    ...over,
  } satisfies TQuizInput;
  return { quiz, accepted, explanation };
}

/** The section ids of a course, in order. */
export async function sectionIds(t: TestApp, courseId: number): Promise<number[]> {
  const rows = await t.ctx.db
    .select({ id: sections.id })
    .from(sections)
    .where(eq(sections.courseId, courseId))
    .orderBy(asc(sections.position));
  return rows.map((r) => r.id);
}

/** Sets a course's status straight in the database (as an admin's review would), dropping its cached answers. */
export async function setStatus(t: TestApp, course: TestCourse, status: TestCourse['status']): Promise<void> {
  await t.ctx.db.update(courses).set({ status }).where(eq(courses.id, course.id));
  await t.ctx.cache.invalidateCourse(course.id, { listing: course.categoryCode, search: true });
}

/** Saves `quiz` as the tutor on the course's section `section` (index); fails the test unless it is saved. */
export async function saveQuiz(
  t: TestApp,
  tutor: TestAccount,
  course: TestCourse,
  quiz: TQuizInput,
  section = 0,
) {
  const sectionId = (await sectionIds(t, course.id))[section]!;
  const res = await t.op('quizSave', { body: { courseId: course.id, sectionId, quiz }, token: tutor.token });
  expect(res.status, res.text).toBe(200);
  return res.body.quiz;
}

/**
 * A published course of `tutor` with a quiz saved while it was Pending (quizzes follow the edit rules), and a
 * student who owns it. Answers the course, the quiz as the tutor sees it, its secrets and the student.
 */
export async function publishedQuiz(t: TestApp, tutor: TestAccount, over: Partial<TQuizInput> = {}) {
  const course = await buildCourse(t, tutor, { status: 'Pending' });
  const sample = sampleQuiz(over);
  const quiz = await saveQuiz(t, tutor, course, sample.quiz);
  await setStatus(t, course, 'Approved');
  const student = await buildStudent(t);
  await buildEnrolment(t, student, course);
  return { course, quiz, student, accepted: sample.accepted, explanation: sample.explanation };
}

/** The ids of the right options of each question of a quiz as the tutor sees it. */
export function rightAnswers(quiz: {
  questions: {
    id: number;
    type: string;
    options: { id: number; correct?: boolean }[];
    accepted?: string[];
  }[];
}) {
  return quiz.questions.map((q) =>
    q.type === 'short'
      ? { questionId: q.id, text: q.accepted![0]! }
      : { questionId: q.id, optionIds: q.options.filter((o) => o.correct).map((o) => o.id) },
  );
}
