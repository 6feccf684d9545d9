import { and, count, countDistinct, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TPageRequest } from '@app/contract/common';
import type { Db } from '../db/client.ts';
import { accounts, courses } from '../db/schema.ts';
import { enrolments, ledgerEntries } from '../db/schema-money.ts';
import { liveStatusCounts } from './courses.ts';

// Read models of what was paid and earned: the enrolments say who owns what; the tutors' earnings are their nets in
// the ledger (a sale's net less its refund).

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

/**
 * The tutor's net in kobo (after the platform fee and refunds: a refund line is negative) from ledger lines of
 * `tutorId` matching `where`; the tutor's id keeps the read on the ledger's tutor index.
 */
// Inside a select with a join, so that drizzle names the columns with their tables.
const netKoboWhere = (tutorId: number, where: SQL) =>
  sql<number>`(select coalesce(sum(${ledgerEntries.netKobo}), 0)::float8 from ${ledgerEntries}
    where ${ledgerEntries.tutorId} = ${tutorId} and ${where})`.mapWith(Number);

/**
 * One page of a course's buyers (newest first) with the tutor's net from each (their sales of the course less
 * refunds), their count and the tutor's net from the course.
 */
export async function courseBuyers(db: Db, course: { id: number; tutorId: number }, page: TPageRequest) {
  const [[totals], [earned], rows] = await Promise.all([
    db.select({ buyers: count() }).from(enrolments).where(eq(enrolments.courseId, course.id)),
    db
      .select({ kobo: sql<number>`coalesce(sum(${ledgerEntries.netKobo}), 0)::float8`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tutorId, course.tutorId), eq(ledgerEntries.courseId, course.id))),
    db
      .select({
        fullName: accounts.fullName,
        email: accounts.email,
        netKobo: netKoboWhere(
          course.tutorId,
          sql`${ledgerEntries.courseId} = ${course.id} and ${ledgerEntries.studentId} = ${enrolments.studentId}`,
        ),
      })
      .from(enrolments)
      .innerJoin(accounts, eq(accounts.id, enrolments.studentId))
      .where(eq(enrolments.courseId, course.id))
      .orderBy(desc(enrolments.createdAt), desc(enrolments.id))
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
  ]);
  return { rows, totalData: totals?.buyers ?? 0, earnedKobo: earned?.kobo ?? 0 };
}

/** Each course's tutor net in kobo, after the platform fee and refunds (courses without a sale are left out). */
export async function coursesNetKobo(
  db: Db,
  rows: readonly { id: number; tutorId: number }[],
): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const tutorIds = [...new Set(rows.map((r) => r.tutorId))];
  const found = await db
    .select({
      courseId: ledgerEntries.courseId,
      kobo: sql<number>`sum(${ledgerEntries.netKobo})::float8`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.tutorId, tutorIds),
        inArray(
          ledgerEntries.courseId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(ledgerEntries.courseId);
  return new Map(found.map((f) => [f.courseId, f.kobo]));
}

/**
 * A tutor's dashboard: live courses by status, the tutor's net in kobo from all its courses (deleted ones too: the
 * money was earned) after the platform fee and refunds, and distinct buyers.
 */
export async function tutorDashboard(db: Db, tutorId: number) {
  const [statusCounts, [buyers], [earned]] = await Promise.all([
    liveStatusCounts(db, tutorId),
    db
      .select({ n: countDistinct(enrolments.studentId) })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(eq(courses.tutorId, tutorId)),
    db
      .select({ kobo: sql<number>`coalesce(sum(${ledgerEntries.netKobo}), 0)::float8`.mapWith(Number) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tutorId, tutorId)),
  ]);
  return { statusCounts, earnedKobo: earned?.kobo ?? 0, buyerCount: buyers?.n ?? 0 };
}
