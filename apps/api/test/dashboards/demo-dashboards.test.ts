import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/commands/ensure-admin.ts';
import { demoAssetsDir, seedDemo } from '../../src/commands/seed-demo.ts';
import {
  DEMO_BUYERS,
  DEMO_COUPON,
  demoBuyerEmail,
  DEMO_COHORT_COURSE,
  demoOrders,
  demoPurchases,
} from '../../src/commands/sales-demo.ts';
import { DEMO_PLAN, demoPlanCourse } from '../../src/commands/plans-demo.ts';
import { DEMO_REFERRAL } from '../../src/commands/referrals-demo.ts';
import { DEMO_GIFT, demoGiftCourse } from '../../src/commands/gifts-demo.ts';
import { DEMO_TEAM, demoTeamCourse } from '../../src/commands/teams-demo.ts';
import { accounts } from '../../src/db/schema.ts';
import { signToken } from '../../src/lib/tokens.ts';
import { buildAdmin, type TestAccount } from '../factories.ts';
import { useTestApp } from '../harness.ts';

type Manifest = {
  tutor: { email: string };
  student: { email: string; password: string };
  studentOwns: string;
  courses: { title: string; price: number }[];
};
const manifest = JSON.parse(readFileSync(path.join(demoAssetsDir()!, 'courses.json'), 'utf8')) as Manifest;
const priceOf = new Map(manifest.courses.map((c) => [c.title, c.price]));
const planCourse = demoPlanCourse(manifest.studentOwns, manifest.courses);
const giftCourse = demoGiftCourse(manifest.studentOwns, manifest.courses);
const teamCourse = demoTeamCourse(manifest.studentOwns, manifest.courses);

/** The demo's figures from its own plan: the sum of each line's charge (after the coupon), fee and net, in naira. */
function expected(feePercent: number, referralFeePercent: number) {
  // The demo plan's first payment is a sale of its course too (40 % of the price).
  const plan = { course: planCourse, coupon: false, referral: false, watched: 0, review: null, first: true };
  // The demo gift is a sale of its course as well, though nobody is enrolled until the demo student redeems it.
  const gift = { course: giftCourse, coupon: false, referral: false, watched: 0, review: null, gift: true };
  // The demo team's 5 seats are one sale line of 5 times the price; its 3 members are enrolled on their seats.
  const team = {
    course: teamCourse,
    coupon: false,
    referral: false,
    watched: 0,
    review: null,
    seats: DEMO_TEAM.seats,
  };
  const members = DEMO_TEAM.members.map(() => ({ course: teamCourse, watched: 0, review: null }));
  const purchases = [...demoPurchases(manifest.studentOwns), plan, gift, team];
  const lines = purchases.map((p) => {
    const kobo = priceOf.get(p.course)! * 100 * ('seats' in p ? p.seats : 1);
    const charged =
      'first' in p
        ? Math.round((kobo * DEMO_PLAN.shape.firstValue) / 100)
        : p.coupon
          ? (kobo * (100 - DEMO_COUPON.percent)) / 100
          : kobo;
    // A sale through the tutor's referral link has the referral fee (docs/payments.md, "Referral links").
    const fee = Math.round(
      (charged * (p.referral ? Math.min(referralFeePercent, feePercent) : feePercent)) / 100,
    );
    const extra = p.referral ? Math.round((charged * feePercent) / 100) - fee : 0;
    return { ...p, charged, fee, extra };
  });
  const sum = (f: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + f(l), 0) / 100;
  return {
    purchases: lines,
    orders: demoOrders(manifest.studentOwns).length + 3,
    /** The enrolments: the sales that enrolled their buyer (every one but the gift and the team's), and the team's members. */
    enrolled: [...lines.filter((l) => !('gift' in l) && !('seats' in l)), ...members],
    gross: sum((l) => l.charged),
    fees: sum((l) => l.fee),
    net: sum((l) => l.charged - l.fee),
    couponUses: lines.filter((l) => l.coupon).length,
    complete: lines.filter((l) => l.watched === 1).length,
    referrals: lines.filter((l) => l.referral),
    extra: sum((l) => l.extra),
  };
}

