import { NO_COURSE_MESSAGE } from '@app/contract/courses';
import type { Db } from '../../db/client.ts';
import type { Account } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Viewer } from '../../policies/course.ts';
import { assertMayReadQa, seesHidden } from '../../policies/questions.ts';
import { answerFacts, qaCourse, questionById } from '../../queries/questions.ts';
import { loadViewer } from '../../queries/viewer.ts';

export const NO_QUESTION_MESSAGE = 'Question does not exist';
export const NO_ANSWER_MESSAGE = 'Answer does not exist';
export const DELETED_QUESTION_MESSAGE = 'This question was deleted.';

/** A course and the caller as the Q&A rules see them: 404 for an unknown course, 403 for one they may not read. */
export async function readableCourse(db: Db, account: Account, courseId: number) {
  const course = (await qaCourse(db, courseId)) ?? notFound(NO_COURSE_MESSAGE);
  const viewer = (await loadViewer(db, account, [course.id])) as Viewer;
  assertMayReadQa(viewer, course);
  return { course, viewer };
}

/**
 * A question the caller may read: 404 for an unknown one, one hidden from them, or one deleted with no answers
 * left; 403 when they may not read its course.
 */
export async function readableQuestion(db: Db, account: Account, id: number) {
  const question = (await questionById(db, id, account.id)) ?? notFound(NO_QUESTION_MESSAGE);
  const { course, viewer } = await readableCourse(db, account, question.courseId);
  if (question.hiddenAt && !seesHidden(viewer)) notFound(NO_QUESTION_MESSAGE);
  if (question.deletedAt && question.answerCount === 0) notFound(NO_QUESTION_MESSAGE);
  return { question, course, viewer };
}

/** An answer the caller may read (with its question's facts): 404 for a deleted or hidden one, 403 as above. */
export async function readableAnswer(db: Db, account: Account, id: number) {
  const answer = (await answerFacts(db, id)) ?? notFound(NO_ANSWER_MESSAGE);
  const { course, viewer } = await readableCourse(db, account, answer.courseId);
  if (answer.deletedAt) notFound(NO_ANSWER_MESSAGE);
  if ((answer.hiddenAt || answer.questionHiddenAt) && !seesHidden(viewer)) notFound(NO_ANSWER_MESSAGE);
  return { answer, course, viewer };
}

/** 400 when the post (or the question an answer is on) was deleted. */
export function assertNotDeleted(deletedAt: Date | null, message = DELETED_QUESTION_MESSAGE): void {
  if (deletedAt) badRequest(message);
}
