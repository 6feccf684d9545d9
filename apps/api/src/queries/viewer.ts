import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { enrolments } from '../db/schema-money.ts';
import type { Viewer } from '../policies/course.ts';

/** The caller as the course rules see it; `courseIds` limits the enrolment lookup to the courses at hand. */
export async function loadViewer(
  db: Db,
  account: { id: number; role: Viewer['role'] } | null,
  courseIds: number[],
): Promise<Viewer | null> {
  if (!account) return null;
  const enrolled = new Set<number>();
  if (account.role === 'user' && courseIds.length > 0) {
    const rows = await db
      .select({ courseId: enrolments.courseId })
      .from(enrolments)
      .where(and(eq(enrolments.studentId, account.id), inArray(enrolments.courseId, courseIds)));
    for (const r of rows) enrolled.add(r.courseId);
  }
  return { id: account.id, role: account.role, enrolledCourseIds: enrolled };
}
