import { and, eq } from 'drizzle-orm';
import { recordRefund } from '../../src/commands/ledger.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, courseStatusHistory, progress, reviews, sections, series } from '../../src/db/schema.ts';
import { watchCoverage } from '../../src/db/schema-learning.ts';
import { couponRedemptions } from '../../src/db/schema-growth.ts';
import { enrolments, ledgerEntries, orders } from '../../src/db/schema-money.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, type TestCourse } from '../factories-course.ts';
import { useTestApp, type TestApp } from '../harness.ts';
import { orderRow, submitForm } from '../orders/helpers.ts';
import { saveCoupon } from '../coupons/helpers.ts';

/** Buys `courseIds` in the sandbox (card, Pay) with an optional coupon; answers the order's id. */
async function buy(t: TestApp, student: TestAccount, courseIds: number[], coupon?: string) {
  const res = await t.op('cardCharge', {
    body: { courseIds, ...(coupon ? { coupon } : {}) },
    token: student.token,
  });
  expect(res.status, res.text).toBe(200);
  const data = res.body.initializeTransactionResponse.data;
  expect((await submitForm(t, await (await fetch(data.authorization_url)).text(), 'Pay')).status).toBe(303);
  const order = await orderRow(t, data.reference);
  expect(order.status).toBe('paid');
  return order.id;
}

/** Moves an order's sale (ledger, enrolments, coupon uses, payment) and its buyer's sign-up to `at`. */
async function dateOrder(t: TestApp, orderId: number, studentId: number, at: string) {
  const when = new Date(at);
  const db = t.ctx.db;
  await db.update(ledgerEntries).set({ createdAt: when }).where(eq(ledgerEntries.orderId, orderId));
  await db.update(enrolments).set({ createdAt: when }).where(eq(enrolments.orderId, orderId));
  await db.update(couponRedemptions).set({ createdAt: when }).where(eq(couponRedemptions.orderId, orderId));
  await db.update(orders).set({ paidAt: when }).where(eq(orders.id, orderId));
  await db.update(accounts).set({ createdAt: when }).where(eq(accounts.id, studentId));
}

