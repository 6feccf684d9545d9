import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COHORT_FULL_MESSAGE } from '@app/contract/cohort-rules';
import { PLAN_DOWNLOADS_PAUSED, PLAN_SUSPENDED_REFUSAL } from '@app/contract/instalment-rules';
import { sections, series } from '../../src/db/schema.ts';
import { cohortSeats } from '../../src/db/schema-cohorts.ts';
import { enrolments, orders } from '../../src/db/schema-money.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { makeCohort } from '../cohorts/helpers.ts';
import {
  advanceDays,
  buyOnPlanByCard,
  instalmentsOf,
  offerPlan,
  payByCard,
  planOf,
  plansApp,
  setFunds,
  statusOf,
} from './helpers.ts';
import { DAY_MS, planClock } from '../../src/lib/plan-schedule.ts';

describe('instalment plans: downloads and cohort seats', () => {
  const t = useTestApp(plansApp());

  /** `POST /playback/start` of the course's first lesson, as the player does or (`offline`) as a download does. */
  const startLesson = async (student: TestAccount, courseId: number, offline: boolean) => {
    const [lesson] = await t.ctx.db
      .select({ id: series.id })
      .from(series)
      .innerJoin(sections, eq(sections.id, series.sectionId))
      .where(eq(sections.courseId, courseId))
      .orderBy(asc(sections.id), asc(series.id))
      .limit(1);
    return t.op('playbackStart', {
      body: {
        courseId,
        seriesId: lesson!.id,
        deviceId: `device-of-student-${student.id}`,
        ...(offline ? { offline: true } : {}),
      },
      token: student.token,
    });
  };

  it('pauses new downloads while a payment is late and refuses them while suspended; watching follows the plan', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 30000 });
    const plan = await offerPlan(t, tutor, course.id);
    const student = await buildStudent(t);
    const bought = await buyOnPlanByCard(t, student, course.id, plan.id);
    // Up to date: a download is no more refused than a player (the demo video is not transcoded here: a 409).
    const upToDate = await startLesson(student, course.id, true);
    expect(upToDate.body.responseDto.message).not.toBe(PLAN_DOWNLOADS_PAUSED);
    expect(upToDate.status).not.toBe(403);

    await setFunds(t, student.id, true);
    const [, second] = await instalmentsOf(t, bought.plan.id);
    await advanceDays(t, (second!.dueAt.getTime() - planClock.now().getTime()) / DAY_MS + 0.1);
    expect(await statusOf(t, bought.plan.id)).toBe('past_due');
    const paused = await startLesson(student, course.id, true);
    expect(paused.status).toBe(403);
    expect(paused.body.responseDto.message).toBe(PLAN_DOWNLOADS_PAUSED);
    const watching = await startLesson(student, course.id, false);
    expect(watching.status).toBe(upToDate.status);

    await advanceDays(t, 7);
    expect(await statusOf(t, bought.plan.id)).toBe('suspended');
    const refused = await startLesson(student, course.id, true);
    expect(refused.status).toBe(403);
    expect(refused.body.responseDto.message).toBe(PLAN_SUSPENDED_REFUSAL);
    expect((await startLesson(student, course.id, false)).status).toBe(403);
  });

  it("holds a cohort's seat with a plan's first payment like a checkout, at the cohort's price; a full cohort is a 409", async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 5000 });
    const cohort = await makeCohort(t, tutor, course, { capacity: 1, nairaPrice: 30000 });
    const plan = await offerPlan(t, tutor, course.id); // 40 % now, two monthly payments
    const first = await buildStudent(t);

    const quote = await t.op('planQuote', {
      body: { planId: plan.id, cohortId: cohort.id },
      token: first.token,
    });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body.total).toBe(30000);
    expect(quote.body.schedule.map((s) => s.amount)).toEqual([12000, 9000, 9000]);

    const res = await t.op('cardCharge', {
      body: { courseIds: [course.id], planId: plan.id, cohortId: cohort.id, channel: 'card', saveCard: true },
      token: first.token,
    });
    expect(res.status, res.text).toBe(200);
    const { reference, authorization_url: url } = res.body.initializeTransactionResponse.data;
    const [order] = await t.ctx.db.select().from(orders).where(eq(orders.reference, reference));
    expect(order!.amountKobo).toBe(1_200_000);
    const seatOf = async (studentId: number) =>
      t.ctx.db
        .select()
        .from(cohortSeats)
        .where(and(eq(cohortSeats.cohortId, cohort.id), eq(cohortSeats.studentId, studentId)));
    expect((await seatOf(first.id)).map((s) => [s.status, s.orderId])).toEqual([['held', order!.id]]);

    // The one seat is held: another plan buyer, and a buyer in full, are refused with the waitlist offered.
    const second = await buildStudent(t);
    for (const body of [
      { courseIds: [course.id], planId: plan.id, cohortId: cohort.id },
      { courseIds: [course.id], cohortId: cohort.id },
    ]) {
      const full = await t.op('cardCharge', { body, token: second.token });
      expect(full.status).toBe(409);
      expect(full.body.responseDto.message).toBe(COHORT_FULL_MESSAGE);
      expect((full.body as { waitlistCohortId?: number }).waitlistCohortId).toBe(cohort.id);
    }

    await payByCard(url, true);
    expect((await seatOf(first.id)).map((s) => s.status)).toEqual(['taken']);
    const enrolled = await t.ctx.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.courseId, course.id), eq(enrolments.studentId, first.id)));
    expect(enrolled).toHaveLength(1);
    const bought = await planOf(t, first.id, course.id);
    expect(bought).toMatchObject({ status: 'active', totalKobo: 3_000_000 });
  });

  it('a plan of a course taught in cohorts needs one of its cohorts', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 30000 });
    const plan = await offerPlan(t, tutor, course.id);
    const other = await buildApprovedCourse(t, tutor, { nairaPrice: 30000 });
    const foreign = await makeCohort(t, tutor, other);
    const student = await buildStudent(t);
    const res = await t.op('cardCharge', {
      body: { courseIds: [course.id], planId: plan.id, cohortId: foreign.id },
      token: student.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.responseDto.message).toBe("Add the cohort's course to the cart to buy a seat.");
    const own = await makeCohort(t, tutor, course);
    const offering = await t.op('cohortOffering', {
      body: { courseId: course.id, offering: 'cohorts' },
      token: tutor.token,
    });
    expect(offering.status, offering.text).toBe(200);
    const none = await t.op('cardCharge', {
      body: { courseIds: [course.id], planId: plan.id },
      token: student.token,
    });
    expect(none.status).toBe(400);
    expect(none.body.responseDto.message).toMatch(/is taught in cohorts\. Choose a cohort to buy a seat\.$/);
    const res2 = await t.op('cardCharge', {
      body: { courseIds: [course.id], planId: plan.id, cohortId: own.id },
      token: student.token,
    });
    expect(res2.status, res2.text).toBe(200);
  });
});
