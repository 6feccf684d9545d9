import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EP } from '@app/contract/endpoints';
import { ZOkResponse, ZPageRequest } from '@app/contract/common';
import {
  ZCourseIdRequest,
  ZCourseInput,
  ZCourseResponse,
  ZCoursesPageResponse,
  ZCourseUpdateRequest,
} from '@app/contract/courses';
import { createCourse } from '../../commands/create-course.ts';
import { deleteCourse } from '../../commands/delete-course.ts';
import { updateCourse } from '../../commands/update-course.ts';
import { badRequest, notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { assertDeletable, assertEditable, assertOwnsCourse } from '../../policies/course.ts';
import { presentCourses, presentCoursesByIds } from '../../presenters/course.ts';
import { courseRow, tutorCourses } from './queries.ts';

const NO_COURSE = 'Course does not exist';

/** Tutor authoring: create, list own, update and delete courses. */
export default async function tutorCourseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tutorOnly = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'tutor');
  const common = { tags: ['tutor courses'], security: [{ apiKey: [] }] };

  /** Loads a live course for a write by its owner: 404 unknown or deleted, 403 another tutor's. */
  async function ownCourse(id: number, account: { id: number }) {
    const row = await courseRow(ctx.db, id);
    if (!row || row.deletedAt) return notFound(NO_COURSE);
    assertOwnsCourse(account, row);
    return row;
  }

  r.post(
    EP.createCourse,
    { schema: { body: ZCourseInput, response: { 200: ZCourseResponse }, ...common }, preHandler: tutorOnly },
    async (req) => {
      const account = currentAccount(req);
      const id = await createCourse(ctx, account, req.body);
      const [dto] = await presentCoursesByIds(ctx, [id], account, { earnings: true });
      return { responseDto: ok('Course created successfully'), coursesDto: dto! };
    },
  );

  r.post(
    EP.tutorCourses,
    {
      schema: { body: ZPageRequest, response: { 200: ZCoursesPageResponse }, ...common },
      preHandler: tutorOnly,
    },
    async (req) => {
      const account = currentAccount(req);
      const { rows, total } = await tutorCourses(ctx.db, account.id, req.body);
      return {
        responseDto: ok(),
        coursesDtos: await presentCourses(ctx, rows, account, { earnings: true }),
        totalData: total,
      };
    },
  );

  r.post(
    EP.updateCourse,
    {
      schema: { body: ZCourseUpdateRequest, response: { 200: ZCourseResponse }, ...common },
      preHandler: tutorOnly,
    },
    async (req) => {
      const account = currentAccount(req);
      const course = await ownCourse(req.body.id, account);
      assertEditable(course);
      await updateCourse(ctx, account, course.id, req.body);
      const [dto] = await presentCoursesByIds(ctx, [course.id], account, { earnings: true });
      return { responseDto: ok('Course updated successfully'), coursesDto: dto! };
    },
  );

  r.post(
    EP.deleteCourse,
    { schema: { body: ZCourseIdRequest, response: { 200: ZOkResponse }, ...common }, preHandler: tutorOnly },
    async (req) => {
      const account = currentAccount(req);
      const course = await ownCourse(req.body.id, account);
      assertDeletable(course);
      if (!(await deleteCourse(ctx.db, course.id)))
        badRequest('This course can no longer be deleted; its status changed meanwhile.');
      return { responseDto: ok('Course deleted') };
    },
  );
}
