import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { TStatusChange } from '@app/contract/courses';
import type { Db } from '../db/client.ts';
import { accounts, courseStatusHistory } from '../db/schema.ts';
import { timeCreated } from '../presenters/time.ts';

/** Every status change of a course, oldest first, with the deciding admin's name. */
export async function courseHistory(db: Db, courseId: number): Promise<TStatusChange[]> {
  const rows = await db
    .select({
      status: courseStatusHistory.status,
      reason: courseStatusHistory.reason,
      adminName: accounts.fullName,
      createdAt: courseStatusHistory.createdAt,
    })
    .from(courseStatusHistory)
    .leftJoin(accounts, eq(accounts.id, courseStatusHistory.adminId))
    .where(eq(courseStatusHistory.courseId, courseId))
    .orderBy(asc(courseStatusHistory.createdAt), asc(courseStatusHistory.id));
  return rows.map((r) => ({
    status: r.status,
    reason: r.reason,
    adminName: r.adminName,
    timeCreated: timeCreated(r.createdAt),
  }));
}

/** The reason given with each course's latest status change (courses without history are absent). */
export async function latestReasons(db: Db, courseIds: number[]): Promise<Map<number, string | null>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([courseStatusHistory.courseId], {
      courseId: courseStatusHistory.courseId,
      reason: courseStatusHistory.reason,
    })
    .from(courseStatusHistory)
    .where(inArray(courseStatusHistory.courseId, courseIds))
    .orderBy(courseStatusHistory.courseId, desc(courseStatusHistory.createdAt), desc(courseStatusHistory.id));
  return new Map(rows.map((r) => [r.courseId, r.reason]));
}
