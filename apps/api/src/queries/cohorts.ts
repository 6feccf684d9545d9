import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { accounts, courses, sections, series } from '../db/schema.ts';
import { orderLines, orders } from '../db/schema-money.ts';
import { quizzes, watchCoverage } from '../db/schema-learning.ts';
import {
  calendarFeeds,
  cohortDeadlines,
  cohortSeats,
  cohortWaitlist,
  cohorts,
  courseOfferings,
  deadlineExtensions,
  liveAttendance,
  liveSessions,
  sectionReleaseRules,
  sectionReleases,
} from '../db/schema-cohorts.ts';
import type { ReleaseRule } from '../policies/release.ts';

export type CohortRow = typeof cohorts.$inferSelect & { tutorId: number; courseTitle: string };

const cohortColumns = {
  id: cohorts.id,
  courseId: cohorts.courseId,
  name: cohorts.name,
  startsAt: cohorts.startsAt,
  endsAt: cohorts.endsAt,
  enrolOpensAt: cohorts.enrolOpensAt,
  enrolClosesAt: cohorts.enrolClosesAt,
  capacity: cohorts.capacity,
  priceKobo: cohorts.priceKobo,
  cancelledAt: cohorts.cancelledAt,
  createdAt: cohorts.createdAt,
  updatedAt: cohorts.updatedAt,
  tutorId: courses.tutorId,
  courseTitle: courses.title,
};

/** One cohort with its course's tutor and title. */
export async function cohortById(db: Db | Tx, id: number): Promise<CohortRow | undefined> {
  const [row] = await db
    .select(cohortColumns)
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(eq(cohorts.id, id));
  return row;
}

/** A course's cohorts, earliest start first. */
export function cohortsOfCourse(db: Db | Tx, courseId: number): Promise<CohortRow[]> {
  return db
    .select(cohortColumns)
    .from(cohorts)
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(eq(cohorts.courseId, courseId))
    .orderBy(asc(cohorts.startsAt), asc(cohorts.id));
}

/** Locks a cohort's row for a seat decision: every checkout, refund and offer of it waits here in turn. */
export async function lockCohort(tx: Tx, id: number): Promise<CohortRow | undefined> {
  await tx.execute(sql`select 1 from ${cohorts} where ${cohorts.id} = ${id} for update`);
  return cohortById(tx, id);
}

/** A seat in use: taken, or held by a pending order that has not expired (database time). */
const seatInUse = or(
  eq(cohortSeats.status, 'taken'),
  and(eq(cohortSeats.status, 'held'), eq(orders.status, 'pending'), gt(cohortSeats.heldUntil, sql`now()`)),
)!;

/** An open offer of a freed seat to someone on the waitlist. */
const offerOpen = and(eq(cohortWaitlist.status, 'offered'), gt(cohortWaitlist.offerExpiresAt, sql`now()`))!;

/**
 * Seats of a cohort that nobody else may take: seats in use and open waitlist offers, leaving out `exceptStudent`'s
 * own (whose seat or offer is theirs to use). Read under the cohort's lock.
 */
export async function seatsSpoken(db: Db | Tx, cohortId: number, exceptStudent = 0): Promise<number> {
  const [seats] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cohortSeats)
    .innerJoin(orders, eq(orders.id, cohortSeats.orderId))
    .where(and(eq(cohortSeats.cohortId, cohortId), ne(cohortSeats.studentId, exceptStudent), seatInUse));
  const [offers] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cohortWaitlist)
    .where(
      and(eq(cohortWaitlist.cohortId, cohortId), ne(cohortWaitlist.studentId, exceptStudent), offerOpen),
    );
  return Number(seats?.n ?? 0) + Number(offers?.n ?? 0);
}

/** Taken seats per cohort (the course page's "18 of 30 seats left" counts seats in use). */
export async function seatsInUseOf(db: Db, cohortIds: number[]): Promise<Map<number, number>> {
  if (cohortIds.length === 0) return new Map();
  const rows = await db
    .select({ cohortId: cohortSeats.cohortId, n: sql<number>`count(*)::int` })
    .from(cohortSeats)
    .innerJoin(orders, eq(orders.id, cohortSeats.orderId))
    .where(and(inArray(cohortSeats.cohortId, cohortIds), seatInUse))
    .groupBy(cohortSeats.cohortId);
  return new Map(rows.map((r) => [r.cohortId, Number(r.n)]));
}

