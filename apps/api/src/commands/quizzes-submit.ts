import type { TQuizSubmitResponse } from '@app/contract/quizzes';
import type { AppContext } from '../context.ts';
import { quizAttempts } from '../db/schema-learning.ts';
import { conflict, forbidden } from '../errors.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { mayRevealAnswers, QUIZ_STUDENTS_ONLY } from '../policies/quiz.ts';
import { attemptsLeftOf, submitAnswer, type QuizRow } from '../presenters/quizzes.ts';
import { attemptFacts, lockEnrolment, quizQuestionRows } from '../queries/quizzes.ts';
import { settleCompletion } from './completion.ts';
import { markAnswers, type AnswerInput } from './quizzes-rules.ts';

export const NO_ATTEMPTS_LEFT = 'You have no attempts left for this quiz.';

/**
 * Scores a student's attempt at a quiz and records it. The student's enrolment row is locked for the transaction,
 * so their submits are scored one at a time and the attempt limit holds under concurrent submits (409 once none
 * is left); the unique (quiz, student, attempt number) index is the backstop, also a 409. After a passing attempt
 * commits, the course's completion is settled and a certificate issued when it is complete.
 */
export async function submitQuiz(
  ctx: Pick<AppContext, 'db' | 'cache' | 'config'>,
  studentId: number,
  quiz: QuizRow,
  answers: AnswerInput[],
  /** Submitted after the student's cohort deadline (commands/deadlines.ts). */
  late = false,
): Promise<Omit<TQuizSubmitResponse, 'responseDto'>> {
  const outcome = await ctx.db
    .transaction(async (tx) => {
      if (!(await lockEnrolment(tx, studentId, quiz.courseId))) forbidden(QUIZ_STUDENTS_ONLY);
      const before = await attemptFacts(tx, quiz.id, studentId);
      if (attemptsLeftOf(quiz.maxAttempts, before.used) === 0) conflict(NO_ATTEMPTS_LEFT);
      const questions = await quizQuestionRows(tx, quiz.id);
      const marked = markAnswers(questions, answers, quiz.passPercent);
      await tx.insert(quizAttempts).values({
        quizId: quiz.id,
        studentId,
        attemptNo: before.used + 1,
        score: marked.score,
        scoreOutOf: marked.scoreOutOf,
        percent: marked.percent,
        passed: marked.passed,
        answers: marked.marks,
        late,
      });
      return { questions, marked, passedBefore: before.passed, used: before.used + 1 };
    })
    .catch((err: unknown) => (isUniqueViolation(err) ? conflict(NO_ATTEMPTS_LEFT) : Promise.reject(err)));
  const { questions, marked, passedBefore, used } = outcome;
  const attemptsLeft = attemptsLeftOf(quiz.maxAttempts, used);
  const certificateCode = marked.passed ? await settleCompletion(ctx, studentId, quiz.courseId) : null;
  const answer = submitAnswer(
    questions,
    marked.marks,
    {
      score: marked.score,
      scoreOutOf: marked.scoreOutOf,
      percent: marked.percent,
      passed: marked.passed,
      attemptsLeft,
    },
    mayRevealAnswers(passedBefore || marked.passed, attemptsLeft),
    certificateCode,
  );
  return late ? { ...answer, late } : answer;
}
