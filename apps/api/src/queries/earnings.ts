import { and, count, countDistinct, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { TPageRequest } from '@app/contract/common';
import type { Db } from '../db/client.ts';
import { accounts, courses } from '../db/schema.ts';
import { enrolments } from '../db/schema-money.ts';
import { liveStatusCounts } from './courses.ts';

// Read models of what was paid: every enrolment records the kobo its student actually paid for the course.

/** Every enrolment of the student, newest first: the courses the student owns. */
export async function ownedCourseIds(db: Db, studentId: number): Promise<number[]> {
  const rows = await db
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(eq(enrolments.studentId, studentId))
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id));
  return rows.map((r) => r.courseId);
}

/** Which of `courseIds` the student already owns. */
export async function ownedAmong(db: Db, studentId: number, courseIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(and(eq(enrolments.studentId, studentId), inArray(enrolments.courseId, courseIds)));
  return rows.map((r) => r.courseId);
}

/** One page of a course's buyers (newest first), their count and the kobo earned from the course. */
export async function courseBuyers(db: Db, courseId: number, page: TPageRequest) {
  const [totals] = await db
    .select({ buyers: count(), earned: sum(enrolments.pricePaidKobo).mapWith(Number) })
    .from(enrolments)
    .where(eq(enrolments.courseId, courseId));
  const rows = await db
    .select({
      fullName: accounts.fullName,
      email: accounts.email,
      pricePaidKobo: enrolments.pricePaidKobo,
    })
    .from(enrolments)
    .innerJoin(accounts, eq(accounts.id, enrolments.studentId))
    .where(eq(enrolments.courseId, courseId))
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id))
    .limit(page.pageSize)
    .offset(page.pageNo * page.pageSize);
  return { rows, totalData: totals?.buyers ?? 0, earnedKobo: totals?.earned ?? 0 };
}

/** A tutor's dashboard: live courses by status, kobo earned from all its courses and distinct buyers. */
export async function tutorDashboard(db: Db, tutorId: number) {
  const statusCounts = await liveStatusCounts(db, tutorId);
  // Deleted courses still count: the money was earned.
  const [totals] = await db
    .select({
      buyers: countDistinct(enrolments.studentId),
      earned: sql<number>`coalesce(sum(${enrolments.pricePaidKobo}), 0)`.mapWith(Number),
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(courses.tutorId, tutorId));
  return { statusCounts, earnedKobo: totals?.earned ?? 0, buyerCount: totals?.buyers ?? 0 };
}
