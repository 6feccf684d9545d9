import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COHORT_FULL_MESSAGE } from '@app/contract/cohort-rules';
import { COHORT_CANCEL_JOB, COHORT_SEAT_JOB } from '../../src/commands/cohorts.ts';
import { notifications } from '../../src/db/schema.ts';
import { cohortSeats, cohortWaitlist } from '../../src/db/schema-cohorts.ts';
import { enrolments, orders, refunds } from '../../src/db/schema-money.ts';
import { lagosDateTime } from '../../src/i18n/index.ts';
import { lagosText } from '../../src/lib/cohort-clock.ts';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { eventually, sandboxWithJobs } from '../orders/helpers.ts';
import { buySeat, chargeSeat, makeCohort, pay } from './helpers.ts';

describe('cohort seats', () => {
  const t = useTestApp(sandboxWithJobs({}, [COHORT_SEAT_JOB, COHORT_CANCEL_JOB]));

  const setup = async (capacity: number, nairaPrice = 20000) => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice });
    const cohort = await makeCohort(t, tutor, course, { capacity });
    return { tutor, course, cohort };
  };

  // 50 checkouts at once: slow on a loaded machine.
  it(
    'gives 10 seats to 50 buyers at once: 10 enrolments, 40 refused as full and offered the waitlist',
    { timeout: 120_000 },
    async () => {
      const { course, cohort } = await setup(10);
      const students = await Promise.all(Array.from({ length: 50 }, () => buildStudent(t)));
      const answers = await Promise.all(students.map((s) => chargeSeat(t, s, course.id, cohort.id)));
      const won = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      expect(won).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const r of refused) {
        expect(r.status).toBe(409);
        expect(r.body.responseDto.message).toBe(COHORT_FULL_MESSAGE);
        expect((r.body as { waitlistCohortId?: number }).waitlistCohortId).toBe(cohort.id);
      }
      await Promise.all(won.map((w) => pay(t, w.body.initializeTransactionResponse.data.reference)));
      const enrolled = await t.ctx.db.select().from(enrolments).where(eq(enrolments.courseId, course.id));
      expect(enrolled).toHaveLength(10);
      const list = await t.op('cohortList', { body: { courseId: course.id } });
      expect(list.body.cohorts[0]).toMatchObject({ seatsTaken: 10, seatsLeft: 0, capacity: 10 });
      expect(list.body.cohorts[0]!.summary).toMatch(
        /^Starts \d+ \w+ \d{4}, \d\d:\d\d WAT · 0 of 10 seats left$/,
      );
    },
  );

  it("charges the cohort's own price, with a coupon off it", async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 5000 });
    const cohort = await makeCohort(t, tutor, course, { nairaPrice: 30000 });
    const coupon = await t.op('couponSave', {
      body: {
        courseId: course.id,
        code: 'COHORT10',
        kind: 'percent',
        value: 10,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      token: tutor.token,
    });
    expect(coupon.status, coupon.text).toBe(200);
    const student = await buildStudent(t);
    const res = await t.op('cardCharge', {
      body: { courseIds: [course.id], cohortId: cohort.id, coupon: 'COHORT10' },
      token: student.token,
    });
    expect(res.status, res.text).toBe(200);
    const [order] = await t.ctx.db
      .select()
      .from(orders)
      .where(eq(orders.reference, res.body.initializeTransactionResponse.data.reference));
    expect(order!.amountKobo).toBe(2_700_000);
  });

  it('holds a seat for a pending transfer until it expires, then offers it to the first on the waitlist', async () => {
    const { course, cohort } = await setup(1);
    const [payer, first, second, other] = await Promise.all([1, 2, 3, 4].map(() => buildStudent(t)));
    const held = await chargeSeat(t, payer!, course.id, cohort.id, 'bank_transfer');
    expect(held.status, held.text).toBe(200);
    // The transfer's seat is held: nobody else may buy it.
    const full = await chargeSeat(t, first!, course.id, cohort.id);
    expect(full.status).toBe(409);
    for (const s of [first!, second!]) {
      const w = await t.op('waitlistJoin', { body: { cohortId: cohort.id }, token: s.token });
      expect(w.status, w.text).toBe(200);
      expect(w.body.waitlist).toBe('waiting');
    }
    // The transfer expires: the sweep abandons the order and the seat goes to the first waiting.
    const reference = held.body.initializeTransactionResponse.data.reference;
    await t.ctx.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.reference, reference));
    await t.ctx.db
      .update(cohortSeats)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(cohortSeats.cohortId, cohort.id));
    const { abandonExpiredOrders } = await import('../../src/commands/orders.ts');
    await abandonExpiredOrders(t.ctx.db);
    const { offerFreedSeatsEverywhere } = await import('../../src/commands/cohorts.ts');
    await offerFreedSeatsEverywhere(t.ctx.db);
    const [offer] = await t.ctx.db
      .select()
      .from(cohortWaitlist)
      .where(and(eq(cohortWaitlist.cohortId, cohort.id), eq(cohortWaitlist.studentId, first!.id)));
    expect(offer!.status).toBe('offered');
    const hours = (offer!.offerExpiresAt!.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const [told] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, first!.id), eq(notifications.type, 'cohort-seat-offered')));
    expect(told!.message).toMatch(/A seat is free in "January cohort".*It is yours if you buy it before/);
    // The offer keeps its moment: the bell writes it in the reader's language, and follows a change of it.
    const until = offer!.offerExpiresAt!;
    expect(told!.messageValues).toMatchObject({ untilAt: until.toISOString() });
    expect(told!.message).toContain(`before ${lagosText(until)}.`);
    await t.op('languageUpdate', { token: first!.token, body: { language: 'yo' } });
    const bell = await t.op('notificationList', { body: { pageSize: 10, pageNo: 0 }, token: first!.token });
    expect(bell.body.notifications.find((n) => n.type === 'cohort-seat-offered')!.message).toBe(
      `Ìjókòó kan ti ṣófo nínú "January cohort" ti "${course.title}". Tìrẹ ni tí o bá rà á ṣáájú ${lagosDateTime('yo', until)}.`,
    );
    // The offered seat is theirs: the second on the list and anyone else are refused.
    expect((await chargeSeat(t, second!, course.id, cohort.id)).status).toBe(409);
    expect((await chargeSeat(t, other!, course.id, cohort.id)).status).toBe(409);
    await buySeat(t, first!, course.id, cohort.id);
    const [bought] = await t.ctx.db
      .select()
      .from(cohortWaitlist)
      .where(and(eq(cohortWaitlist.cohortId, cohort.id), eq(cohortWaitlist.studentId, first!.id)));
    expect(bought!.status).toBe('bought');
  });

  it('offers the seat a cancelled order frees to the waitlist (through the job queue)', async () => {
    const { course, cohort } = await setup(1);
    const [payer, waiting] = await Promise.all([buildStudent(t), buildStudent(t)]);
    const held = await chargeSeat(t, payer, course.id, cohort.id, 'ussd');
    expect(held.status).toBe(200);
    await t.op('waitlistJoin', { body: { cohortId: cohort.id }, token: waiting.token });
    const cancel = await t.op('orderCancel', {
      body: { reference: held.body.initializeTransactionResponse.data.reference },
      token: payer.token,
    });
    expect(cancel.status, cancel.text).toBe(200);
    t.ctx.worker!.wake();
    await eventually(async () => {
      const [row] = await t.ctx.db
        .select()
        .from(cohortWaitlist)
        .where(and(eq(cohortWaitlist.cohortId, cohort.id), eq(cohortWaitlist.studentId, waiting.id)));
      expect(row!.status).toBe('offered');
    });
  });

  it('refunds the paid seats of a cancelled cohort through the refund flow', async () => {
    const { tutor, course, cohort } = await setup(5);
    const buyers = await Promise.all([1, 2].map(() => buildStudent(t)));
    for (const b of buyers) await buySeat(t, b, course.id, cohort.id);
    const other = await buildTutor(t);
    expect((await t.op('cohortCancel', { body: { cohortId: cohort.id }, token: other.token })).status).toBe(
      403,
    );
    const res = await t.op('cohortCancel', { body: { cohortId: cohort.id }, token: tutor.token });
    expect(res.status, res.text).toBe(200);
    t.ctx.worker!.wake();
    await eventually(async () => {
      const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.courseId, course.id));
      expect(rows).toHaveLength(2);
      for (const r of rows) {
        expect(r.status).toBe('approved');
        expect(r.providerRefundId).toBeTruthy();
        expect(r.reason).toBe('The cohort was cancelled.');
      }
    });
    const told = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, buyers[0]!.id), eq(notifications.type, 'cohort-cancelled')));
    expect(told).toHaveLength(1);
    // A cancelled cohort sells nothing.
    const late = await chargeSeat(t, await buildStudent(t), course.id, cohort.id);
    expect(late.status).toBe(400);
    expect(late.body.responseDto.message).toBe('This cohort was cancelled.');
  });

  it('refuses a course sold in cohorts only without a cohort, and a cohort of another course', async () => {
    const { tutor, course, cohort } = await setup(5);
    const off = await t.op('cohortOffering', {
      body: { courseId: course.id, offering: 'cohorts' },
      token: tutor.token,
    });
    expect(off.status, off.text).toBe(200);
    const student = await buildStudent(t);
    const plain = await t.op('cardCharge', { body: { courseIds: [course.id] }, token: student.token });
    expect(plain.status).toBe(400);
    expect(plain.body.responseDto.message).toContain('is taught in cohorts. Choose a cohort to buy a seat.');
    const elsewhere = await buildApprovedCourse(t, tutor);
    const wrong = await chargeSeat(t, student, elsewhere.id, cohort.id);
    expect(wrong.status).toBe(400);
    expect(wrong.body.responseDto.message).toBe("Add the cohort's course to the cart to buy a seat.");
  });
});
