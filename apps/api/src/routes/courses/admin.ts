import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, desc, isNull } from 'drizzle-orm';
import { EP } from '@app/contract/endpoints';
import { ZOkResponse } from '@app/contract/common';
import {
  ZAdminDashboardResponse,
  ZAllCoursesRequest,
  ZCoursesPageResponse,
  ZProcessCourseRequest,
  type TStatusCounts,
} from '@app/contract/courses';
import { processCourse } from '../../commands/process-course.ts';
import { courses } from '../../db/schema.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { courseRowsQuery, presentCourses } from '../../presenters/course.ts';
import { allCourses, courseRow } from './queries.ts';

/** Admin review: every course, status changes and the dashboard counts. */
export default async function adminCourseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const adminOnly = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'admin');
  const common = { tags: ['admin courses'], security: [{ apiKey: [] }] };

  r.post(
    EP.allCourses,
    {
      schema: { body: ZAllCoursesRequest, response: { 200: ZCoursesPageResponse }, ...common },
      preHandler: adminOnly,
    },
    async (req) => {
      const { rows, total } = await allCourses(ctx.db, req.body);
      return {
        responseDto: ok(),
        coursesDtos: await presentCourses(ctx, rows, currentAccount(req), { earnings: true }),
        totalData: total,
      };
    },
  );

  r.post(
    EP.processCourse,
    {
      schema: { body: ZProcessCourseRequest, response: { 200: ZOkResponse }, ...common },
      preHandler: adminOnly,
    },
    async (req) => {
      const course = await courseRow(ctx.db, req.body.id);
      if (!course || course.deletedAt) return notFound('Course does not exist');
      await processCourse(ctx.db, course.id, req.body.status);
      return { responseDto: ok(`Course status changed to ${req.body.status}`) };
    },
  );

  r.get(
    EP.adminDashboard,
    { schema: { response: { 200: ZAdminDashboardResponse }, ...common }, preHandler: adminOnly },
    async (req) => {
      const live = isNull(courses.deletedAt);
      const [counts, recent] = await Promise.all([
        ctx.db
          .select({ status: courses.status, n: count() })
          .from(courses)
          .where(live)
          .groupBy(courses.status),
        courseRowsQuery(ctx.db).where(live).orderBy(desc(courses.createdAt), desc(courses.id)).limit(5),
      ]);
      const statusCounts: TStatusCounts = { Pending: 0, Approved: 0, Rejected: 0 };
      for (const c of counts) statusCounts[c.status] = c.n;
      return {
        responseDto: ok(),
        statusCounts,
        recentCourses: await presentCourses(ctx, recent, currentAccount(req), { earnings: true }),
      };
    },
  );
}
