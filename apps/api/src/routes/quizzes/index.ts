import { NO_COURSE_MESSAGE } from '@app/contract/courses';
import type { FastifyInstance } from 'fastify';
import { deleteQuiz, saveQuiz } from '../../commands/quizzes.ts';
import { submitQuiz } from '../../commands/quizzes-submit.ts';
import { attemptIsLate } from '../../commands/deadlines.ts';
import { assertSectionReleased } from '../../commands/releases.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { assertMaySeeQuizStats, assertMayTakeQuiz, QUIZ_NOT_FOUND, quizViewOf } from '../../policies/quiz.ts';
import { quizDto, quizStats } from '../../presenters/quizzes.ts';
import { courseRow } from '../../queries/courses.ts';
import { attemptFacts, quizQuestionRows, quizStatsRows, quizWithCourse } from '../../queries/quizzes.ts';
import { loadViewer } from '../../queries/viewer.ts';
import { opRoute } from '../op-route.ts';

const NO_STANDING = { used: 0, passed: false, bestPercent: null };

/** Quizzes: tutors write them under the course's edit rules, students who own the course take them. */
export default async function quizRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const tag = 'quizzes';
  const tutorOnly = requireRole(deps, 'tutor');
  const signedIn = requireRole(deps, 'user', 'tutor', 'admin');

  /** A quiz with the caller as the course rules see them (404 for an unknown quiz). */
  async function loadQuiz(quizId: number, account: { id: number; role: 'user' | 'tutor' | 'admin' }) {
    const found = (await quizWithCourse(ctx.db, quizId)) ?? notFound(QUIZ_NOT_FOUND);
    const viewer = (await loadViewer(ctx.db, account, [found.course.id]))!;
    return { ...found, viewer };
  }

  /** The quiz as `view` sees it, with a student's standing. */
  async function present(quizId: number, account: { id: number; role: 'user' | 'tutor' | 'admin' }) {
    const { quiz, course, viewer } = await loadQuiz(quizId, account);
    // A cohort member's quiz in a section not released yet: 403 'This lesson opens on …'.
    await assertSectionReleased(ctx.db, account, course.id, quiz.sectionId);
    const view = quizViewOf(viewer, course);
    const [questions, standing] = await Promise.all([
      quizQuestionRows(ctx.db, quiz.id),
      view === 'student' ? attemptFacts(ctx.db, quiz.id, account.id) : NO_STANDING,
    ]);
    return quizDto(quiz, questions, view, standing);
  }

  opRoute(app, 'quizSave', { tag, auth: tutorOnly }, async (req) => {
    const account = currentAccount(req);
    const id = await saveQuiz(ctx, account.id, req.body);
    return { responseDto: ok('Quiz saved'), quiz: await present(id, account) };
  });

  opRoute(app, 'quizDelete', { tag, auth: tutorOnly }, async (req) => {
    await deleteQuiz(ctx, currentAccount(req).id, req.body.quizId);
    return { responseDto: ok('Quiz deleted') };
  });

  opRoute(app, 'quizGet', { tag, auth: signedIn }, async (req) => {
    return { responseDto: ok(), quiz: await present(req.body.quizId, currentAccount(req)) };
  });

  opRoute(app, 'quizSubmit', { tag, auth: signedIn }, async (req) => {
    const account = currentAccount(req);
    const { quiz, course, viewer } = await loadQuiz(req.body.quizId, account);
    assertMayTakeQuiz(viewer, course);
    await assertSectionReleased(ctx.db, account, course.id, quiz.sectionId);
    // After the cohort's deadline: marked late, or refused when the tutor chose so (400).
    const late = await attemptIsLate(ctx.db, account, quiz);
    const answer = await submitQuiz(ctx, account.id, quiz, req.body.answers, late);
    return { responseDto: ok(answer.passed ? 'Quiz passed' : 'Quiz not passed'), ...answer };
  });

  opRoute(app, 'quizStats', { tag, auth: requireRole(deps, 'tutor', 'admin') }, async (req) => {
    const account = currentAccount(req);
    const course = (await courseRow(ctx.db, req.body.courseId)) ?? notFound(NO_COURSE_MESSAGE);
    const viewer = (await loadViewer(ctx.db, account, [course.id]))!;
    assertMaySeeQuizStats(viewer, course);
    return { responseDto: ok(), quizzes: quizStats(await quizStatsRows(ctx.db, course.id)) };
  });
}
