import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema-money.ts';
import { buildStudent, buildTutor, useAccounts } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { days, redemptionStatuses, saveCoupon } from '../coupons/helpers.ts';
import { orderRow } from '../orders/helpers.ts';
import {
  buyOnPlanByCard,
  canWatch,
  chargeOnPlan,
  offerPlan,
  payByCard,
  plansApp,
  statusOf,
} from './helpers.ts';

// Sales apply to every course of a category: this file has its own database, so they touch no other test's plans.
describe('instalment plans: coupons, sales and cancelling', () => {
  const t = useTestApp(plansApp());
  const [admin] = useAccounts(t, 'admin');

  it('a coupon applies to the plan total; its use is reserved with the first payment and confirmed when paid', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 20000, category: 'MobileEngineer' });
    const plan = await offerPlan(t, tutor, course.id, { firstValue: 50, furtherPayments: 1 });
    const coupon = await saveCoupon(t, tutor, course.id, { value: 25 });
    const student = await buildStudent(t);
    const quote = await t.op('planQuote', {
      body: { planId: plan.id, coupon: coupon.code },
      token: student.token,
    });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body.total).toBe(15000);
    expect(quote.body.schedule.map((s) => s.amount)).toEqual([7500, 7500]);

    const { reference, url } = await chargeOnPlan(t, student, course.id, plan.id, { coupon: coupon.code });
    expect((await orderRow(t, reference)).amountKobo).toBe(750_000);
    expect(await redemptionStatuses(t, coupon.id)).toEqual(['reserved']);
    await payByCard(url, false);
    expect(await redemptionStatuses(t, coupon.id)).toEqual(['confirmed']);
    const order = await t.op('orderGet', { params: { reference }, token: student.token });
    expect(order.body.order.plan).toMatchObject({ total: 15000 });
  });

  it('a site-wide sale lower than the coupon wins, as in the cart: the plan total is the sale price', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 20000, category: 'DevopsEngineer' });
    const plan = await offerPlan(t, tutor, course.id, { firstValue: 50, furtherPayments: 1 });
    const coupon = await saveCoupon(t, tutor, course.id, { value: 25 });
    const sale = await t.op('saleSave', {
      body: { percent: 40, startsAt: days(-1), endsAt: days(1), categories: ['DevopsEngineer'] },
      token: admin.token,
    });
    expect(sale.status, sale.text).toBe(200);
    const student = await buildStudent(t);
    const listed = await t.op('planList', { body: { courseId: course.id } });
    expect(listed.body.plans[0]!.total).toBe(12000);
    const quote = await t.op('planQuote', {
      body: { planId: plan.id, coupon: coupon.code },
      token: student.token,
    });
    expect(quote.body.total).toBe(12000);
    const { reference } = await chargeOnPlan(t, student, course.id, plan.id, { coupon: coupon.code });
    expect((await orderRow(t, reference)).amountKobo).toBe(600_000);
    expect(await redemptionStatuses(t, coupon.id)).toEqual([]);
  });

  it('an admin cancels a plan: audited, no more payments, the course locked; the student cannot cancel twice', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 9000, category: 'ProductOwner' });
    const plan = await offerPlan(t, tutor, course.id);
    const student = await buildStudent(t);
    const { plan: bought } = await buyOnPlanByCard(t, student, course.id, plan.id);
    const stranger = await buildStudent(t);
    expect((await t.op('planCancel', { body: { planId: bought.id }, token: stranger.token })).status).toBe(
      404,
    );
    const cancelled = await t.op('adminPlanCancel', { body: { planId: bought.id }, token: admin.token });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await statusOf(t, bought.id)).toBe('cancelled');
    expect(await canWatch(t, student, course.id)).toBe(false);
    const again = await t.op('planCancel', { body: { planId: bought.id }, token: student.token });
    expect(again.status).toBe(400);
    expect(again.body.responseDto.message).toBe('This instalment plan is already cancelled.');
    const pay = await t.op('planPay', { body: { planId: bought.id }, token: student.token });
    expect(pay.status).toBe(400);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.cancelled'), eq(auditLog.subjectId, String(bought.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(admin.id);
  });
});
