import { eq } from 'drizzle-orm';
import type { OpRequest } from '@app/contract/operations';
import { sections, series } from '../../src/db/schema.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import type { TestApp } from '../harness.ts';

/** A course with its tutor, two students who own it, and its lesson ids. */
export async function buildQaCourse(t: TestApp) {
  const tutor = await buildTutor(t);
  const course = await buildApprovedCourse(t, tutor);
  const [ada, bola] = [await owner(t, course), await owner(t, course)];
  const lessons = (
    await t.ctx.db
      .select({ id: series.id })
      .from(series)
      .innerJoin(sections, eq(sections.id, series.sectionId))
      .where(eq(sections.courseId, course.id))
      .orderBy(series.id)
  ).map((r) => r.id);
  return { tutor, course, ada: ada!, bola: bola!, lessons };
}

/** A new student who owns `course`. */
export async function owner(t: TestApp, course: TestCourse): Promise<TestAccount> {
  const s = await buildStudent(t);
  await buildEnrolment(t, s, course);
  return s;
}

/** Asks a question and returns its id (fails the test on a refusal). */
export async function ask(t: TestApp, who: TestAccount, body: OpRequest<'questionAdd'>): Promise<number> {
  const res = await t.op('questionAdd', { body, token: who.token });
  if (res.status !== 200) throw new Error(`questionAdd ${res.status}: ${res.text}`);
  return res.body.question.id;
}

/** Answers a question and returns the answer's id. */
export async function answer(t: TestApp, who: TestAccount, questionId: number, body = 'Try this.') {
  const res = await t.op('questionAnswer', { body: { questionId, body }, token: who.token });
  if (res.status !== 200) throw new Error(`questionAnswer ${res.status}: ${res.text}`);
  return res.body.answer.id;
}
