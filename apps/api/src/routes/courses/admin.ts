import { NO_COURSE_MESSAGE } from '@app/contract/courses';
import type { FastifyInstance } from 'fastify';
import { auditOrigin } from '../../commands/audit.ts';
import { processCourse } from '../../commands/process-course.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { assertOwnsCourse } from '../../policies/course.ts';
import { presentCourses } from '../../queries/course-answers.ts';
import { courseHistory } from '../../queries/course-history.ts';
import { opRoute } from '../op-route.ts';
import { allCourses, courseRow, liveStatusCounts, recentCourses } from '../../queries/courses.ts';

/** Admin review: every course, status changes and the dashboard counts. */
export default async function adminCourseRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const adminOnly = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'admin');
  const TAG = 'admin courses';

  opRoute(app, 'allCourses', { tag: TAG, auth: adminOnly }, async (req) => {
    const { rows, total } = await allCourses(ctx.db, req.body);
    return {
      responseDto: ok(),
      coursesDtos: await presentCourses(ctx, rows, currentAccount(req), { earnings: true }),
      totalData: total,
    };
  });

  opRoute(app, 'processCourse', { tag: TAG, auth: adminOnly }, async (req) => {
    await processCourse(
      ctx,
      {
        courseId: req.body.id,
        status: req.body.status,
        reason: req.body.reason,
        adminId: currentAccount(req).id,
      },
      auditOrigin(req),
    );
    return { responseDto: ok(`Course status changed to ${req.body.status}`) };
  });

  const tutorOrAdmin = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'tutor', 'admin');
  opRoute(app, 'reviewHistory', { tag: TAG, auth: tutorOrAdmin }, async (req) => {
    const account = currentAccount(req);
    const course = await courseRow(ctx.db, req.body.id);
    if (!course) return notFound(NO_COURSE_MESSAGE);
    if (account.role === 'tutor') assertOwnsCourse(account, course);
    return { responseDto: ok(), history: await courseHistory(ctx.db, course.id) };
  });

  opRoute(app, 'adminDashboard', { tag: TAG, auth: adminOnly }, async (req) => {
    const [statusCounts, recent] = await Promise.all([liveStatusCounts(ctx.db), recentCourses(ctx.db, 5)]);
    return {
      responseDto: ok(),
      statusCounts,
      recentCourses: await presentCourses(ctx, recent, currentAccount(req), { earnings: true }),
    };
  });
}
