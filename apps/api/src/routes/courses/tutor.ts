import { NO_COURSE_MESSAGE } from '@app/contract/courses';
import type { FastifyInstance } from 'fastify';
import { createCourse } from '../../commands/create-course.ts';
import { deleteCourse } from '../../commands/delete-course.ts';
import { updateCourse } from '../../commands/update-course.ts';
import { badRequest, notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { assertDeletable, assertEditable, assertOwnsCourse } from '../../policies/course.ts';
import { presentCourses, presentCoursesByIds } from '../../queries/course-answers.ts';
import { courseRow, tutorCourses } from '../../queries/courses.ts';
import { opRoute } from '../op-route.ts';

/** Tutor authoring: create, list own, update and delete courses. */
export default async function tutorCourseRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const tutorOnly = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'tutor');
  const TAG = 'tutor courses';

  /** Loads a live course for a write by its owner: 404 unknown or deleted, 403 another tutor's. */
  async function ownCourse(id: number, account: { id: number }) {
    const row = await courseRow(ctx.db, id);
    if (!row || row.deletedAt) return notFound(NO_COURSE_MESSAGE);
    assertOwnsCourse(account, row);
    return row;
  }

  opRoute(app, 'createCourse', { tag: TAG, auth: tutorOnly }, async (req) => {
    const account = currentAccount(req);
    const id = await createCourse(ctx, account, req.body);
    const [dto] = await presentCoursesByIds(ctx, [id], account, { earnings: true });
    return { responseDto: ok('Course created successfully'), coursesDto: dto! };
  });

  opRoute(app, 'tutorCourses', { tag: TAG, auth: tutorOnly }, async (req) => {
    const account = currentAccount(req);
    const { rows, total } = await tutorCourses(ctx.db, account.id, req.body);
    return {
      responseDto: ok(),
      coursesDtos: await presentCourses(ctx, rows, account, { earnings: true }),
      totalData: total,
    };
  });

  opRoute(app, 'updateCourse', { tag: TAG, auth: tutorOnly }, async (req) => {
    const account = currentAccount(req);
    const course = await ownCourse(req.body.id, account);
    assertEditable(course);
    await updateCourse(ctx, account, course.id, req.body);
    const [dto] = await presentCoursesByIds(ctx, [course.id], account, { earnings: true });
    return { responseDto: ok('Course updated successfully'), coursesDto: dto! };
  });

  opRoute(app, 'deleteCourse', { tag: TAG, auth: tutorOnly }, async (req) => {
    const account = currentAccount(req);
    const course = await ownCourse(req.body.id, account);
    assertDeletable(course);
    if (!(await deleteCourse(ctx, course.id)))
      badRequest('This course can no longer be deleted; its status changed meanwhile.');
    return { responseDto: ok('Course deleted') };
  });
}
