import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { courses } from '../db/schema.ts';
import { mayStartFromSql } from '../policies/course.ts';

/**
 * Soft-deletes a Pending course: it leaves every list, while orders and enrolments keep pointing at it.
 * Returns false when the course was no longer Pending (or already deleted).
 */
export async function deleteCourse(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  courseId: number,
): Promise<boolean> {
  const rows = await ctx.db
    .update(courses)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(courses.id, courseId), mayStartFromSql('delete')))
    .returning({ id: courses.id });
  // A Pending course is in no public list or search; its own cached answers (if any) go.
  if (rows.length > 0) await ctx.cache.invalidateCourse(courseId);
  return rows.length > 0;
}
