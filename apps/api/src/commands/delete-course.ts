import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courses } from '../db/schema.ts';

/**
 * Soft-deletes a Pending course: it leaves every list, while orders and enrolments keep pointing at it.
 * Returns false when the course was no longer Pending (or already deleted).
 */
export async function deleteCourse(db: Db, courseId: number): Promise<boolean> {
  const rows = await db
    .update(courses)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(courses.id, courseId), eq(courses.status, 'Pending'), isNull(courses.deletedAt)))
    .returning({ id: courses.id });
  return rows.length > 0;
}
