import { NO_COURSE_MESSAGE } from '@app/contract/courses';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { courses, reviews } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { accountById } from '../queries/accounts.ts';
import { lockCourse } from '../queries/courses.ts';
import { reviewCourseId } from '../queries/reviews.ts';
import { audit, type AuditOrigin } from './audit.ts';
import { notify } from './notify.ts';

/** Recounts a course's visible reviews into courses.rating_count / rating_sum (the caller holds the course lock). */
async function refreshRating(tx: Tx, courseId: number): Promise<void> {
  const visible = and(eq(reviews.courseId, courseId), isNull(reviews.hiddenAt));
  await tx
    .update(courses)
    .set({
      ratingCount: sql`(select count(*)::int from ${reviews} where ${visible})`,
      ratingSum: sql`(select coalesce(sum(${reviews.rating}), 0)::int from ${reviews} where ${visible})`,
    })
    .where(eq(courses.id, courseId));
}

/** Locks the course row: reviews of one course are written one at a time, so the recount is always exact. */
async function lockReviewedCourse(tx: Tx, courseId: number) {
  return (await lockCourse(tx, courseId)) ?? notFound(NO_COURSE_MESSAGE);
}

/**
 * A student's rating of a course: the first call creates the review (and tells the tutor), a later one updates
 * it. The course's average is recounted in the same transaction. Returns the review's id.
 */
export async function addReview(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  input: { courseId: number; studentId: number; rating: number; comment: string | null },
): Promise<number> {
  const id = await ctx.db.transaction(async (tx) => {
    const course = await lockReviewedCourse(tx, input.courseId);
    const [row] = await tx
      .insert(reviews)
      .values({
        courseId: input.courseId,
        studentId: input.studentId,
        rating: input.rating,
        comment: input.comment,
      })
      .onConflictDoUpdate({
        target: [reviews.courseId, reviews.studentId],
        set: { rating: input.rating, comment: input.comment, updatedAt: sql`now()` },
      })
      // xmax = 0 only for a freshly inserted row: tells a new review from an update.
      .returning({ id: reviews.id, inserted: sql<boolean>`(xmax = 0)` });
    await refreshRating(tx, input.courseId);
    if (row!.inserted) {
      const student = await accountById(tx, input.studentId);
      await notify(tx, [
        {
          accountId: course.tutorId,
          type: 'course-reviewed',
          message: student?.fullName
            ? {
                key: 'notice.courseReviewed',
                values: { name: student.fullName, title: course.title, rating: input.rating },
              }
            : {
                key: 'notice.courseReviewedAnonymous',
                values: { title: course.title, rating: input.rating },
              },
          link: `/course/${course.id}`,
        },
      ]);
    }
    return row!.id;
  });
  // The course's average is on its cached answers, and rating filters and sorts of search depend on it.
  await ctx.cache.invalidateCourse(input.courseId, { search: true });
  return id;
}

/**
 * An admin hides a review: it leaves the list and the average, audited in the same transaction. Returns the course
 * id (404 for an unknown review).
 */
export async function hideReview(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  reviewId: number,
  adminId: number,
  origin: AuditOrigin,
): Promise<number> {
  const { db } = ctx;
  const courseId = await reviewCourseId(db, reviewId);
  if (courseId === undefined) return notFound('Review does not exist');
  await db.transaction(async (tx) => {
    await lockReviewedCourse(tx, courseId);
    const [hidden] = await tx
      .update(reviews)
      .set({ hiddenAt: sql`now()`, hiddenBy: adminId })
      .where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt)))
      .returning({ studentId: reviews.studentId, rating: reviews.rating });
    // Hiding it again changes nothing, and is not an action of its own.
    if (hidden) {
      await audit(
        tx,
        {
          actor: { id: adminId, role: 'admin' },
          action: 'review.hidden',
          subjectType: 'review',
          subjectId: reviewId,
          details: { courseId, studentId: hidden.studentId, rating: hidden.rating },
        },
        origin,
      );
    }
    await refreshRating(tx, courseId);
  });
  await ctx.cache.invalidateCourse(courseId, { search: true });
  return courseId;
}
