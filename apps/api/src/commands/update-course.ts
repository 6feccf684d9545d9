import { and, eq, sql } from 'drizzle-orm';
import type { TCourseInput } from '@app/contract/courses';
import type { AppContext } from '../context.ts';
import { courses, courseStatusHistory, sections } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { mayStartFromSql } from '../policies/course.ts';
import { lockCourse } from '../queries/courses.ts';
import { prepareCourse, writeOutline, type Author } from './create-course.ts';

/** Replaces a course's fields and outline and puts it back to Pending for review, in one transaction. */
export async function updateCourse(
  ctx: Pick<AppContext, 'db' | 'storage' | 'cache'>,
  author: Author,
  courseId: number,
  input: TCourseInput,
): Promise<void> {
  const prepared = await prepareCourse(ctx, author, input);
  await ctx.db.transaction(async (tx) => {
    const before = await lockCourse(tx, courseId);
    // The status is checked again here so an approval racing with the edit cannot be overwritten.
    const changed = await tx
      .update(courses)
      .set({ ...prepared.values, status: 'Pending', updatedAt: sql`now()` })
      .where(and(eq(courses.id, courseId), mayStartFromSql('edit')))
      .returning({ id: courses.id });
    if (changed.length === 0)
      badRequest('This course can no longer be edited; it was approved or deleted meanwhile.');
    // A rejected course that the tutor fixed goes back to review: the history shows the resubmission.
    if (before?.status === 'Rejected')
      await tx
        .insert(courseStatusHistory)
        .values({ courseId, status: 'Pending', reason: 'Resubmitted by the tutor' });
    await tx.delete(sections).where(eq(sections.courseId, courseId));
    await writeOutline(tx, courseId, prepared.outline);
  });
  // Only Pending or Rejected courses are edited, and those are in no public list or search.
  await ctx.cache.invalidateCourse(courseId);
}
