import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { accounts, courses } from '../db/schema.ts';
import { ledgerEntries, orders } from '../db/schema-money.ts';
import { coursePlans, instalmentPlans, instalments, planPayments, savedCards } from '../db/schema-plans.ts';

// Reads of instalment plans: the plans a course offers, a student's plans and their payments, saved cards, the
// admin's list of late plans, and the tutors' scheduled earnings.

export type CoursePlanRow = typeof coursePlans.$inferSelect;
export type PlanRow = typeof instalmentPlans.$inferSelect;
export type InstalmentRow = typeof instalments.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;

/** The plans a course offers now (not removed), oldest first. */
export const offeredPlans = (db: Db | Tx, courseId: number) =>
  db
    .select()
    .from(coursePlans)
    .where(and(eq(coursePlans.courseId, courseId), isNull(coursePlans.removedAt)))
    .orderBy(asc(coursePlans.id));

/** One offered plan by id (removed ones too: the caller decides). */
export async function coursePlanById(db: Db | Tx, id: number): Promise<CoursePlanRow | undefined> {
  const [row] = await db.select().from(coursePlans).where(eq(coursePlans.id, id));
  return row;
}

/** A bought plan by id, or undefined. */
export async function planById(db: Db | Tx, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(instalmentPlans).where(eq(instalmentPlans.id, id));
  return row;
}

/** A bought plan locked (`FOR UPDATE`) until the caller's transaction ends: its payments settle one at a time. */
export async function lockPlan(tx: Tx, id: number): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(instalmentPlans).where(eq(instalmentPlans.id, id)).for('update');
  return row;
}

/** A plan's payments in order. */
export const planInstalments = (db: Db | Tx, planId: number) =>
  db.select().from(instalments).where(eq(instalments.planId, planId)).orderBy(asc(instalments.number));

/** Payments of several plans, in order within each. */
export const instalmentsOfPlans = (db: Db | Tx, planIds: number[]) =>
  planIds.length === 0
    ? Promise.resolve([] as InstalmentRow[])
    : db
        .select()
        .from(instalments)
        .where(inArray(instalments.planId, planIds))
        .orderBy(asc(instalments.planId), asc(instalments.number));

/** One payment with its plan, or undefined. */
export async function instalmentWithPlan(db: Db | Tx, instalmentId: number) {
  const [row] = await db
    .select({ instalment: instalments, plan: instalmentPlans })
    .from(instalments)
    .innerJoin(instalmentPlans, eq(instalmentPlans.id, instalments.planId))
    .where(eq(instalments.id, instalmentId));
  return row;
}

/** Which plan payments an order makes, or undefined for any other order. */
export async function planPaymentOfOrder(db: Db | Tx, orderId: number) {
  const [row] = await db.select().from(planPayments).where(eq(planPayments.orderId, orderId));
  return row;
}

/** The plan whose first payment `orderId` is, or undefined. */
export async function planOfOrder(db: Db | Tx, orderId: number): Promise<PlanRow | undefined> {
  const [row] = await db
    .select({ plan: instalmentPlans })
    .from(planPayments)
    .innerJoin(instalmentPlans, eq(instalmentPlans.id, planPayments.planId))
    .where(eq(planPayments.orderId, orderId));
  return row?.plan;
}

/** The plans several orders pay (part of), by order id. */
export async function plansOfOrders(db: Db | Tx, orderIds: number[]): Promise<Map<number, PlanRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: planPayments.orderId, plan: instalmentPlans })
    .from(planPayments)
    .innerJoin(instalmentPlans, eq(instalmentPlans.id, planPayments.planId))
    .where(inArray(planPayments.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r.plan]));
}

/** The references of the orders that paid each instalment, by order id. */
export async function orderReferences(db: Db | Tx, orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, reference: orders.reference })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return new Map(rows.map((r) => [r.id, r.reference]));
}

/** A student's bought plans (pending ones, still unpaid, left out), newest first, with their course titles. */
export const studentPlans = (db: Db, studentId: number) =>
  db
    .select({ plan: instalmentPlans, title: courses.title })
    .from(instalmentPlans)
    .innerJoin(courses, eq(courses.id, instalmentPlans.courseId))
    .where(and(eq(instalmentPlans.studentId, studentId), sql`${instalmentPlans.status} <> 'pending'`))
    .orderBy(desc(instalmentPlans.id));

/** The status of a student's latest started plan of a course (paid at least once), or undefined when none. */
export async function latestPlanStatus(db: Db | Tx, studentId: number, courseId: number) {
  const [row] = await db
    .select({ status: instalmentPlans.status })
    .from(instalmentPlans)
    .where(
      and(
        eq(instalmentPlans.studentId, studentId),
        eq(instalmentPlans.courseId, courseId),
        sql`${instalmentPlans.status} <> 'pending'`,
      ),
    )
    .orderBy(desc(instalmentPlans.id))
    .limit(1);
  return row?.status;
}

/**
 * The courses among `courseIds` a student's plan locks: suspended (too late with a payment), or cancelled before
 * it was completed. The enrolment and the progress stay; the course is not watchable until the plan is paid up.
 */