// Seeding needs an empty database of its own: an embedded one on disk.
describe('the demo content has a sales history that both dashboards show', () => {
  const t = useTestApp({ embedded: true });
  let tutorToken: string;
  let studentToken: string;
  let admin: TestAccount;
  const tokenOf = async (role: 'tutor' | 'user', email: string) => {
    const [row] = await t.ctx.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.role, role), eq(accounts.email, email)));
    return (await signToken(t.config.jwtSecret, row!)).token;
  };

  // Seeding makes the demo lessons' HLS ladders with ffmpeg: slower than other set-ups on a busy machine.
  beforeAll(async () => {
    // As `npm start` does, the admin account is made before the demo content, which records the approvals as theirs.
    await ensureAdmin(t.ctx.db, t.config);
    await seedDemo(t.ctx);
    tutorToken = await tokenOf('tutor', manifest.tutor.email);
    studentToken = await tokenOf('user', manifest.student.email);
    admin = await buildAdmin(t);
  }, 180_000);

  it("the tutor's dashboard: sales, revenue, new students, completion, ratings and the coupon's uses", async () => {
    const want = expected(t.config.payouts.platformFeePercent, t.config.referrals.feePercent);
    const res = await t.op('dashboardTutor', { body: { period: 'week' }, token: tutorToken });
    expect(res.status, res.text).toBe(200);
    const { totals, series, couponUses } = res.body;
    expect(totals).toMatchObject({
      sales: want.purchases.length,
      gross: want.gross,
      net: want.net,
      newStudents: want.enrolled.length,
      completionRate: Math.round((want.complete / want.enrolled.length) * 1000) / 10,
    });
    expect(totals.minutesWatched).toBeGreaterThan(0);
    // Spread over the weeks, not one bar.
    expect(series.filter((b) => b.sales > 0).length).toBeGreaterThan(1);
    const rated = series.filter((b) => b.averageRating !== null);
    expect(rated.length).toBeGreaterThan(1);
    for (const b of rated) expect(b.averageRating).toBeGreaterThanOrEqual(1);
    expect(couponUses).toEqual([{ code: DEMO_COUPON.code, uses: want.couponUses }]);

    const sales = await t.op('dashboardTutorSales', { body: { period: 'week' }, token: tutorToken });
    expect(sales.body.sales).toHaveLength(want.purchases.length);
    expect(sales.body.sales.filter((s) => s.coupon === DEMO_COUPON.code)).toHaveLength(want.couponUses);
    expect(new Set(sales.body.sales.map((s) => s.email))).toEqual(
      new Set([...DEMO_BUYERS.map(demoBuyerEmail), manifest.student.email]),
    );

    const earnings = await t.op('staffDashboard', { token: tutorToken });
    // Its students: the buyers, the demo student and the demo team's staff enrolled on their seats.
    expect(earnings.body).toMatchObject({
      totalEarnings: want.net,
      buyerCount: DEMO_BUYERS.length + 1 + DEMO_TEAM.members.length,
    });
  });

  it('the demo tutor has referral sales in the sales history, and their link, visits and extra earnings', async () => {
    const want = expected(t.config.payouts.platformFeePercent, t.config.referrals.feePercent);
    expect(want.referrals.length).toBe(3);
    const sales = await t.op('dashboardTutorSales', { body: { period: 'month' }, token: tutorToken });
    const referred = sales.body.sales.filter((s) => s.referral);
    expect(referred.map((s) => s.course)).toEqual(want.referrals.map(() => DEMO_REFERRAL.course));
    const price = priceOf.get(DEMO_REFERRAL.course)!;
    for (const s of referred) expect(s.fee).toBe(Math.round(price * t.config.referrals.feePercent) / 100);
    const stats = await t.op('referralStats', { body: {}, token: tutorToken });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.totals).toEqual({
      visits: DEMO_REFERRAL.guestVisitsDaysAgo.length + 3,
      sales: 3,
      gross: 3 * price,
      extraEarnings: want.extra,
    });
    const link = await t.op('referralLink', { body: { courseId: referred[0]!.courseId }, token: tutorToken });
    expect(link.body.link.code).toBe(DEMO_REFERRAL.code);
    const ledger = await t.op('staffLedger', { body: { pageNo: 0, pageSize: 100 }, token: tutorToken });
    expect(ledger.body.lines.filter((l) => l.referral)).toHaveLength(3);
  });

  it("the admin's dashboard: paid orders, their naira and fees, new students and the top courses", async () => {
    const want = expected(t.config.payouts.platformFeePercent, t.config.referrals.feePercent);
    const res = await t.op('dashboardAdmin', { body: { period: 'week' }, token: admin.token });
    expect(res.status, res.text).toBe(200);
    const total = (k: 'sales' | 'gross' | 'fees' | 'newStudents' | 'newTutors') =>
      Math.round(res.body.series.reduce((s, b) => s + b[k], 0) * 100) / 100;
    expect(total('sales')).toBe(want.orders);
    expect(total('gross')).toBe(want.gross);
    expect(total('fees')).toBe(want.fees);
    // The buyers, the demo student and the demo team's staff signed up in the window, and the tutor.
    expect(total('newStudents')).toBe(DEMO_BUYERS.length + 1 + DEMO_TEAM.members.length);
    expect(total('newTutors')).toBe(1);
    expect(res.body.series.filter((b) => b.sales > 0).length).toBeGreaterThan(1);
    const top = res.body.topCourses[0]!;
    expect(top.sales).toBe(want.purchases.filter((p) => p.course === top.name).length);
  });

  it("each demo course was approved by the start's admin after a wait: the median review time and the audit log", async () => {
    const res = await t.op('dashboardAdmin', { body: { period: 'month' }, token: admin.token });
    // The eight courses waited 5, 26, 3, 12, 48, 8, 30 and 18 hours: the median is (12 + 18) / 2.
    expect(res.body.medianReviewHours).toBe(15);
    const audit = await t.op('auditList', {
      body: { pageNo: 0, pageSize: 20, actor: t.config.adminEmail, action: 'course.approved' },
      token: admin.token,
    });
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.entries.map((e) => e.details?.title).sort()).toEqual(
      manifest.courses.map((c) => c.title).sort(),
    );
  });

  it('course cards count the buyers and the reviews; the coupon shows its uses to its tutor', async () => {
    const want = expected(t.config.payouts.platformFeePercent, t.config.referrals.feePercent);
    const list = await t.op('studentCourses', { body: { pageSize: 50, pageNo: 0 } });
    for (const c of list.body.coursesDtos) {
      const mine = want.enrolled.filter((p) => p.course === c.title);
      expect({ title: c.title, students: c.studentCount, ratings: c.ratingCount }).toEqual({
        title: c.title,
        students: mine.length,
        ratings: mine.filter((p) => p.review).length,
      });
    }
    const couponCourse = list.body.coursesDtos.find((c) => c.title === DEMO_COUPON.course)!;
    const coupons = await t.op('couponList', { body: { courseId: couponCourse.id }, token: tutorToken });
    expect(coupons.body.coupons).toEqual([
      expect.objectContaining({
        code: DEMO_COUPON.code,
        value: DEMO_COUPON.percent,
        limit: DEMO_COUPON.limit,
        used: want.couponUses,
      }),
    ]);
  });

  it('the demo student bought their course and a cohort seat in paid orders and may use the coupon; buyers cannot sign in', async () => {
    const orders = await t.op('orderList', { body: { pageNo: 0, pageSize: 10 }, token: studentToken });
    // The seat of the demo cohort, the course of their own, the first payment of the demo plan, and their team's seats.
    expect(orders.body.orders).toHaveLength(4);
    expect(orders.body.orders.find((o) => o.reference === DEMO_TEAM.reference)).toEqual(
      expect.objectContaining({
        status: 'paid',
        amount: priceOf.get(teamCourse)! * DEMO_TEAM.seats,
        team: { companyName: DEMO_TEAM.companyName, seats: DEMO_TEAM.seats },
      }),
    );
    for (const title of [DEMO_COHORT_COURSE, manifest.studentOwns])
      expect(orders.body.orders.find((o) => o.items[0]?.title === title)).toEqual(
        expect.objectContaining({ status: 'paid', amount: priceOf.get(title), plan: null }),
      );
    const list = await t.op('studentCourses', { body: { pageSize: 50, pageNo: 0 } });
    const couponCourse = list.body.coursesDtos.find((c) => c.title === DEMO_COUPON.course)!;
    const applied = await t.op('couponApply', {
      body: { code: DEMO_COUPON.code, courseIds: [couponCourse.id] },
      token: studentToken,
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.lines[0]!.discountedPrice).toBe(
      (priceOf.get(DEMO_COUPON.course)! * (100 - DEMO_COUPON.percent)) / 100,
    );

    const login = await t.op('loginCustomer', {
      body: { userName: demoBuyerEmail(DEMO_BUYERS[0]!), password: manifest.student.password },
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
  });

  it("the tutor's dearest course offers a plan; the demo student has one, its first payment paid, the next due", async () => {
    const list = await t.op('studentCourses', { body: { pageSize: 50, pageNo: 0 } });
    const course = list.body.coursesDtos.find((c) => c.title === planCourse)!;
    const offered = await t.op('planList', { body: { courseId: course.id } });
    expect(offered.body.plans).toHaveLength(1);
    expect(offered.body.plans[0]!.schedule).toHaveLength(3);
    const mine = await t.op('planMine', { body: {}, token: studentToken });
    expect(mine.body.plans).toHaveLength(1);
    const [plan] = mine.body.plans;
    expect(plan).toMatchObject({
      title: planCourse,
      status: 'active',
      total: priceOf.get(planCourse),
      card: null,
    });
    expect(plan!.instalments.map((i) => i.state)).toEqual(['paid', 'scheduled', 'scheduled']);
    const next = new Date(plan!.instalments[1]!.dueAt).getTime();
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThan(12 * 24 * 3600_000);
    const order = await t.op('orderGet', { params: { reference: DEMO_PLAN.reference }, token: studentToken });
    expect(order.body.order.plan?.instalments).toHaveLength(3);
  });

  it('the demo student runs a team of 5 seats, 3 used, and sees its staff progress', async () => {
    const mine = await t.op('teamMine', { token: studentToken });
    expect(mine.body.team).toMatchObject({ companyName: DEMO_TEAM.companyName });
    const view = await t.op('teamView', { body: { teamId: mine.body.team!.id }, token: studentToken });
    expect(view.status, view.text).toBe(200);
    expect(view.body.team.courses).toEqual([
      expect.objectContaining({ title: teamCourse, seats: 5, used: 3, free: 2 }),
    ]);
    expect(view.body.team.members.map((m) => [m.name, m.status, m.seats.length])).toEqual(
      DEMO_TEAM.members.map((m) => [m.name, 'active', 1]),
    );
    const watched = view.body.team.members.map((m) => m.seats[0]!.watchedPercent);
    expect(watched[0]).toBeGreaterThan(watched[2]!);
    expect(view.body.team.orders).toMatchObject([{ reference: DEMO_TEAM.reference, seats: 5 }]);
  });

  it('a later start adds no second history', async () => {
    const before = await t.op('dashboardAdmin', { body: { period: 'week' }, token: admin.token });
    await seedDemo(t.ctx);
    const after = await t.op('dashboardAdmin', { body: { period: 'week' }, token: admin.token });
    expect(after.body.series).toEqual(before.body.series);
  });
  it('the demo student has a gift waiting: its link is in their notifications, and redeeming it enrols them', async () => {
    const bell = await t.op('notificationList', { body: { pageNo: 0, pageSize: 50 }, token: studentToken });
    const note = bell.body.notifications.find((n) => n.type === 'gift-received')!;
    expect(note.message).toBe(`${DEMO_GIFT.buyer} sent you a gift: "${giftCourse}". Open it to redeem.`);
    const code = new URL(note.link!, 'http://x').searchParams.get('code')!;
    const preview = await t.op('giftPreview', { body: { code } });
    expect(preview.body.gift).toMatchObject({
      from: DEMO_GIFT.buyer,
      message: DEMO_GIFT.message,
      state: 'ready',
      courses: [{ title: giftCourse }],
    });
    const redeemed = await t.op('giftRedeem', { body: { code }, token: studentToken });
    expect(redeemed.status, redeemed.text).toBe(200);
    const owned = await t.op('userAllCourses', { token: studentToken });
    expect(JSON.stringify(owned.body)).toContain(giftCourse);
  });
});
