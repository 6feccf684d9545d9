import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { EP } from '@app/contract/endpoints';
import {
  ZCourseCategoriesResponse,
  ZCourseGroupsResponse,
  ZCourseIdParams,
  ZCourseResponse,
  ZCoursesPageResponse,
  ZGroupParams,
  ZSearchRequest,
  ZSearchResponse,
  ZSingleCourseRequest,
  ZStudentCoursesRequest,
} from '@app/contract/courses';
import { courseCategories, courseGroups } from '../../db/schema.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { mayViewCourse } from '../../policies/course.ts';
import { loadViewer, presentCourses } from '../../presenters/course.ts';
import { courseRow, publicCourses, searchCourses } from './queries.ts';
import { viewerAuth } from './viewer.ts';

const NO_COURSE = 'Course does not exist';

/** Public catalogue: groups, categories, the Approved list, course outlines and search. */
export default async function catalogueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const tags = ['catalogue'];

  r.get(EP.courseGroups, { schema: { response: { 200: ZCourseGroupsResponse }, tags } }, async () => {
    const courseGroupsRows = await ctx.db.select().from(courseGroups).orderBy(asc(courseGroups.id));
    return { responseDto: ok(), courseGroups: courseGroupsRows };
  });

  r.get(
    '/course/allcourseCategory/:group',
    { schema: { params: ZGroupParams, response: { 200: ZCourseCategoriesResponse }, tags } },
    async (req) => {
      const key = req.params.group;
      const [group] = await ctx.db
        .select({ id: courseGroups.id })
        .from(courseGroups)
        .where(/^\d+$/.test(key) ? eq(courseGroups.id, Number(key)) : eq(courseGroups.code, key))
        .limit(1);
      if (!group) return notFound(`Course group "${key}" does not exist.`);
      const rows = await ctx.db
        .select({
          id: courseCategories.id,
          code: courseCategories.code,
          description: courseCategories.description,
        })
        .from(courseCategories)
        .where(eq(courseCategories.groupId, group.id))
        .orderBy(asc(courseCategories.id));
      return { responseDto: ok(), courseCategories: rows };
    },
  );

  r.post(
    EP.studentCourses,
    {
      schema: { body: ZStudentCoursesRequest, response: { 200: ZCoursesPageResponse }, tags },
      preHandler: viewerAuth(deps),
    },
    async (req) => {
      const { rows, total } = await publicCourses(ctx.db, req.body);
      return {
        responseDto: ok(),
        coursesDtos: await presentCourses(ctx, rows, req.account),
        totalData: total,
      };
    },
  );

  r.post(
    EP.viewSingleCourse,
    { schema: { body: ZSingleCourseRequest, response: { 200: ZCourseResponse }, tags } },
    async (req) => {
      const row = await courseRow(ctx.db, req.body.courseId);
      if (!row || !mayViewCourse(null, row)) return notFound(NO_COURSE);
      const [dto] = await presentCourses(ctx, [row], null);
      return { responseDto: ok(), coursesDto: dto! };
    },
  );

  r.get(
    '/course/singlecourse/:id',
    {
      schema: {
        params: ZCourseIdParams,
        response: { 200: ZCourseResponse },
        tags,
        security: [{ apiKey: [] }],
      },
      preHandler: requireRole(deps, 'user', 'tutor', 'admin'),
    },
    async (req) => {
      const account = currentAccount(req);
      const row = await courseRow(ctx.db, req.params.id);
      if (!row) return notFound(NO_COURSE);
      const viewer = await loadViewer(ctx.db, account, [row.id]);
      if (!mayViewCourse(viewer, row)) return notFound(NO_COURSE);
      const [dto] = await presentCourses(ctx, [row], account, { viewer });
      return { responseDto: ok(), coursesDto: dto! };
    },
  );

  r.post(
    EP.courseSearch,
    {
      schema: { body: ZSearchRequest, response: { 200: ZSearchResponse }, tags },
      preHandler: viewerAuth(deps),
    },
    async (req) => {
      const { search, pageSize, pageNo } = req.body;
      const { hits, total } = await searchCourses(ctx.db, search, {
        pageSize,
        pageNo,
        everyStatus: req.account?.role === 'admin',
      });
      return { responseDto: ok(), coursesDtos: hits, totalData: total };
    },
  );
}
