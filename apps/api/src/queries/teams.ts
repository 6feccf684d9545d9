import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { courses } from '../db/schema.ts';
import { enrolments, orderLines, orders } from '../db/schema-money.ts';
import { quizzes } from '../db/schema-learning.ts';
import { teamMembers, teamOrders, teamSeats, teams, type Team } from '../db/schema-teams.ts';

// Team seats: the reads of a team, its members, seats and orders (docs/payments.md, "Team seats").

/** A team by id, or undefined. */
export async function teamById(db: Db | Tx, id: number): Promise<Team | undefined> {
  const [team] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
  return team;
}

/** The team an account is the admin of, or undefined. */
export async function teamOfAdmin(db: Db | Tx, adminId: number): Promise<Team | undefined> {
  const [team] = await db.select().from(teams).where(eq(teams.adminId, adminId)).limit(1);
  return team;
}

/** The team order of an order (its company and team), or undefined: not a team's seat order. */
export async function teamOrderOf(db: Db | Tx, orderId: number) {
  const [row] = await db.select().from(teamOrders).where(eq(teamOrders.orderId, orderId)).limit(1);
  return row;
}

/** The team orders among these orders, by order id. */
export async function teamOrdersAmong(db: Db | Tx, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, typeof teamOrders.$inferSelect>();
  const rows = await db.select().from(teamOrders).where(inArray(teamOrders.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** An order's lines with their seat counts (a paid team order makes one seat row per seat). */
export const seatLinesOf = (tx: Tx, orderId: number) =>
  tx
    .select({ courseId: orderLines.courseId, seats: orderLines.seats, priceKobo: orderLines.priceKobo })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));

/** A team's seat orders, newest first, with their seats (the most of a line: every course has the same count). */
export function teamOrderRows(db: Db, teamId: number) {
  return db
    .select({
      reference: orders.reference,
      status: orders.status,
      amountKobo: orders.amountKobo,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      seats: sql<number>`(select max(${orderLines.seats})::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
    })
    .from(teamOrders)
    .innerJoin(orders, eq(orders.id, teamOrders.orderId))
    .where(eq(teamOrders.teamId, teamId))
    .orderBy(sql`${orders.createdAt} desc`);
}

/** The team's seats, with their courses' titles. */
export function seatRows(db: Db | Tx, teamId: number) {
  return db
    .select({
      id: teamSeats.id,
      courseId: teamSeats.courseId,
      title: courses.title,
      memberId: teamSeats.memberId,
      orderId: teamSeats.orderId,
    })
    .from(teamSeats)
    .innerJoin(courses, eq(courses.id, teamSeats.courseId))
    .where(eq(teamSeats.teamId, teamId))
    .orderBy(asc(teamSeats.courseId), asc(teamSeats.id));
}

/** The team's members (every status), in the order they were invited. */
export function memberRows(db: Db | Tx, teamId: number) {
  return db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId)).orderBy(asc(teamMembers.id));
}

/** A member of the team by id, locked for the caller's transaction. */
export async function lockMember(tx: Tx, teamId: number, memberId: number) {
  const [m] = await tx
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.id, memberId), eq(teamMembers.teamId, teamId)))
    .for('update');
  return m;
}

/** The member an invite link names (its token's hash). */
export async function memberByTokenHash(db: Db | Tx, tokenHash: string) {
  const [m] = await db.select().from(teamMembers).where(eq(teamMembers.tokenHash, tokenHash)).limit(1);
  return m;
}

/** The same, locked for the caller's transaction (a join). */
export async function lockMemberByTokenHash(tx: Tx, tokenHash: string) {
  const [m] = await tx.select().from(teamMembers).where(eq(teamMembers.tokenHash, tokenHash)).for('update');
  return m;
}

/** A seat of the team by id, locked. */
export async function lockSeat(tx: Tx, teamId: number, seatId: number) {
  const [s] = await tx
    .select()
    .from(teamSeats)
    .where(and(eq(teamSeats.id, seatId), eq(teamSeats.teamId, teamId)))
    .for('update');
  return s;
}

/** The seat a member holds of a course, if any. */
export async function seatOfMember(tx: Tx, memberId: number, courseId: number) {
  const [s] = await tx
    .select()
    .from(teamSeats)
    .where(and(eq(teamSeats.memberId, memberId), eq(teamSeats.courseId, courseId)))
    .limit(1);
  return s;
}

/**
 * Takes one free seat of the course for the member, or none: a conditional update of one free row that skips rows
 * another transaction is taking, so concurrent joins never share a seat nor take more than there are.
 */
export async function takeFreeSeat(tx: Tx, teamId: number, courseId: number, memberId: number) {
  const free = tx
    .select({ id: teamSeats.id })
    .from(teamSeats)
    .where(and(eq(teamSeats.teamId, teamId), eq(teamSeats.courseId, courseId), isNull(teamSeats.memberId)))
    .orderBy(asc(teamSeats.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [taken] = await tx
    .update(teamSeats)
    .set({ memberId, assignedAt: sql`now()` })
    .where(and(inArray(teamSeats.id, free), isNull(teamSeats.memberId)))
    .returning();
  return taken;
}

/** The courses of `courseIds` the account owns. */
export async function ownedCourses(
  db: Db | Tx,
  studentId: number,
  courseIds: number[],
): Promise<Set<number>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .select({ courseId: enrolments.courseId })
    .from(enrolments)
    .where(and(eq(enrolments.studentId, studentId), inArray(enrolments.courseId, courseIds)));
  return new Set(rows.map((r) => r.courseId));
}

/** The quizzes of these courses (id, course, title), for the team's report. */
export function quizzesOf(db: Db, courseIds: number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: quizzes.id, courseId: quizzes.courseId, title: quizzes.title })
    .from(quizzes)
    .where(inArray(quizzes.courseId, courseIds))
    .orderBy(asc(quizzes.courseId), asc(quizzes.position), asc(quizzes.id));
}
