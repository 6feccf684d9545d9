import type { FastifyInstance } from 'fastify';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { assertOwnsCourse } from '../../policies/course.ts';
import { courseRow } from '../../queries/courses.ts';
import { adminStats } from '../../queries/dashboards-admin.ts';
import { tutorSales, tutorStats } from '../../queries/dashboards.ts';
import { opRoute } from '../op-route.ts';

/** The tutors' and admins' dashboards: figures by day, week or month (docs/payments.md, "Dashboards"). */
export default async function dashboardRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const tutorOnly = requireRole(deps, 'tutor');

  /** The tutor's scope: all their courses, or one of them (404 unknown, 403 another tutor's). */
  const scopeOf = async (tutorId: number, courseId: number | undefined) => {
    if (courseId === undefined) return { tutorId };
    const course = (await courseRow(ctx.db, courseId)) ?? notFound('Course not found.');
    assertOwnsCourse({ id: tutorId }, course);
    return { tutorId, courseId };
  };

  opRoute(app, 'dashboardTutor', { tag: 'dashboards', auth: tutorOnly }, async (req) => {
    const scope = await scopeOf(currentAccount(req).id, req.body.courseId);
    return { responseDto: ok(), ...(await tutorStats(ctx.db, scope, req.body)) };
  });

  opRoute(app, 'dashboardTutorSales', { tag: 'dashboards', auth: tutorOnly }, async (req) => {
    const scope = await scopeOf(currentAccount(req).id, req.body.courseId);
    return { responseDto: ok(), sales: await tutorSales(ctx.db, scope, req.body) };
  });

  opRoute(app, 'dashboardAdmin', { tag: 'dashboards', auth: requireRole(deps, 'admin') }, async (req) => ({
    responseDto: ok(),
    ...(await adminStats(ctx.db, req.body)),
  }));
}