export async function lockedPlanCourses(
  db: Db | Tx,
  studentId: number,
  courseIds: number[],
): Promise<Set<number>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .select({ courseId: instalmentPlans.courseId })
    .from(instalmentPlans)
    .where(
      and(
        eq(instalmentPlans.studentId, studentId),
        inArray(instalmentPlans.courseId, courseIds),
        inArray(instalmentPlans.status, ['suspended', 'cancelled']),
        // A cancelled plan locks only when no later plan of the course is live.
        sql`not exists (select 1 from ${instalmentPlans} p2 where p2.student_id = ${instalmentPlans.studentId}
              and p2.course_id = ${instalmentPlans.courseId} and p2.id > ${instalmentPlans.id}
              and p2.status in ('active', 'past_due', 'completed'))`,
      ),
    );
  return new Set(rows.map((r) => r.courseId));
}

/** A student's saved cards still usable, newest first. */
export const studentCards = (db: Db | Tx, studentId: number) =>
  db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.studentId, studentId), isNull(savedCards.removedAt)))
    .orderBy(desc(savedCards.id));

/** A saved card by id. */
export async function savedCardById(db: Db | Tx, id: number): Promise<SavedCardRow | undefined> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.id, id));
  return row;
}

/** Plans past due or suspended (or one of them), the most overdue first, with their students and courses. */
export async function latePlans(
  db: Db,
  opts: { status?: 'past_due' | 'suspended'; pageSize: number; pageNo: number; now: Date },
) {
  const statuses = opts.status ? [opts.status] : (['past_due', 'suspended'] as const);
  const where = inArray(instalmentPlans.status, [...statuses]);
  const arrears = sql<number>`coalesce((select sum(i.amount_kobo) from ${instalments} i
      where i.plan_id = ${instalmentPlans.id} and i.state <> 'paid' and i.state <> 'cancelled'
        and i.due_at <= ${opts.now.toISOString()}::timestamptz), 0)::bigint`;
  const overdueSince = sql<string | null>`(select min(i.due_at) from ${instalments} i
      where i.plan_id = ${instalmentPlans.id} and i.state in ('scheduled', 'charging'))`;
  const rows = await db
    .select({
      plan: instalmentPlans,
      title: courses.title,
      studentName: accounts.fullName,
      studentEmail: accounts.email,
      overdueSince,
      paidKobo: sql<number>`coalesce((select sum(i.amount_kobo) from ${instalments} i
          where i.plan_id = ${instalmentPlans.id} and i.state = 'paid'), 0)::bigint`,
      arrears,
    })
    .from(instalmentPlans)
    .innerJoin(courses, eq(courses.id, instalmentPlans.courseId))
    .innerJoin(accounts, eq(accounts.id, instalmentPlans.studentId))
    .where(where)
    .orderBy(sql`${overdueSince} asc nulls last`, desc(instalmentPlans.id))
    .limit(opts.pageSize)
    .offset(opts.pageNo * opts.pageSize);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int`, arrears: sql<number>`coalesce(sum(${arrears}), 0)::bigint` })
    .from(instalmentPlans)
    .where(where);
  return { rows, total: total?.n ?? 0, totalArrearsKobo: Number(total?.arrears ?? 0) };
}

/** The instalments still unpaid of a tutor's live plans, with the course's tutor: what is scheduled to come. */
export async function scheduledKoboOfTutor(db: Db, tutorId: number): Promise<number[]> {
  const rows = await db
    .select({ amountKobo: instalments.amountKobo })
    .from(instalments)
    .innerJoin(instalmentPlans, eq(instalmentPlans.id, instalments.planId))
    .innerJoin(courses, eq(courses.id, instalmentPlans.courseId))
    .where(
      and(
        eq(courses.tutorId, tutorId),
        inArray(instalmentPlans.status, ['active', 'past_due', 'suspended']),
        inArray(instalments.state, ['scheduled', 'charging']),
      ),
    );
  return rows.map((r) => Number(r.amountKobo));
}

/** The tutor's net received from instalment plans (the sale lines of every plan payment, refunds taken off). */
export async function receivedNetOfTutor(db: Db, tutorId: number): Promise<number> {
  const [row] = await db
    .select({ net: sql<number>`coalesce(sum(${ledgerEntries.netKobo}), 0)::bigint` })
    .from(ledgerEntries)
    .innerJoin(planPayments, eq(planPayments.orderId, ledgerEntries.orderId))
    .where(eq(ledgerEntries.tutorId, tutorId));
  return Number(row?.net ?? 0);
}

/** An order that pays a plan, as read: whether it is its first payment, the plan, its payments and their orders. */
export type OrderPlanFacts = {
  first: boolean;
  plan: PlanRow;
  items: InstalmentRow[];
  references: ReadonlyMap<number, string>;
};

/** For each of these orders that pays a plan: whether it is the first payment, the plan, its payments, references. */
export async function orderPlanFacts(db: Db | Tx, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, OrderPlanFacts>();
  const rows = await db
    .select({ orderId: planPayments.orderId, kind: planPayments.kind, plan: instalmentPlans })
    .from(planPayments)
    .innerJoin(instalmentPlans, eq(instalmentPlans.id, planPayments.planId))
    .where(inArray(planPayments.orderId, orderIds));
  const items = await instalmentsOfPlans(db, [...new Set(rows.map((r) => r.plan.id))]);
  const references = await orderReferences(
    db,
    items.flatMap((i) => (i.orderId ? [i.orderId] : [])),
  );
  return new Map(
    rows.map((r): [number, OrderPlanFacts] => [
      r.orderId,
      {
        first: r.kind === 'first',
        plan: r.plan,
        items: items.filter((i) => i.planId === r.plan.id),
        references,
      },
    ]),
  );
}
