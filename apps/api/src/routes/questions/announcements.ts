import type { FastifyInstance } from 'fastify';
import { ANNOUNCEMENTS_PER_WEEK } from '@app/contract/questions';
import { addAnnouncement } from '../../commands/announcements.ts';
import { forbidden, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { isCourseTutor } from '../../policies/questions.ts';
import { announcementDto } from '../../presenters/questions.ts';
import { announcementById, announcementPage } from '../../queries/questions-admin.ts';
import { opRoute } from '../op-route.ts';
import { readableCourse } from './load.ts';

/** A tutor's announcements to a course's students; its readers are those of its Q&A. */
export default async function announcementRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const deps = { db, jwtSecret: ctx.config.jwtSecret };
  const tag = 'announcements';

  opRoute(
    app,
    'announcementAdd',
    {
      tag,
      auth: requireRole(deps, 'user', 'tutor', 'admin'),
      description:
        `Stores the announcement and queues its delivery to every enrolled student (in the app and by email, in ` +
        `batches). At most ${ANNOUNCEMENTS_PER_WEEK} per course in 7 days (429).`,
    },
    async (req) => {
      const account = currentAccount(req);
      const { course, viewer } = await readableCourse(db, account, req.body.courseId);
      if (!isCourseTutor(viewer, course)) forbidden("Only the course's tutor can send announcements.");
      const { title, body } = req.body;
      const id = await addAnnouncement(ctx, { courseId: course.id, tutorId: account.id, title, body });
      return {
        responseDto: ok('Announcement sent'),
        announcement: announcementDto((await announcementById(db, id))!),
      };
    },
  );

  opRoute(
    app,
    'announcementList',
    {
      tag,
      auth: requireRole(deps, 'user', 'tutor', 'admin'),
      description: "A course's announcements, newest first.",
    },
    async (req) => {
      const { course } = await readableCourse(db, currentAccount(req), req.body.courseId);
      const { rows, total } = await announcementPage(db, course.id, req.body);
      return { responseDto: ok(), announcements: rows.map(announcementDto), totalData: total };
    },
  );
}
