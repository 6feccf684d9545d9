import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../../src/db/schema-money.ts';
import { buildStudent, buildTutor, type TestAccount, useAccounts } from '../factories.ts';
import { buildApprovedCourse, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { eventually, orderRow, payByTransfer, runSandboxJobs, sandboxWithJobs } from '../orders/helpers.ts';

// Every answer that shows a tutor's earnings shows one figure: the tutor's net after the platform fee (20 %) and
// refunds. Gross appears only where it is called gross (or sales).
describe('earnings figures from known sales, with a refund', () => {
  const t = useTestApp(sandboxWithJobs());
  const [admin] = useAccounts(t, 'admin');
  let tutor: TestAccount;
  let a: TestCourse;
  let b: TestCourse;
  let s1: TestAccount;
  let s2: TestAccount;
  let s3: TestAccount;

  // A ₦10,000 and B ₦4,000. s1 buys A, s2 buys A and B, s3 buys B; s2's A is refunded.
  // Gross sold: 10,000 + 14,000 + 4,000 = 28,000; refunded 10,000 (net 8,000).
  // Net: A 8,000 (one sale left), B 6,400 (two); in all 14,400. Gross less the refund: 18,000.
  const NET = { a: 8000, b: 6400, all: 14_400 };

  beforeAll(async () => {
    tutor = await buildTutor(t);
    a = await buildApprovedCourse(t, tutor, { nairaPrice: 10_000, title: 'Figures A' });
    b = await buildApprovedCourse(t, tutor, { nairaPrice: 4000, title: 'Figures B' });
    [s1, s2, s3] = [await buildStudent(t), await buildStudent(t), await buildStudent(t)];
    await payByTransfer(t, s1, [a.id]);
    const refunded = await payByTransfer(t, s2, [a.id, b.id]);
    await payByTransfer(t, s3, [b.id]);

    const asked = await t.op('refundRequest', {
      body: { reference: refunded, courseId: a.id, reason: 'Not for me' },
      token: s2.token,
    });
    expect(asked.status, asked.text).toBe(200);
    const [request] = await t.ctx.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.studentId, s2.id), eq(refunds.courseId, a.id)));
    const approved = await t.op('refundProcess', {
      body: { id: request!.id, approve: true },
      token: admin.token,
    });
    expect(approved.status, approved.text).toBe(200);
    const [sent] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, request!.id));
    await runSandboxJobs(t, sent!.providerRefundId!);
    await eventually(async () => expect((await orderRow(t, refunded)).status).toBe('partially_refunded'));
  }, 60_000);

  it("the tutor's dashboard: Total earnings is the net", async () => {
    const res = await t.op('staffDashboard', { token: tutor.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ totalEarnings: NET.all, buyerCount: 3 });
  });

  it("the per-course Earnings column (the tutor's and the admin's course lists) is the net", async () => {
    const mine = await t.op('tutorCourses', { body: { pageSize: 50, pageNo: 0 }, token: tutor.token });
    const byId = new Map(mine.body.coursesDtos.map((c) => [c.id, c]));
    expect(byId.get(a.id)).toMatchObject({ buyerCount: 1, totalEarnings: NET.a });
    expect(byId.get(b.id)).toMatchObject({ buyerCount: 2, totalEarnings: NET.b });

    // Newest first: these are among the first hundred approved courses.
    const all = await t.op('allCourses', {
      body: { pageSize: 100, pageNo: 0, status: 'Approved' },
      token: admin.token,
    });
    const seen = new Map(all.body.coursesDtos.map((c) => [c.id, c.totalEarnings]));
    expect([seen.get(a.id), seen.get(b.id)]).toEqual([NET.a, NET.b]);
  });

  it("a course's buyers: each buyer's amount and the course's total earnings are nets", async () => {
    const buyersOf = (id: number) =>
      t.op('boughtCourse', { body: { id, pageNo: 0, pageSize: 10 }, token: tutor.token });
    const ofA = await buyersOf(a.id);
    expect(ofA.body).toMatchObject({ totalData: 1, totalEarnings: NET.a });
    expect(ofA.body.users).toEqual([{ fullName: s1.fullName, email: s1.email, amount: 8000 }]);
    const ofB = await buyersOf(b.id);
    expect(ofB.body).toMatchObject({ totalData: 2, totalEarnings: NET.b });
    expect(ofB.body.users.map((u) => [u.email, u.amount])).toEqual([
      [s3.email, 3200],
      [s2.email, 3200],
    ]);
    // The admin sees the same figures.
    expect((await t.op('boughtCourse', { body: { id: a.id }, token: admin.token })).body.totalEarnings).toBe(
      NET.a,
    );
  });

  it('the earnings screen: what is owed, by month and line by line, adds up to the same net', async () => {
    const summary = await t.op('earningsSummary', { token: tutor.token });
    expect(summary.status, summary.text).toBe(200);
    const s = summary.body;
    expect(s.owed + s.inTransfer + s.paidOut + s.settledBySplit).toBe(NET.all);
    expect(s.refunded).toBe(8000);
    const months = s.byMonth.reduce((sum, m) => ({ gross: sum.gross + m.gross, net: sum.net + m.net }), {
      gross: 0,
      net: 0,
    });
    expect(months).toEqual({ gross: 18_000, net: NET.all });

    const ledger = await t.op('staffLedger', { body: { pageSize: 50, pageNo: 0 }, token: tutor.token });
    expect(ledger.body.lines.reduce((sum, l) => sum + l.net, 0)).toBe(NET.all);
  });

  it('the dashboard charts: net is the net, gross counts the refund too', async () => {
    const res = await t.op('dashboardTutor', { body: { period: 'month' }, token: tutor.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.totals).toMatchObject({ sales: 4, gross: 18_000, net: NET.all });
    const perCourse = await t.op('dashboardTutor', {
      body: { period: 'month', courseId: a.id },
      token: tutor.token,
    });
    expect(perCourse.body.totals).toMatchObject({ sales: 2, gross: 10_000, net: NET.a });

    // The sales CSV lists every sale with its net and says which was refunded: the others add up to the earnings.
    const sales = await t.op('dashboardTutorSales', { body: { period: 'month' }, token: tutor.token });
    expect(sales.body.sales).toHaveLength(4);
    expect(sales.body.sales.filter((x) => x.refunded).map((x) => [x.email, x.courseId, x.net])).toEqual([
      [s2.email, a.id, 8000],
    ]);
    expect(sales.body.sales.filter((x) => !x.refunded).reduce((sum, x) => sum + x.net, 0)).toBe(NET.all);
  });
});