/** The student's place on a cohort's waitlist. */
export async function waitlistEntry(db: Db | Tx, cohortId: number, studentId: number) {
  const [row] = await db
    .select()
    .from(cohortWaitlist)
    .where(and(eq(cohortWaitlist.cohortId, cohortId), eq(cohortWaitlist.studentId, studentId)));
  return row;
}

/** The next people waiting for a cohort, first come first served. */
export function firstWaiting(tx: Tx, cohortId: number, n: number) {
  return tx
    .select({ id: cohortWaitlist.id, studentId: cohortWaitlist.studentId })
    .from(cohortWaitlist)
    .where(and(eq(cohortWaitlist.cohortId, cohortId), eq(cohortWaitlist.status, 'waiting')))
    .orderBy(asc(cohortWaitlist.id))
    .limit(n);
}

/** Cohorts with someone waiting (the seat sweep's work list). */
export async function cohortsWithWaitlist(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: cohortWaitlist.cohortId })
    .from(cohortWaitlist)
    .where(or(eq(cohortWaitlist.status, 'waiting'), eq(cohortWaitlist.status, 'offered')));
  return rows.map((r) => r.id);
}

/** The cohort whose seat an order holds or took, if any. */
export async function seatsOfOrder(db: Db | Tx, orderId: number) {
  return db.select().from(cohortSeats).where(eq(cohortSeats.orderId, orderId));
}

/** A student's membership of a course's cohort: their taken seat in a cohort that was not cancelled. */
export async function membership(db: Db | Tx, studentId: number, courseId: number) {
  const [row] = await db
    .select({ cohortId: cohorts.id, startsAt: cohorts.startsAt, takenAt: cohortSeats.takenAt })
    .from(cohortSeats)
    .innerJoin(cohorts, eq(cohorts.id, cohortSeats.cohortId))
    .where(
      and(
        eq(cohortSeats.studentId, studentId),
        eq(cohortSeats.status, 'taken'),
        eq(cohorts.courseId, courseId),
        isNull(cohorts.cancelledAt),
      ),
    )
    .orderBy(asc(cohorts.startsAt))
    .limit(1);
  return row ? { ...row, takenAt: row.takenAt ?? row.startsAt } : undefined;
}

