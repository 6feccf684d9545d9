import { NO_COURSE_MESSAGE } from '@app/contract/courses';
import type { FastifyInstance } from 'fastify';
import { deleteAssignment, saveAssignment } from '../../commands/assignments.ts';
import { assignmentDueAt } from '../../commands/deadlines.ts';
import { gradeSubmission } from '../../commands/grading.ts';
import { assertSectionReleased } from '../../commands/releases.ts';
import { saveDraft, submitWork } from '../../commands/submissions.ts';
import { forbidden, notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import {
  ASSIGNMENT_NOT_FOUND,
  assertMayGrade,
  assertMaySubmit,
  assignmentViewOf,
  attemptsAllowed,
  GRADERS_ONLY,
  maySeeSubmission,
  SUBMISSION_NOT_FOUND,
} from '../../policies/assignment.ts';
import { isTeachingStaff } from '../../policies/assistant.ts';
import { assignmentDto, standingOf } from '../../presenters/assignments.ts';
import {
  assignmentWithCourse,
  attemptsOf,
  attemptsOfMany,
  courseAssignments,
  gradedCourseIds,
  gradingQueue,
  isAssignedReviewer,
  peerReviewsOf,
  submissionWithCourse,
} from '../../queries/assignments.ts';
import { courseRow } from '../../queries/courses.ts';
import { loadViewer } from '../../queries/viewer.ts';
import { opRoute } from '../op-route.ts';
import { submissionPresenter } from './present.ts';

type Caller = { id: number; role: 'user' | 'tutor' | 'admin' };

/**
 * Graded work (docs/assignments.md): tutors write assignments under the course's edit rules; students who own the
 * course save drafts and submit; the course's tutor, admins and assistants grade from the queue.
 */
export default async function assignmentRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const tag = 'assignments';
  const tutorOnly = requireRole(deps, 'tutor');
  const signedIn = requireRole(deps, 'user', 'tutor', 'admin');
  const staffRoles = requireRole(deps, 'tutor', 'admin');
  const present = submissionPresenter(ctx);

  /** An assignment with the caller as the course rules see them (404 for an unknown id). */
  async function loadAssignment(assignmentId: number, account: Caller) {
    const found = (await assignmentWithCourse(ctx.db, assignmentId)) ?? notFound(ASSIGNMENT_NOT_FOUND);
    const viewer = (await loadViewer(ctx.db, account, [found.course.id]))!;
    return { ...found, viewer };
  }

  /** The assignment with a student's own attempts and standing; staff get it without. */
  async function assignmentAnswer(assignmentId: number, account: Caller) {
    const { assignment, course, viewer } = await loadAssignment(assignmentId, account);
    const view = assignmentViewOf(viewer, course);
    if (view === 'staff')
      return { assignment: assignmentDto(assignment), standing: standingOf([], null, null), attempts: [] };
    // A cohort member's assignment in a section not released yet: 403 'This lesson opens on …'.
    await assertSectionReleased(ctx.db, account, course.id, assignment.sectionId);
    const [attempts, dueAt] = await Promise.all([
      attemptsOf(ctx.db, assignment.id, account.id),
      assignmentDueAt(ctx.db, account.id, assignment),
    ]);
    return {
      assignment: assignmentDto(assignment),
      standing: standingOf(attempts, attemptsAllowed(assignment.maxResubmissions), dueAt),
      attempts: await present.many(attempts, account.id),
    };
  }

  opRoute(app, 'assignmentSave', { tag, auth: tutorOnly }, async (req) => {
    const account = currentAccount(req);
    const id = await saveAssignment(ctx, account.id, req.body);
    return { responseDto: ok('Assignment saved'), ...(await assignmentAnswer(id, account)) };
  });

  opRoute(app, 'assignmentDelete', { tag, auth: tutorOnly }, async (req) => {
    await deleteAssignment(ctx, currentAccount(req).id, req.body.assignmentId);
    return { responseDto: ok('Assignment deleted') };
  });

  opRoute(app, 'assignmentGet', { tag, auth: signedIn }, async (req) => ({
    responseDto: ok(),
    ...(await assignmentAnswer(req.body.assignmentId, currentAccount(req))),
  }));

  opRoute(app, 'assignmentList', { tag, auth: signedIn }, async (req) => {
    const account = currentAccount(req);
    const course = (await courseRow(ctx.db, req.body.courseId)) ?? notFound(NO_COURSE_MESSAGE);
    const viewer = (await loadViewer(ctx.db, account, [course.id]))!;
    const view = assignmentViewOf(viewer, course);
    const rows = await courseAssignments(ctx.db, course.id);
    const attempts =
      view === 'student'
        ? await attemptsOfMany(
            ctx.db,
            rows.map((r) => r.assignment.id),
            account.id,
          )
        : [];
    const assignments = await Promise.all(
      rows.map(async ({ assignment, sectionTitle }) => {
        const mine = attempts.filter((a) => a.assignmentId === assignment.id);
        const student = view === 'student';
        const dueAt = student ? await assignmentDueAt(ctx.db, account.id, assignment) : null;
        const allowed = student ? attemptsAllowed(assignment.maxResubmissions) : null;
        return { ...assignmentDto(assignment), sectionTitle, standing: standingOf(mine, allowed, dueAt) };
      }),
    );
    return { responseDto: ok(), assignments };
  });

  /** A student's assignment they may write to: they own the course and its section is open for them. */
  async function writableAssignment(assignmentId: number, account: Caller) {
    const { assignment, course, viewer } = await loadAssignment(assignmentId, account);
    assertMaySubmit(viewer, course);
    await assertSectionReleased(ctx.db, account, course.id, assignment.sectionId);
    return assignment;
  }

  opRoute(app, 'assignmentDraft', { tag, auth: signedIn }, async (req) => {
    const account = currentAccount(req);
    const assignment = await writableAssignment(req.body.assignmentId, account);
    const row = await saveDraft(ctx, account.id, assignment, req.body);
    return { responseDto: ok('Draft saved'), submission: await present.one(row, account.id) };
  });

  opRoute(app, 'assignmentSubmit', { tag, auth: signedIn }, async (req) => {
    const account = currentAccount(req);
    const assignment = await writableAssignment(req.body.assignmentId, account);
    const row = await submitWork(ctx, account.id, assignment);
    return {
      responseDto: ok(row.late ? 'Submitted after the due date' : 'Submitted'),
      submission: await present.one(row, account.id),
    };
  });

  opRoute(app, 'submissionGet', { tag, auth: signedIn }, async (req) => {
    const account = currentAccount(req);
    const found =
      (await submissionWithCourse(ctx.db, req.body.submissionId)) ?? notFound(SUBMISSION_NOT_FOUND);
    const { submission, assignment, course } = found;
    const viewer = (await loadViewer(ctx.db, account, [course.id]))!;
    const reviewer = account.role === 'user' && (await isAssignedReviewer(ctx.db, submission.id, account.id));
    if (!maySeeSubmission(viewer, course, submission, reviewer))
      forbidden(
        'Only the student, the course’s tutor and assistants, and its peer reviewers can see this work.',
      );
    const staff = isTeachingStaff(viewer, course);
    const own = account.id === submission.studentId && account.role === 'user';
    const history =
      staff || own
        ? (await attemptsOf(ctx.db, assignment.id, submission.studentId)).filter(
            (s) => s.id !== submission.id,
          )
        : [];
    const reviews = staff ? await peerReviewsOf(ctx.db, submission.id) : [];
    return {
      responseDto: ok(),
      submission: await present.one(submission, account.id, { anonymous: !staff && !own }),
      assignment: assignmentDto(assignment),
      studentName: staff || own ? await present.name(submission.studentId) : 'A classmate',
      history: await present.many(history, account.id),
      peerReviews: reviews.map((r, i) => ({
        reviewer: `Reviewer ${i + 1}`,
        scores: r.scores,
        score: r.score,
        feedback: r.feedback,
        done: r.doneAt !== null,
      })),
    };
  });

  opRoute(app, 'submissionGrade', { tag, auth: staffRoles }, async (req) => {
    const account = currentAccount(req);
    const found =
      (await submissionWithCourse(ctx.db, req.body.submissionId)) ?? notFound(SUBMISSION_NOT_FOUND);
    const viewer = (await loadViewer(ctx.db, account, [found.course.id]))!;
    assertMayGrade(viewer, found.course);
    const { submission, certificateCode } = await gradeSubmission(ctx, account.id, found, req.body);
    const said = { passed: 'Work passed', failed: 'Work not passed', returned: 'Work returned' } as const;
    return {
      responseDto: ok(said[submission.status as keyof typeof said]),
      submission: await present.one(submission, account.id),
      certificateCode,
    };
  });

  opRoute(app, 'gradingQueue', { tag, auth: staffRoles }, async (req) => {
    const account = currentAccount(req);
    const { courseId, cohortId, assignmentId, status, pageNo, pageSize } = req.body;
    const courseIds = account.role === 'admin' ? null : await gradedCourseIds(ctx.db, account.id);
    if (courseIds && courseId !== undefined && !courseIds.includes(courseId)) forbidden(GRADERS_ONLY);
    const { items, total } = await gradingQueue(ctx.db, {
      courseIds,
      courseId,
      cohortId,
      assignmentId,
      status: status ?? 'submitted',
      pageNo,
      pageSize,
    });
    return {
      responseDto: ok(),
      items: items.map((i) => ({ ...i, submittedAt: i.submittedAt?.toISOString() ?? null })),
      totalData: total,
    };
  });
}
