import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TCourseInput } from '@app/contract/courses';
import type { AppContext } from '../context.ts';
import { courses, sections } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { prepareCourse, writeOutline, type Author } from './create-course.ts';

/** Replaces a course's fields and outline and puts it back to Pending for review, in one transaction. */
export async function updateCourse(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  author: Author,
  courseId: number,
  input: TCourseInput,
): Promise<void> {
  const prepared = await prepareCourse(ctx, author, input);
  await ctx.db.transaction(async (tx) => {
    // The status is checked again here so an approval racing with the edit cannot be overwritten.
    const changed = await tx
      .update(courses)
      .set({ ...prepared.values, status: 'Pending', updatedAt: sql`now()` })
      .where(
        and(
          eq(courses.id, courseId),
          inArray(courses.status, ['Pending', 'Rejected']),
          isNull(courses.deletedAt),
        ),
      )
      .returning({ id: courses.id });
    if (changed.length === 0)
      badRequest('This course can no longer be edited; it was approved or deleted meanwhile.');
    await tx.delete(sections).where(eq(sections.courseId, courseId));
    await writeOutline(tx, courseId, prepared.outline);
  });
}
