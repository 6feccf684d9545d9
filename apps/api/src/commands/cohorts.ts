import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { COHORT_FULL_MESSAGE, SEAT_OFFER_HOURS, type TCourseOffering } from '@app/contract/cohort-rules';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { cohortSeats, cohortWaitlist, cohorts, courseOfferings } from '../db/schema-cohorts.ts';
import { orders, refunds } from '../db/schema-money.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { cohortNow } from '../lib/cohort-clock.ts';
import { assertEnrolmentOpen, assertRunsCourse, cohortStatus } from '../policies/cohort.ts';
import {
  cohortById,
  cohortsWithWaitlist,
  firstWaiting,
  lockCohort,
  paidSeatLines,
  seatsSpoken,
  waitlistEntry,
  type CohortRow,
} from '../queries/cohorts.ts';
import { courseOwner } from '../queries/courses.ts';
import { enqueue } from '../queue/queue.ts';
import { notify, type NewNotification } from './notify.ts';
import { queueCohortAssignmentReminders, queueCohortStart } from './cohort-reminders.ts';

/** The job that offers freed seats to the waitlist (jobs/cohorts.ts): `{ cohortId }`, or every cohort. */
export const COHORT_SEAT_JOB = 'cohort-seats';

export const COHORT_NOT_FOUND = 'Cohort not found.';

/** 409 'This cohort is full.': the route answers the cohort's id beside it, for the waitlist. */
export class CohortFullError extends AppError {
  constructor(readonly cohortId: number) {
    super(409, 'conflict', COHORT_FULL_MESSAGE);
  }
}

export type CohortInput = {
  id?: number;
  courseId: number;
  name: string;
  startsAt: Date;
  endsAt: Date;
  enrolOpensAt?: Date;
  enrolClosesAt?: Date;
  capacity: number;
  priceKobo: number | null;
};

/** A cohort of the tutor's course (404 unknown, 403 another tutor's). */
export async function ownCohort(db: Db, account: Account, id: number): Promise<CohortRow> {
  const cohort = (await cohortById(db, id)) ?? notFound(COHORT_NOT_FOUND);
  assertRunsCourse(account, cohort);
  return cohort;
}

/**
 * `POST /cohort/save`: a new cohort of one of the tutor's courses, or a change of one not cancelled. The enrolment
 * window defaults to "from now until the start"; the capacity cannot go below the seats already taken.
 */
export async function saveCohort(db: Db, tutor: Account, input: CohortInput): Promise<number> {
  if (input.endsAt.getTime() <= input.startsAt.getTime()) badRequest('A cohort must end after it starts.');
  const enrolOpensAt = input.enrolOpensAt ?? cohortNow();
  const enrolClosesAt = input.enrolClosesAt ?? input.startsAt;
  if (enrolClosesAt.getTime() <= enrolOpensAt.getTime()) badRequest('Enrolment must close after it opens.');
  if (enrolClosesAt.getTime() > input.endsAt.getTime())
    badRequest('Enrolment must close before the cohort ends.');
  const values = {
    name: input.name,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    enrolOpensAt,
    enrolClosesAt,
    capacity: input.capacity,
    priceKobo: input.priceKobo,
  };
  if (input.id === undefined) {
    const course = (await courseOwner(db, input.courseId)) ?? notFound('Course not found.');
    assertRunsCourse(tutor, course);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cohorts)
        .values({ courseId: course.id, ...values })
        .returning({ id: cohorts.id });
      await queueCohortStart(tx, row!.id, values.startsAt);
      await queueCohortAssignmentReminders(tx, {
        id: row!.id,
        courseId: course.id,
        startsAt: values.startsAt,
      });
      return row!.id;
    });
  }
  const existing = await ownCohort(db, tutor, input.id);
  if (existing.courseId !== input.courseId) badRequest('A cohort cannot move to another course.');
  if (existing.cancelledAt) badRequest('This cohort was cancelled.');
  return db.transaction(async (tx) => {
    await lockCohort(tx, existing.id);
    const spoken = await seatsSpoken(tx, existing.id);
    if (input.capacity < spoken)
      badRequest(`This cohort already has ${spoken} seats taken or held; the capacity cannot be lower.`);
    await tx
      .update(cohorts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(cohorts.id, existing.id));
    // A larger capacity frees seats for the waitlist.
    await enqueue(tx, COHORT_SEAT_JOB, { cohortId: existing.id });
    if (existing.startsAt.getTime() !== values.startsAt.getTime()) {
      await queueCohortStart(tx, existing.id, values.startsAt);
      await queueCohortAssignmentReminders(tx, { ...existing, startsAt: values.startsAt });
    }
    return existing.id;
  });
}

/** `POST /cohort/offering`: how the tutor sells the course (self-paced, cohorts, both). */
export async function setOffering(db: Db, tutor: Account, courseId: number, offering: TCourseOffering) {
  const course = (await courseOwner(db, courseId)) ?? notFound('Course not found.');
  assertRunsCourse(tutor, course);
  await db
    .insert(courseOfferings)
    .values({ courseId, offering })
    .onConflictDoUpdate({ target: courseOfferings.courseId, set: { offering } });
}

