import { eq, sql } from 'drizzle-orm';
import type { TCourseStatus } from '@app/contract/courses';
import type { Db } from '../db/client.ts';
import { courses } from '../db/schema.ts';

/** Sets a course's review status (an admin decision: Pending, Approved or Rejected). */
export async function processCourse(db: Db, courseId: number, status: TCourseStatus): Promise<void> {
  await db
    .update(courses)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(courses.id, courseId));
}
