import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { wishlist } from '../db/schema.ts';

/** Adds a course to a student's wishlist; adding it again changes nothing. */
export async function addToWishlist(db: Db, studentId: number, courseId: number): Promise<void> {
  await db.insert(wishlist).values({ studentId, courseId }).onConflictDoNothing();
}

/** Removes a course from the student's own wishlist (nothing happens when it is not there). */
export async function removeFromWishlist(db: Db, studentId: number, courseId: number): Promise<void> {
  await db.delete(wishlist).where(and(eq(wishlist.studentId, studentId), eq(wishlist.courseId, courseId)));
}
