import { eq, sql } from 'drizzle-orm';
import { NO_REASON_GIVEN, type TCourseStatus, NO_COURSE_MESSAGE } from '@app/contract/courses';
import type { AppContext } from '../context.ts';
import { courses, courseStatusHistory } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { assertReviewable } from '../policies/course.ts';
import { lockCourse } from '../queries/courses.ts';
import { audit, type AuditOrigin } from './audit.ts';
import { notify } from './notify.ts';

/**
 * An admin's review decision on a live course (404 for an unknown or deleted one): sets the status, records it
 * with the admin and the reason in the course's history, and tells the tutor when the course became Approved or
 * Rejected, all in one transaction with its audit entry. A rejection without a reason (a spec client) is recorded as 'No reason given'.
 * The course joins or leaves the public lists and search, so their cached answers go once it commits.
 */
export async function processCourse(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  input: { courseId: number; status: TCourseStatus; reason?: string; adminId: number },
  origin: AuditOrigin,
): Promise<void> {
  const categoryCode = await ctx.db.transaction(async (tx) => {
    const before = await lockCourse(tx, input.courseId);
    // Checked under the lock: a tutor deleting the course meanwhile cannot have it approved after all.
    if (!before || before.deletedAt) return notFound(NO_COURSE_MESSAGE);
    assertReviewable(before, input.status);
    const reason = input.reason || (input.status === 'Rejected' ? NO_REASON_GIVEN : null);
    await tx
      .update(courses)
      .set({ status: input.status, updatedAt: sql`now()` })
      .where(eq(courses.id, input.courseId));
    await tx
      .insert(courseStatusHistory)
      .values({ courseId: input.courseId, status: input.status, reason, adminId: input.adminId });
    await audit(
      tx,
      {
        actor: { id: input.adminId, role: 'admin' },
        action: `course.${input.status.toLowerCase()}`,
        subjectType: 'course',
        subjectId: input.courseId,
        details: { title: before.title, from: before.status, to: input.status, reason },
      },
      origin,
    );
    if (before.status === input.status) return before.categoryCode;
    if (input.status === 'Approved') {
      await notify(tx, [
        {
          accountId: before.tutorId,
          type: 'course-approved',
          message: { key: 'notice.courseApproved', values: { title: before.title } },
          link: `/course/${input.courseId}`,
        },
      ]);
    } else if (input.status === 'Rejected') {
      await notify(tx, [
        {
          accountId: before.tutorId,
          type: 'course-rejected',
          message: { key: 'notice.courseRejected', values: { title: before.title, reason: reason ?? '' } },
          link: `/tutor/edit-course/${input.courseId}`,
        },
      ]);
    }
    return before.categoryCode;
  });
  await ctx.cache.invalidateCourse(input.courseId, { listing: categoryCode, search: true });
}
