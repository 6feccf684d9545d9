import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courseAssistants } from '../db/schema-assignments.ts';
import { enrolments } from '../db/schema-money.ts';
import type { Viewer } from '../policies/course.ts';
import { lockedPlanCourses } from './plans.ts';

/**
 * The caller as the course rules see it; `courseIds` limits the enrolment lookup (a student's) and the assistant
 * lookup (a tutor's) to the courses at hand.
 */
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
    // A course whose instalment plan is suspended (or was cancelled unpaid) stays bought but locked.
    const locked = await lockedPlanCourses(
      db,
      account.id,
      rows.map((r) => r.courseId),
    );
    for (const r of rows) if (!locked.has(r.courseId)) enrolled.add(r.courseId);
  }
  if (account.role === 'tutor' && courseIds.length > 0) {
    const assisting = await db
      .select({ courseId: courseAssistants.courseId })
      .from(courseAssistants)
      .where(and(eq(courseAssistants.accountId, account.id), inArray(courseAssistants.courseId, courseIds)));
    if (assisting.length > 0)
      return {
        id: account.id,
        role: account.role,
        enrolledCourseIds: enrolled,
        assistantCourseIds: new Set(assisting.map((r) => r.courseId)),
      };
  }
  return { id: account.id, role: account.role, enrolledCourseIds: enrolled };
}