/** Whether the student holds a taken seat of the cohort. */
export async function isMember(db: Db, cohortId: number, studentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cohortSeats.id })
    .from(cohortSeats)
    .where(
      and(
        eq(cohortSeats.cohortId, cohortId),
        eq(cohortSeats.studentId, studentId),
        eq(cohortSeats.status, 'taken'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A cohort's members (taken seats), by student id, from `after` on, at most `limit`. */
export function membersOf(db: Db | Tx, cohortId: number, after = 0, limit = 1000) {
  return db
    .select({ studentId: cohortSeats.studentId, takenAt: cohortSeats.takenAt })
    .from(cohortSeats)
    .where(
      and(
        eq(cohortSeats.cohortId, cohortId),
        eq(cohortSeats.status, 'taken'),
        gt(cohortSeats.studentId, after),
      ),
    )
    .orderBy(asc(cohortSeats.studentId))
    .limit(limit);
}

/** What the release rules of a member's sections are computed from (policies/release.ts). */
export async function releaseFacts(db: Db | Tx, cohortId: number, courseId: number, studentId: number) {
  const [sectionRows, ruleRows, releasedRows, completeRows] = await Promise.all([
    db
      .select({ id: sections.id })
      .from(sections)
      .where(eq(sections.courseId, courseId))
      .orderBy(asc(sections.position), asc(sections.id)),
    db
      .select()
      .from(sectionReleaseRules)
      .innerJoin(sections, eq(sections.id, sectionReleaseRules.sectionId))
      .where(eq(sections.courseId, courseId)),
    db
      .select({ sectionId: sectionReleases.sectionId })
      .from(sectionReleases)
      .where(and(eq(sectionReleases.cohortId, cohortId), inArray(sectionReleases.studentId, [0, studentId]))),
    // A section is complete when every lesson of it is watched (the server's own measure).
    db
      .select({ sectionId: series.sectionId })
      .from(series)
      .innerJoin(sections, eq(sections.id, series.sectionId))
      .leftJoin(
        watchCoverage,
        and(eq(watchCoverage.seriesId, series.id), eq(watchCoverage.studentId, studentId)),
      )
      .where(eq(sections.courseId, courseId))
      .groupBy(series.sectionId)
      .having(sql`bool_and(coalesce(${watchCoverage.watched}, false))`),
  ]);
  const rules = new Map<number, ReleaseRule>(
    ruleRows.map(({ section_release_rules: r }) => [
      r.sectionId,
      { kind: r.kind, days: r.days, localTime: r.localTime, opensAt: r.opensAt },
    ]),
  );
  return {
    sections: sectionRows,
    rules,
    released: new Set(releasedRows.map((r) => r.sectionId)),
    complete: new Set(completeRows.map((r) => r.sectionId)),
  };
}

/** The sections and course of the lessons that use a media key (a lesson's video or download). */
export function lessonsUsing(db: Db, key: string) {
  return db
    .select({ sectionId: sections.id, courseId: sections.courseId })
    .from(series)
    .innerJoin(sections, eq(sections.id, series.sectionId))
    .where(or(eq(series.videoRef, key), eq(series.resourceRef, key)));
}

/** A course's sale mode; without a row it is self-paced. */
export async function offeringOf(db: Db | Tx, courseId: number) {
  const [row] = await db
    .select({ offering: courseOfferings.offering })
    .from(courseOfferings)
    .where(eq(courseOfferings.courseId, courseId));
  return row?.offering ?? 'self_paced';
}

/** A section with its course's tutor (the tutor's release rule calls). */
export async function sectionWithCourse(db: Db, sectionId: number) {
  const [row] = await db
    .select({ id: sections.id, courseId: sections.courseId, tutorId: courses.tutorId })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(sections.id, sectionId));
  return row;
}

/** A live session with its cohort and course. */
export async function sessionById(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ session: liveSessions, cohort: cohorts, tutorId: courses.tutorId, courseTitle: courses.title })
    .from(liveSessions)
    .innerJoin(cohorts, eq(cohorts.id, liveSessions.cohortId))
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(eq(liveSessions.id, id));
  return row;
}

/** A cohort's live sessions in time order. */
export function sessionsOf(db: Db, cohortId: number) {
  return db
    .select()
    .from(liveSessions)
    .where(eq(liveSessions.cohortId, cohortId))
    .orderBy(asc(liveSessions.startsAt), asc(liveSessions.id));
}

