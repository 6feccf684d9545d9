import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { wishlist } from '../db/schema.ts';

/** The course ids on a student's wishlist, newest first. */
export async function wishlistCourseIds(db: Db, studentId: number): Promise<number[]> {
  const rows = await db
    .select({ courseId: wishlist.courseId })
    .from(wishlist)
    .where(eq(wishlist.studentId, studentId))
    .orderBy(desc(wishlist.createdAt), desc(wishlist.courseId));
  return rows.map((r) => r.courseId);
}