/**
 * Holds a seat of the cohort for a checkout's order, in the checkout's transaction: under the cohort's lock, the
 * seats in use and the open waitlist offers of others are counted, and a full cohort refuses (409, CohortFullError).
 * A waitlisted student's open offer is their seat.
 */
export async function holdSeat(
  tx: Tx,
  input: { cohortId: number; courseId: number; studentId: number; orderId: number; heldUntil: Date },
): Promise<void> {
  const cohort = await lockCohort(tx, input.cohortId);
  if (!cohort || cohort.courseId !== input.courseId)
    return badRequest('This cohort is not a run of that course.');
  assertEnrolmentOpen(cohort, cohortNow());
  if ((await seatsSpoken(tx, cohort.id, input.studentId)) >= cohort.capacity)
    throw new CohortFullError(cohort.id);
  await tx.insert(cohortSeats).values({
    cohortId: cohort.id,
    studentId: input.studentId,
    orderId: input.orderId,
    heldUntil: input.heldUntil,
  });
}

/** The paid order's held seats become taken (the member's enrolment day is now), and a waitlist place is used. */
export async function takeSeats(tx: Tx, orderId: number, studentId: number): Promise<void> {
  const taken = await tx
    .update(cohortSeats)
    .set({ status: 'taken', takenAt: cohortNow() })
    .where(and(eq(cohortSeats.orderId, orderId), eq(cohortSeats.status, 'held')))
    .returning({ cohortId: cohortSeats.cohortId });
  if (taken.length === 0) return;
  await tx
    .update(cohortWaitlist)
    .set({ status: 'bought' })
    .where(
      and(
        eq(cohortWaitlist.studentId, studentId),
        inArray(
          cohortWaitlist.cohortId,
          taken.map((t) => t.cohortId),
        ),
      ),
    );
}

/** A processed refund of a course frees the order's seat in that course's cohort, and the waitlist is offered it. */
export async function releaseRefundedSeat(tx: Tx, orderId: number, courseId: number): Promise<void> {
  const freed = await tx
    .update(cohortSeats)
    .set({ status: 'released', releasedAt: sql`now()` })
    .where(
      and(
        eq(cohortSeats.orderId, orderId),
        eq(cohortSeats.status, 'taken'),
        inArray(
          cohortSeats.cohortId,
          tx.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.courseId, courseId)),
        ),
      ),
    )
    .returning({ cohortId: cohortSeats.cohortId });
  for (const f of freed) await enqueue(tx, COHORT_SEAT_JOB, { cohortId: f.cohortId });
}

/** Queues the seat sweep of every cohort with a waitlist (after unpaid orders were abandoned). */
export async function queueSeatSweep(tx: Db | Tx, cohortId?: number): Promise<void> {
  await enqueue(tx, COHORT_SEAT_JOB, cohortId ? { cohortId } : {});
}

/** `POST /cohort/waitlist/join`: a student waits for a seat of a full cohort (once; joining again changes nothing). */
export async function joinWaitlist(
  ctx: Pick<AppContext, 'db' | 'worker'>,
  student: Account,
  cohortId: number,
): Promise<'waiting' | 'offered' | 'lapsed' | 'bought'> {
  const cohort = (await cohortById(ctx.db, cohortId)) ?? notFound(COHORT_NOT_FOUND);
  assertEnrolmentOpen(cohort, cohortNow());
  await ctx.db
    .insert(cohortWaitlist)
    .values({ cohortId, studentId: student.id })
    .onConflictDoNothing({ target: [cohortWaitlist.cohortId, cohortWaitlist.studentId] });
  // A seat may be free already (an expired hold): the sweep offers it at once.
  await queueSeatSweep(ctx.db, cohortId);
  ctx.worker?.wake();
  return (await waitlistEntry(ctx.db, cohortId, student.id))!.status;
}

/**
 * Offers a cohort's free seats to its waitlist, first come first served, under the cohort's lock: offers past
 * their time lapse, then each free seat goes to the next person waiting, who is told (in the app and by email) and
 * has SEAT_OFFER_HOURS to buy it. A sweep is queued for when the offers end. Answers the students offered.
 */
