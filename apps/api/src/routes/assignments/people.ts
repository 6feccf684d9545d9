import { NO_COURSE_MESSAGE } from '@app/contract/courses';
import { csvText } from '@app/contract/csv';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import type { FastifyInstance } from 'fastify';
import { acceptInvite, inviteAssistant, removeAssistant } from '../../commands/assistants.ts';
import { submitPeerReview } from '../../commands/peer-review.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { gradebookViewOf } from '../../policies/assignment.ts';
import { assertMayManageAssistants } from '../../policies/assistant.ts';
import { assignmentDto } from '../../presenters/assignments.ts';
import { gradebook, gradebookCsvRows } from '../../presenters/gradebook.ts';
import { assistantsOf, assistedCourses } from '../../queries/assistants.ts';
import { courseRow } from '../../queries/courses.ts';
import { gradebookRows } from '../../queries/gradebook.ts';
import { peerReviewWithAssignment, peerTasksOf } from '../../queries/peer-review.ts';
import { loadViewer } from '../../queries/viewer.ts';
import { opRoute } from '../op-route.ts';
import { submissionPresenter } from './present.ts';

type Caller = { id: number; role: 'user' | 'tutor' | 'admin' };

/** Teaching assistants, peer review and the gradebook (docs/assignments.md). */
export default async function assignmentPeopleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const tag = 'assignments';
  const staffRoles = requireRole(deps, 'tutor', 'admin');
  const signedIn = requireRole(deps, 'user', 'tutor', 'admin');
  const present = submissionPresenter(ctx);

  /** The course (404) with the caller as the course rules see them. */
  async function loadCourse(courseId: number, account: Caller) {
    const course = (await courseRow(ctx.db, courseId)) ?? notFound(NO_COURSE_MESSAGE);
    const viewer = (await loadViewer(ctx.db, account, [course.id]))!;
    return { course, viewer };
  }

  opRoute(app, 'assistantInvite', { tag, auth: staffRoles }, async (req) => {
    const account = currentAccount(req);
    const { course, viewer } = await loadCourse(req.body.courseId, account);
    assertMayManageAssistants(viewer, course);
    const { added } = await inviteAssistant(ctx, account, course, req.body.email);
    return { responseDto: ok(added ? 'Assistant added' : 'Invitation sent'), added };
  });

  opRoute(app, 'assistantAccept', { tag, auth: requireRole(deps, 'tutor') }, async (req) => {
    const accepted = await acceptInvite(ctx, currentAccount(req), req.body.token);
    return { responseDto: ok('You are now an assistant on this course'), ...accepted };
  });

  opRoute(app, 'assistantList', { tag, auth: staffRoles }, async (req) => {
    const { course, viewer } = await loadCourse(req.body.courseId, currentAccount(req));
    assertMayManageAssistants(viewer, course);
    const { assistants, invites } = await assistantsOf(ctx.db, course.id);
    return {
      responseDto: ok(),
      assistants: assistants.map((a) => ({ ...a, since: a.since.toISOString() })),
      invites: invites.map((i) => ({ ...i, sentAt: i.sentAt.toISOString() })),
    };
  });

  opRoute(app, 'assistantRemove', { tag, auth: staffRoles }, async (req) => {
    const { course, viewer } = await loadCourse(req.body.courseId, currentAccount(req));
    assertMayManageAssistants(viewer, course);
    await removeAssistant(ctx, course.id, req.body.accountId);
    return { responseDto: ok('Assistant removed') };
  });

  opRoute(app, 'assisting', { tag, auth: requireRole(deps, 'tutor') }, async (req) => ({
    responseDto: ok(),
    courses: await assistedCourses(ctx.db, currentAccount(req).id),
  }));

  opRoute(app, 'peerTasks', { tag, auth: requireRole(deps, 'user') }, async (req) => {
    const account = currentAccount(req);
    const rows = await peerTasksOf(ctx.db, account.id);
    const reviews = await Promise.all(
      rows.map(async ({ review, submission, assignment }) => {
        const { gradedBy: _, ...work } = await present.one(submission, account.id, { anonymous: true });
        return {
          reviewId: review.id,
          assignment: assignmentDto(assignment),
          submission: work,
          done: review.doneAt !== null,
        };
      }),
    );
    return { responseDto: ok(), reviews };
  });

  opRoute(app, 'peerReview', { tag, auth: requireRole(deps, 'user') }, async (req) => {
    const account = currentAccount(req);
    const found = await peerReviewWithAssignment(ctx.db, req.body.reviewId);
    await submitPeerReview(
      ctx.db,
      account.id,
      req.body,
      found && {
        assignment: found.assignment,
        reviewerId: found.review.reviewerId,
        doneAt: found.review.doneAt,
      },
    );
    return { responseDto: ok('Review sent') };
  });

  /** The gradebook as the caller may see it: every row for the staff, their own for a student. */
  async function book(courseId: number, cohortId: number | undefined, account: Caller) {
    const { course, viewer } = await loadCourse(courseId, account);
    const view = gradebookViewOf(viewer, course);
    const rows = await gradebookRows(ctx.db, course.id, {
      ...(cohortId ? { cohortId } : {}),
      ...(view === 'own' ? { studentId: account.id } : {}),
    });
    return { course, book: gradebook(rows) };
  }

  opRoute(app, 'gradebook', { tag, auth: signedIn }, async (req) => ({
    responseDto: ok(),
    ...(await book(req.body.courseId, req.body.cohortId, currentAccount(req))).book,
  }));

  app.get<{ Params: { courseId: string }; Querystring: { cohortId?: string } }>(
    PLAIN_ROUTES.gradebookCsv.path,
    {
      preValidation: signedIn,
      schema: {
        description:
          "A course's gradebook as CSV (`?cohortId=` for one cohort): the staff get every row, a student theirs.",
        tags: [tag],
        security: [{ apiKey: [] }],
      },
    },
    async (req, reply) => {
      const courseId = Number(req.params.courseId);
      const cohortId = req.query.cohortId ? Number(req.query.cohortId) : undefined;
      if (!Number.isInteger(courseId) || courseId < 1) notFound(NO_COURSE_MESSAGE);
      if (cohortId !== undefined && !(Number.isInteger(cohortId) && cohortId > 0))
        notFound('Cohort not found.');
      const { course, book: b } = await book(courseId, cohortId, currentAccount(req));
      const name = `gradebook-${course.id}${cohortId ? `-cohort-${cohortId}` : ''}.csv`;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(csvText(gradebookCsvRows(b)));
    },
  );
}
