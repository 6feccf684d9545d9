import type { FastifyInstance } from 'fastify';
import { recordProgress } from '../../commands/progress.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { ownCourseProgress } from '../../queries/progress.ts';
import { opRoute } from '../op-route.ts';

/** Lesson progress: where a student stopped, which lessons are done, and the course percentage. */
export default async function progressRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const student = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'user');
  const tag = 'progress';

  opRoute(
    app,
    'progressUpdate',
    {
      tag,
      description:
        'Saves the position in a lesson (the player sends it when playback starts, every 15 s, on pause and when ' +
        'the page is left). The furthest position is kept for resume; a lesson is complete for the percentage at ' +
        '≥ 90 % or when `completed` is true, and *watched* (what the certificate counts) once the server saw 90 % ' +
        'of it played at no more than twice real time. Students who own the course only.',
      auth: student,
    },
    async (req) => ({
      responseDto: ok('Progress saved'),
      progress: await recordProgress(ctx, currentAccount(req).id, req.body),
    }),
  );

  opRoute(
    app,
    'progressCourse',
    {
      tag,
      description:
        "The student's progress in one course: percent, finished lessons, last lesson and second, watched " +
        'lessons, passed quizzes, whether the course is complete and the certificate code. ' +
        'Students who own the course only (403); an unknown course is 404.',
      auth: student,
    },
    async (req) => ({
      responseDto: ok(),
      progress: await ownCourseProgress(ctx.db, currentAccount(req).id, req.body.courseId),
    }),
  );
}