export async function offerFreedSeats(db: Db, cohortId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const cohort = await lockCohort(tx, cohortId);
    if (!cohort) return [];
    await tx
      .update(cohortWaitlist)
      .set({ status: 'lapsed' })
      .where(
        and(
          eq(cohortWaitlist.cohortId, cohortId),
          eq(cohortWaitlist.status, 'offered'),
          lte(cohortWaitlist.offerExpiresAt, sql`now()`),
        ),
      );
    const status = cohortStatus(cohort, cohortNow());
    if (status === 'cancelled' || status === 'finished' || cohortNow() >= cohort.enrolClosesAt) return [];
    const free = cohort.capacity - (await seatsSpoken(tx, cohortId));
    if (free <= 0) return [];
    const next = await firstWaiting(tx, cohortId, free);
    if (next.length === 0) return [];
    const expires = new Date(Date.now() + SEAT_OFFER_HOURS * 3600_000);
    await tx
      .update(cohortWaitlist)
      .set({ status: 'offered', offeredAt: sql`now()`, offerExpiresAt: expires })
      .where(
        inArray(
          cohortWaitlist.id,
          next.map((n) => n.id),
        ),
      );
    await notify(
      tx,
      next.map((n): NewNotification => ({
        accountId: n.studentId,
        type: 'cohort-seat-offered',
        message: {
          key: 'notice.cohortSeatOffered',
          values: { cohort: cohort.name, title: cohort.courseTitle, untilAt: expires.toISOString() },
        },
        link: `/course/${cohort.courseId}?cohort=${cohort.id}`,
      })),
    );
    await enqueue(tx, COHORT_SEAT_JOB, { cohortId }, { runAt: new Date(expires.getTime() + 1000) });
    return next.map((n) => n.studentId);
  });
}

/** Every cohort with a waitlist gets its sweep (after holds ended). */
export async function offerFreedSeatsEverywhere(db: Db): Promise<void> {
  for (const id of await cohortsWithWaitlist(db)) await offerFreedSeats(db, id);
}

/** The job that refunds a cancelled cohort's paid seats (jobs/cohorts.ts). */
export const COHORT_CANCEL_JOB = 'cohort-cancel-refunds';
export const COHORT_CANCEL_REASON = 'The cohort was cancelled.';

/**
 * `POST /cohort/cancel`: the cohort stops selling and its sessions end; its members are told, orders still holding
 * a seat are abandoned, and the paid seats are refunded through the refund flow by a queued job (refunds approved
 * without an admin, sent to the provider, settled by its refund event like any other).
 */
export async function cancelCohort(
  ctx: Pick<AppContext, 'db' | 'worker'>,
  tutor: Account,
  id: number,
): Promise<void> {
  const cohort = await ownCohort(ctx.db, tutor, id);
  if (cohort.cancelledAt) return;
  await ctx.db.transaction(async (tx) => {
    await lockCohort(tx, id);
    await tx
      .update(cohorts)
      .set({ cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(cohorts.id, id));
    await tx
      .update(orders)
      .set({ status: 'abandoned' })
      .where(
        and(
          eq(orders.status, 'pending'),
          inArray(
            orders.id,
            tx
              .select({ id: cohortSeats.orderId })
              .from(cohortSeats)
              .where(and(eq(cohortSeats.cohortId, id), eq(cohortSeats.status, 'held'))),
          ),
        ),
      );
    const members = await tx
      .select({ studentId: cohortSeats.studentId })
      .from(cohortSeats)
      .where(and(eq(cohortSeats.cohortId, id), eq(cohortSeats.status, 'taken')));
    await notify(
      tx,
      members.map((m): NewNotification => ({
        accountId: m.studentId,
        type: 'cohort-cancelled',
        message: {
          key: 'notice.cohortCancelled',
          values: { cohort: cohort.name, title: cohort.courseTitle },
        },
        link: '/home/orders',
      })),
    );
    await enqueue(tx, COHORT_CANCEL_JOB, { cohortId: id });
  });
  ctx.worker?.wake();
}

/**
 * Refunds a cancelled cohort's paid seats: each seat's order line gets an approved refund (a student's own request
 * still waiting is approved instead), and the provider is asked for every approved one not sent yet. A failed ask
 * throws, and the job's retry asks for the rest. Answers how many were sent.
 */
export async function refundCancelledSeats(
  ctx: Pick<AppContext, 'db' | 'payments'>,
  cohortId: number,
): Promise<number> {
  const cohort = await cohortById(ctx.db, cohortId);
  if (!cohort?.cancelledAt) return 0;
  const lines = await paidSeatLines(ctx.db, cohortId, cohort.courseId);
  let sent = 0;
  for (const line of lines) {
    const [refund] = await ctx.db
      .insert(refunds)
      .values({
        orderLineId: line.lineId,
        orderId: line.orderId,
        studentId: line.studentId,
        courseId: cohort.courseId,
        amountKobo: line.priceKobo,
        reason: COHORT_CANCEL_REASON,
        status: 'approved',
        adminNote: COHORT_CANCEL_REASON,
        decidedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: refunds.orderLineId,
        set: { status: 'approved', adminNote: COHORT_CANCEL_REASON, decidedAt: sql`now()` },
        setWhere: eq(refunds.status, 'requested'),
      })
      .returning();
    const current =
      refund ?? (await ctx.db.select().from(refunds).where(eq(refunds.orderLineId, line.lineId)))[0];
    if (!current || current.status !== 'approved' || current.providerRefundId || line.priceKobo === 0)
      continue;
    const { id: providerRefundId } = await ctx.payments.refund({
      reference: line.reference,
      amountKobo: current.amountKobo,
    });
    await ctx.db
      .update(refunds)
      .set({ providerRefundId: providerRefundId || `sent-${current.id}` })
      .where(and(eq(refunds.id, current.id), isNull(refunds.providerRefundId)));
    sent++;
  }
  return sent;
}