// Far-future dates keep other files' data (PostgreSQL runs share one database) out of the windows.
describe('dashboards against known data', () => {
  const t = useTestApp();
  let tutor: TestAccount;
  let a: TestCourse;
  let b: TestCourse;
  let code: string;
  let admin: TestAccount;

  beforeAll(async () => {
    tutor = await buildTutor(t);
    a = await buildApprovedCourse(t, tutor, { nairaPrice: 10_000, title: 'Dash A' });
    b = await buildApprovedCourse(t, tutor, { nairaPrice: 4000, title: 'Dash B' });
    code = (await saveCoupon(t, tutor, a.id, { value: 50 })).code;
    const [s1, s2] = [await buildStudent(t), await buildStudent(t)];
    await dateOrder(t, await buy(t, s1, [a.id], code), s1.id, '2098-01-05T10:00:00Z');
    await dateOrder(t, await buy(t, s2, [a.id, b.id]), s2.id, '2098-01-20T10:00:00Z');
    await t.ctx.db
      .update(accounts)
      .set({ createdAt: new Date('2098-01-02T10:00:00Z') })
      .where(eq(accounts.id, tutor.id));
    // Reviews (4 and 5 stars), 3 minutes watched, and s2 finishing every lesson of B.
    await t.ctx.db.insert(reviews).values([
      { courseId: a.id, studentId: s1.id, rating: 4, createdAt: new Date('2098-01-20T11:00:00Z') },
      { courseId: a.id, studentId: s2.id, rating: 5, createdAt: new Date('2098-01-21T11:00:00Z') },
    ]);
    const lessonsOf = async (courseId: number) =>
      (
        await t.ctx.db
          .select({ id: series.id })
          .from(series)
          .innerJoin(sections, eq(sections.id, series.sectionId))
          .where(eq(sections.courseId, courseId))
      ).map((r) => r.id);
    const [firstOfA] = await lessonsOf(a.id);
    await t.ctx.db.insert(watchCoverage).values({
      studentId: s1.id,
      seriesId: firstOfA!,
      courseId: a.id,
      ranges: [
        [0, 120],
        [200, 260],
      ],
      reportedAt: new Date('2098-01-05T12:00:00Z'),
    });
    await t.ctx.db.insert(progress).values(
      (await lessonsOf(b.id)).map((seriesId) => ({
        studentId: s2.id,
        seriesId,
        courseId: b.id,
        completed: true,
      })),
    );
    // Reviews of submissions: 6 hours (A, approved) and 10 hours (B, rejected).
    admin = await buildAdmin(t);
    await t.ctx.db.insert(courseStatusHistory).values([
      { courseId: a.id, status: 'Pending', createdAt: new Date('2098-01-01T00:00:00Z') },
      { courseId: a.id, status: 'Approved', adminId: admin.id, createdAt: new Date('2098-01-01T06:00:00Z') },
      { courseId: b.id, status: 'Pending', createdAt: new Date('2098-01-02T00:00:00Z') },
      { courseId: b.id, status: 'Rejected', adminId: admin.id, createdAt: new Date('2098-01-02T10:00:00Z') },
    ]);
    await t.ctx.db
      .update(accounts)
      .set({ createdAt: new Date('2097-12-01T00:00:00Z') })
      .where(eq(accounts.id, admin.id));
  });

  it("answers the tutor's sales, revenue, students, minutes, ratings, completion and coupon uses exactly", async () => {
    const res = await t.op('dashboardTutor', {
      body: { period: 'month', from: '2098-01-01', to: '2098-02-28' },
      token: tutor.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.series).toEqual([
      {
        bucket: '2098-01',
        sales: 3,
        gross: 19_000,
        net: 15_200,
        newStudents: 3,
        minutesWatched: 3,
        averageRating: 4.5,
      },
      {
        bucket: '2098-02',
        sales: 0,
        gross: 0,
        net: 0,
        newStudents: 0,
        minutesWatched: 0,
        averageRating: null,
      },
    ]);
    expect(res.body.totals).toEqual({
      sales: 3,
      gross: 19_000,
      net: 15_200,
      newStudents: 3,
      minutesWatched: 3,
      completionRate: 33.3,
    });
    expect(res.body.couponUses).toEqual([{ code, uses: 1 }]);

    const days = await t.op('dashboardTutor', {
      body: { period: 'day', from: '2098-01-05', to: '2098-01-06', courseId: a.id },
      token: tutor.token,
    });
    expect(days.body.series.map((d) => [d.bucket, d.sales, d.gross, d.net])).toEqual([
      ['2098-01-05', 1, 5000, 4000],
      ['2098-01-06', 0, 0, 0],
    ]);
    expect(days.body.totals.completionRate).toBe(0);
    // 2098-01-20 is a Monday: its week holds s2's two sales and both reviews.
    const weeks = await t.op('dashboardTutor', {
      body: { period: 'week', from: '2098-01-20', to: '2098-01-27' },
      token: tutor.token,
    });
    expect(weeks.body.series.map((w) => [w.bucket, w.sales, w.gross, w.averageRating])).toEqual([
      ['2098-01-20', 2, 14_000, 4.5],
      ['2098-01-27', 0, 0, null],
    ]);

    const sales = await t.op('dashboardTutorSales', {
      body: { period: 'month', from: '2098-01-01', to: '2098-01-31' },
      token: tutor.token,
    });
    expect(sales.body.sales.map((s) => [s.course, s.gross, s.fee, s.net, s.coupon]).sort()).toEqual(
      [
        ['Dash A', 5000, 1000, 4000, code],
        ['Dash A', 10_000, 2000, 8000, null],
        ['Dash B', 4000, 800, 3200, null],
      ].sort(),
    );
    const other = await buildTutor(t);
    expect(
      (await t.op('dashboardTutor', { body: { period: 'month', courseId: a.id }, token: other.token }))
        .status,
    ).toBe(403);
  });

  it("answers the admin's sales, fees, sign-ups, review time and top courses and tutors exactly", async () => {
    const res = await t.op('dashboardAdmin', {
      body: { period: 'month', from: '2098-01-01', to: '2098-01-31' },
      token: admin.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.series).toEqual([
      { bucket: '2098-01', sales: 2, gross: 19_000, fees: 3800, refunds: 0, newStudents: 2, newTutors: 1 },
    ]);
    expect(res.body.medianReviewHours).toBe(8);
    expect(res.body.topCourses).toEqual([
      { id: a.id, name: 'Dash A', sales: 2, gross: 15_000 },
      { id: b.id, name: 'Dash B', sales: 1, gross: 4000 },
    ]);
    expect(res.body.topTutors).toEqual([{ id: tutor.id, name: tutor.fullName, sales: 3, gross: 19_000 }]);
    const approved = res.body.coursesByStatus.find((s) => s.status === 'Approved');
    expect(approved!.count).toBeGreaterThanOrEqual(2);
    expect((await t.op('dashboardAdmin', { body: {}, token: tutor.token })).status).toBe(403);
  });

  it("counts a refund as negative in its month: the tutor's gross and net and the admin's fees go down", async () => {
    // B's line of s2's order is refunded in March (the ledger's negative line, as refund.processed writes it).
    const [line] = await t.ctx.db
      .select({ id: ledgerEntries.orderLineId })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.courseId, b.id), eq(ledgerEntries.kind, 'sale')));
    await t.ctx.db.transaction((tx) => recordRefund(tx, line!.id));
    await t.ctx.db
      .update(ledgerEntries)
      .set({ createdAt: new Date('2098-03-10T10:00:00Z') })
      .where(and(eq(ledgerEntries.orderLineId, line!.id), eq(ledgerEntries.kind, 'refund')));
    const march = { period: 'month' as const, from: '2098-03-01', to: '2098-03-31' };

    const tutorMarch = await t.op('dashboardTutor', { body: march, token: tutor.token });
    expect(tutorMarch.body.totals).toMatchObject({ sales: 0, gross: -4000, net: -3200 });
    const adminMarch = await t.op('dashboardAdmin', { body: march, token: admin.token });
    expect(adminMarch.body.series[0]).toMatchObject({ bucket: '2098-03', fees: -800 });
  });
});