/** A quiz's deadline for one student of a cohort: their extension, or the cohort's. */
export async function deadlineFor(db: Db | Tx, cohortId: number, quizId: number, studentId: number) {
  const [row] = await db
    .select({
      id: cohortDeadlines.id,
      dueAt: sql<Date>`coalesce(${deadlineExtensions.dueAt}, ${cohortDeadlines.dueAt})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
      refuseLate: cohortDeadlines.refuseLate,
      extended: sql<boolean>`${deadlineExtensions.dueAt} is not null`,
    })
    .from(cohortDeadlines)
    .leftJoin(
      deadlineExtensions,
      and(eq(deadlineExtensions.deadlineId, cohortDeadlines.id), eq(deadlineExtensions.studentId, studentId)),
    )
    .where(and(eq(cohortDeadlines.cohortId, cohortId), eq(cohortDeadlines.quizId, quizId)));
  return row;
}

/** A cohort's deadlines with their quizzes' titles. */
export function deadlinesOf(db: Db, cohortId: number) {
  return db.select().from(cohortDeadlines).where(eq(cohortDeadlines.cohortId, cohortId));
}

/** What a reminder is about: its cohort, its moment now, its title, and whether its cohort was cancelled. */
export async function reminderSubject(
  db: Db,
  kind: 'session-24h' | 'session-1h' | 'cohort-start' | 'deadline-24h',
  id: number,
): Promise<{ cohortId: number; at: Date; title: string; cancelled: boolean } | undefined> {
  if (kind === 'cohort-start') {
    const c = await cohortById(db, id);
    return c && { cohortId: c.id, at: c.startsAt, title: c.name, cancelled: c.cancelledAt !== null };
  }
  if (kind === 'deadline-24h') {
    const [d] = await db
      .select({
        cohortId: cohorts.id,
        at: cohortDeadlines.dueAt,
        title: quizzes.title,
        cancelledAt: cohorts.cancelledAt,
      })
      .from(cohortDeadlines)
      .innerJoin(cohorts, eq(cohorts.id, cohortDeadlines.cohortId))
      .innerJoin(quizzes, eq(quizzes.id, cohortDeadlines.quizId))
      .where(eq(cohortDeadlines.id, id));
    return d && { cohortId: d.cohortId, at: d.at, title: d.title, cancelled: d.cancelledAt !== null };
  }
  const s = await sessionById(db, id);
  return (
    s && {
      cohortId: s.cohort.id,
      at: s.session.startsAt,
      title: s.session.title,
      cancelled: s.cohort.cancelledAt !== null,
    }
  );
}

/** A session's attendance sheet: every member, with their join, minutes and the tutor's mark. */
export function attendanceSheet(db: Db, sessionId: number, cohortId: number) {
  return db
    .select({
      studentId: cohortSeats.studentId,
      fullName: accounts.fullName,
      email: accounts.email,
      joinedAt: liveAttendance.joinedAt,
      seconds: sql<number>`coalesce(${liveAttendance.seconds}, 0)::int`,
      markedPresent: liveAttendance.markedPresent,
    })
    .from(cohortSeats)
    .innerJoin(accounts, eq(accounts.id, cohortSeats.studentId))
    .leftJoin(
      liveAttendance,
      and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.accountId, cohortSeats.studentId)),
    )
    .where(and(eq(cohortSeats.cohortId, cohortId), eq(cohortSeats.status, 'taken')))
    .orderBy(asc(accounts.fullName), asc(cohortSeats.studentId));
}

/** A student's taken seats with their cohorts (the calendar feed and "this week"). */
export function cohortsOfStudent(db: Db, studentId: number) {
  return db
    .select({ cohort: cohorts, courseTitle: courses.title })
    .from(cohortSeats)
    .innerJoin(cohorts, eq(cohorts.id, cohortSeats.cohortId))
    .innerJoin(courses, eq(courses.id, cohorts.courseId))
    .where(
      and(eq(cohortSeats.studentId, studentId), eq(cohortSeats.status, 'taken'), isNull(cohorts.cancelledAt)),
    );
}

/** Sessions of several cohorts in time order. */
export function sessionsOfCohorts(db: Db, cohortIds: number[]) {
  if (cohortIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(liveSessions)
    .where(inArray(liveSessions.cohortId, cohortIds))
    .orderBy(asc(liveSessions.startsAt));
}

/** A student's deadlines in several cohorts (their extension when they have one), with the quizzes' titles. */
export function deadlinesOfStudent(db: Db, studentId: number, cohortIds: number[]) {
  if (cohortIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: cohortDeadlines.id,
      cohortId: cohortDeadlines.cohortId,
      quizId: cohortDeadlines.quizId,
      title: quizzes.title,
      dueAt: sql<Date>`coalesce(${deadlineExtensions.dueAt}, ${cohortDeadlines.dueAt})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(cohortDeadlines)
    .innerJoin(quizzes, eq(quizzes.id, cohortDeadlines.quizId))
    .leftJoin(
      deadlineExtensions,
      and(eq(deadlineExtensions.deadlineId, cohortDeadlines.id), eq(deadlineExtensions.studentId, studentId)),
    )
    .where(inArray(cohortDeadlines.cohortId, cohortIds));
}

/** The account behind a calendar feed token's hash. */
export async function feedOwner(db: Db, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .select({ accountId: calendarFeeds.accountId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row?.accountId;
}

/** Paid seats of a cohort with their order lines (a cancellation refunds them). */
export function paidSeatLines(db: Db, cohortId: number, courseId: number) {
  return db
    .select({
      seatId: cohortSeats.id,
      studentId: cohortSeats.studentId,
      orderId: orders.id,
      reference: orders.reference,
      lineId: orderLines.id,
      priceKobo: orderLines.priceKobo,
    })
    .from(cohortSeats)
    .innerJoin(orders, eq(orders.id, cohortSeats.orderId))
    .innerJoin(orderLines, and(eq(orderLines.orderId, orders.id), eq(orderLines.courseId, courseId)))
    .where(and(eq(cohortSeats.cohortId, cohortId), eq(cohortSeats.status, 'taken')));
}

/** Titles of sections by id. */
export async function sectionTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sections.id, title: sections.title })
    .from(sections)
    .where(inArray(sections.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/**
 * A cohort's members for the tutor's dashboard: when they joined, lessons watched of the course's lessons, their
 * last watching (null: never), and the live sessions they attended (joined, or marked present).
 */
export async function memberProgress(db: Db, cohortId: number, courseId: number) {
  const lessons = db
    .select({ id: series.id })
    .from(series)
    .innerJoin(sections, eq(sections.id, series.sectionId))
    .where(eq(sections.courseId, courseId));
  return db
    .select({
      studentId: cohortSeats.studentId,
      fullName: accounts.fullName,
      email: accounts.email,
      enrolledAt: cohortSeats.takenAt,
      watched: sql<number>`(select count(*) from ${watchCoverage} w
        where w.student_id = ${cohortSeats.studentId} and w.course_id = ${courseId} and w.watched)::int`,
      lessons: sql<number>`(select count(*) from (${lessons}) l)::int`,
      lastWatchedAt: sql<Date | null>`(select max(w.reported_at) from ${watchCoverage} w
        where w.student_id = ${cohortSeats.studentId} and w.course_id = ${courseId})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
      attended: sql<number>`(select count(*) from ${liveAttendance} a
        join ${liveSessions} s on s.id = a.session_id
        where s.cohort_id = ${cohortId} and a.account_id = ${cohortSeats.studentId}
          and coalesce(a.marked_present, a.joined_at is not null))::int`,
    })
    .from(cohortSeats)
    .innerJoin(accounts, eq(accounts.id, cohortSeats.studentId))
    .where(and(eq(cohortSeats.cohortId, cohortId), eq(cohortSeats.status, 'taken')))
    .orderBy(asc(accounts.fullName), asc(cohortSeats.studentId));
}

/** A course's sections in order with their release rules (null: open from the start), for cohorts' timetables. */
export async function sectionsWithRules(db: Db, courseId: number) {
  const rows = await db
    .select({ id: sections.id, title: sections.title, rule: sectionReleaseRules })
    .from(sections)
    .leftJoin(sectionReleaseRules, eq(sectionReleaseRules.sectionId, sections.id))
    .where(eq(sections.courseId, courseId))
    .orderBy(asc(sections.position), asc(sections.id));
  return rows.map(({ id, title, rule }) => ({
    id,
    title,
    rule: rule
      ? ({
          kind: rule.kind,
          days: rule.days,
          localTime: rule.localTime,
          opensAt: rule.opensAt,
        } as ReleaseRule)
      : null,
  }));
}

/** Whether the student is a member of a cohort one of whose live classes has the uploaded video `key` as recording. */
export async function membersRecording(db: Db, key: string, studentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cohortSeats.id })
    .from(liveSessions)
    .innerJoin(cohorts, eq(cohorts.id, liveSessions.cohortId))
    .innerJoin(cohortSeats, eq(cohortSeats.cohortId, liveSessions.cohortId))
    .where(
      and(
        eq(liveSessions.recording, key),
        isNull(cohorts.cancelledAt),
        eq(cohortSeats.studentId, studentId),
        eq(cohortSeats.status, 'taken'),
      ),
    )
    .limit(1);
  return row !== undefined;
}
