import { eq, inArray, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckout } from '../../src/commands/charge.ts';
import { fulfilOrder } from '../../src/commands/fulfil-order.ts';
import { splitPrice } from '../../src/commands/ledger.ts';
import { planSplit } from '../../src/commands/split.ts';
import { ledgerEntries, orderLines, orders, sandboxTransactions } from '../../src/db/schema-money.ts';
import { referralVisits } from '../../src/db/schema-referrals.ts';
import { referralClock } from '../../src/lib/referral-clock.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { accountRow, endHold, GTBANK, readyAccount, setAccount } from '../payouts/helpers.ts';
import { usePaystackApp } from './helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A small deterministic random generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('referral links (sandbox; REFERRAL_FEE_PERCENT 3, PLATFORM_FEE_PERCENT 20, REFERRAL_DAYS 7)', () => {
  const t = useTestApp();
  afterEach(() => referralClock.reset());

  const linkOf = async (tutor: TestAccount, courseId: number) => {
    const res = await t.op('referralLink', { body: { courseId }, token: tutor.token });
    expect(res.status, res.text).toBe(200);
    return res.body.link;
  };
  const visit = async (code: string, courseId: number, who?: TestAccount) => {
    const res = await t.op('referralVisit', {
      body: { code, courseId },
      ...(who ? { token: who.token } : {}),
    });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  /** Charge (with the browser's attributions) and Pay on the sandbox's page: its webhook fulfils the order. */
  const buy = async (student: TestAccount, courseIds: number[], referrals?: (string | null)[]) => {
    const res = await t.op('cardCharge', {
      body: { courseIds, ...(referrals ? { referrals: referrals.filter((r) => r !== null) } : {}) },
      token: student.token,
    });
    expect(res.status, res.text).toBe(200);
    const { authorization_url: url, reference } = res.body.initializeTransactionResponse.data;
    expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    return reference;
  };
  /** The order's ledger sale lines with their order lines' referral columns, by course. */
  const saleLines = async (reference: string) => {
    const rows = await t.ctx.db
      .select({
        courseId: ledgerEntries.courseId,
        grossKobo: ledgerEntries.grossKobo,
        feeKobo: ledgerEntries.feeKobo,
        netKobo: ledgerEntries.netKobo,
        route: ledgerEntries.route,
        referralVisitId: orderLines.referralVisitId,
        referralExtraKobo: orderLines.referralExtraKobo,
      })
      .from(ledgerEntries)
      .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
      .innerJoin(orderLines, eq(orderLines.id, ledgerEntries.orderLineId))
      .where(eq(orders.reference, reference));
    return new Map(rows.map((r) => [r.courseId, r]));
  };
  const splitOf = async (reference: string) => {
    const [tx] = await t.ctx.db
      .select({ split: sandboxTransactions.split })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, reference));
    return tx!.split as { subaccounts: { subaccount: string; share: number }[] } | null;
  };

  it("gives the course's tutor one stable link with a QR code; nobody else gets it", async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 5000 });
    const first = await linkOf(tutor, course.id);
    expect(first.code).toMatch(/^[a-z0-9]{10}$/);
    expect(first.url).toBe(`${t.url}/course/${course.id}?ref=${first.code}`);
    expect(first.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    // The QR code reads as the link.
    const png = Buffer.from(first.qrCode.split(',')[1]!, 'base64');
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(first.url);
    expect(first).toMatchObject({ referralFeePercent: 3, platformFeePercent: 20, days: 7 });
    expect((await linkOf(tutor, course.id)).code).toBe(first.code);
    const other = await buildApprovedCourse(t, tutor, { nairaPrice: 5000 });
    expect((await linkOf(tutor, other.id)).code).not.toBe(first.code);

    const stranger = await buildTutor(t);
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    for (const who of [stranger, student, admin]) {
      expect((await t.op('referralLink', { body: { courseId: course.id }, token: who.token })).status).toBe(
        403,
      );
    }
    expect((await t.op('referralLink', { body: { courseId: course.id } })).status).toBe(401);
    expect((await t.op('referralLink', { body: { courseId: 999999 }, token: tutor.token })).status).toBe(404);
    expect((await t.op('referralStats', { body: {}, token: student.token })).status).toBe(403);
    expect(
      (await t.op('referralStats', { body: { courseId: course.id }, token: stranger.token })).status,
    ).toBe(403);
  });

  it('a purchase within REFERRAL_DAYS of a visit has the referral fee in the split and the ledger; later, the usual fee', async () => {
    const tutor = await buildTutor(t);
    await readyAccount(t, tutor, '0513456789');
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 10000 });
    const { code } = await linkOf(tutor, course.id);

    // A guest's visit: the browser keeps the attribution and sends it with the checkout.
    const guest = await visit(code, course.id);
    expect(guest.attribution).toMatch(/^\d+\.[\w-]+$/);
    expect(Date.parse(guest.expiresAt!) - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(Date.parse(guest.expiresAt!) - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    const ada = await buildStudent(t);
    const first = await buy(ada, [course.id], [guest.attribution]);
    const line = (await saleLines(first)).get(course.id)!;
    expect(line).toMatchObject({
      grossKobo: 1_000_000,
      feeKobo: 30_000,
      netKobo: 970_000,
      route: 'split',
      referralExtraKobo: 170_000,
    });
    expect(line.referralVisitId).not.toBeNull();
    expect((await splitOf(first))!.subaccounts.map((s) => s.share)).toEqual([970_000]);

    // A signed-in student's visit follows the account: 6 days and 23 hours later, no attribution sent, still one.
    const bola = await buildStudent(t);
    expect((await visit(code, course.id, bola)).attribution).not.toBeNull();
    referralClock.advance(7 * DAY_MS - 60 * 60_000);
    const second = await buy(bola, [course.id]);
    expect((await saleLines(second)).get(course.id)).toMatchObject({ feeKobo: 30_000, netKobo: 970_000 });
    expect((await splitOf(second))!.subaccounts.map((s) => s.share)).toEqual([970_000]);

    // A visit more than REFERRAL_DAYS before the purchase: the usual fee, with or without its attribution.
    referralClock.reset();
    const chidi = await buildStudent(t);
    const late = await visit(code, course.id, chidi);
    referralClock.advance(7 * DAY_MS + 60_000);
    const third = await buy(chidi, [course.id], [late.attribution]);
    expect((await saleLines(third)).get(course.id)).toMatchObject({
      feeKobo: 200_000,
      netKobo: 800_000,
      referralVisitId: null,
      referralExtraKobo: 0,
    });
    expect((await splitOf(third))!.subaccounts.map((s) => s.share)).toEqual([800_000]);

    // The tutor's figures: 3 visits, 2 referral sales, ₦1,700 more each than the usual fee would leave.
    const stats = await t.op('referralStats', { body: {}, token: tutor.token });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.totals).toEqual({ visits: 3, sales: 2, gross: 20000, extraEarnings: 3400 });
    expect(stats.body.courses).toEqual([
      { courseId: course.id, title: course.title, visits: 3, sales: 2, gross: 20000, extraEarnings: 3400 },
    ]);
    expect(stats.body).toMatchObject({ referralFeePercent: 3, platformFeePercent: 20, days: 7 });
    // The sales history and the ledger mark the referral sales.
    const sales = await t.op('dashboardTutorSales', { body: { period: 'month' }, token: tutor.token });
    expect(sales.body.sales.map((s) => [s.buyer, s.fee, s.referral])).toEqual([
      [chidi.fullName, 2000, false],
      [bola.fullName, 300, true],
      [ada.fullName, 300, true],
    ]);
    const ledger = await t.op('staffLedger', { body: { pageNo: 0, pageSize: 10 }, token: tutor.token });
    expect(ledger.body.lines.map((l) => [l.fee, l.net, l.referral])).toEqual([
      [2000, 8000, false],
      [300, 9700, true],
      [300, 9700, true],
    ]);
  });

  it("a tutor's link changes only that tutor's course in a cart of several tutors", async () => {
    const [a, b] = [await buildTutor(t), await buildTutor(t)];
    const courseA = await buildApprovedCourse(t, a, { nairaPrice: 4000 });
    const courseB = await buildApprovedCourse(t, b, { nairaPrice: 6000 });
    const courseA2 = await buildApprovedCourse(t, a, { nairaPrice: 3000 });
    const { code } = await linkOf(a, courseA.id);
    // A link of one course names only that course: another course's page ignores it.
    expect(await visit(code, courseB.id)).toEqual(expect.objectContaining({ attribution: null }));
    const { attribution } = await visit(code, courseA.id);
    const student = await buildStudent(t);
    const reference = await buy(student, [courseA.id, courseB.id, courseA2.id], [attribution]);
    const lines = await saleLines(reference);
    expect(lines.get(courseA.id)).toMatchObject({ feeKobo: 12_000, netKobo: 388_000 });
    expect(lines.get(courseB.id)).toMatchObject({
      feeKobo: 120_000,
      netKobo: 480_000,
      referralVisitId: null,
    });
    expect(lines.get(courseA2.id)).toMatchObject({ feeKobo: 60_000, referralVisitId: null });
    // B's figures know nothing of A's link.
    const statsB = await t.op('referralStats', { body: {}, token: b.token });
    expect(statsB.body.totals).toEqual({ visits: 0, sales: 0, gross: 0, extraEarnings: 0 });
  });

  it('self-referral: the tutor buying through their own link earns nothing extra', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 8000 });
    const { code } = await linkOf(tutor, course.id);
    // The tutor's own visits, signed in as the tutor or as their student account, record nothing.
    const self = await buildStudent(t, { email: tutor.email.toUpperCase() });
    expect((await visit(code, course.id, tutor)).attribution).toBeNull();
    expect((await visit(code, course.id, self)).attribution).toBeNull();
    // Signed out, the visit is recorded, but the purchase by the tutor's student account keeps the usual fee.
    const { attribution } = await visit(code, course.id);
    expect(attribution).not.toBeNull();
    const reference = await buy(self, [course.id], [attribution]);
    expect((await saleLines(reference)).get(course.id)).toMatchObject({
      feeKobo: 160_000,
      netKobo: 640_000,
      referralVisitId: null,
      referralExtraKobo: 0,
    });
    const stats = await t.op('referralStats', { body: { courseId: course.id }, token: tutor.token });
    expect(stats.body.totals).toEqual({ visits: 1, sales: 0, gross: 0, extraEarnings: 0 });
  });

  it('a gift bought through the link is a referral sale too', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 6000 });
    const { code } = await linkOf(tutor, course.id);
    const giver = await buildStudent(t);
    const { attribution } = await visit(code, course.id, giver);
    const res = await t.op('cardCharge', {
      body: {
        courseIds: [course.id],
        referrals: [attribution!],
        gift: { name: 'Kemi Ade', email: 'kemi.ade@example.com', message: 'For you' },
      },
      token: giver.token,
    });
    expect(res.status, res.text).toBe(200);
    const { authorization_url: url, reference } = res.body.initializeTransactionResponse.data;
    expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect((await saleLines(reference)).get(course.id)).toMatchObject({ feeKobo: 18_000, netKobo: 582_000 });
  });

  it('a bad or unknown code, and a forged or foreign attribution, are ignored without an error', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 2000 });
    const { code } = await linkOf(tutor, course.id);
    for (const bad of ['', 'nope!!', 'zzzzzzzzzz', `${code}x`, ' '.repeat(20), '<script>', 'a'.repeat(200)]) {
      expect(await visit(bad, course.id)).toEqual({
        responseDto: expect.objectContaining({ code: 'dk00' }),
        attribution: null,
        expiresAt: null,
      });
    }
    // Codes are read in any case.
    expect((await visit(code.toUpperCase(), course.id)).attribution).not.toBeNull();
    const [{ n } = { n: 0 }] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(referralVisits)
      .where(eq(referralVisits.courseId, course.id));
    expect(n).toBe(1);

    const { attribution } = await visit(code, course.id);
    const [id] = attribution!.split('.');
    const student = await buildStudent(t);
    const reference = await buy(
      student,
      [course.id],
      [
        'garbage',
        '1.abc',
        `${id}.${'A'.repeat(43)}`,
        `${Number(id) + 1}.${attribution!.split('.')[1]}`,
        '99999999999.x',
      ],
    );
    expect((await saleLines(reference)).get(course.id)).toMatchObject({
      feeKobo: 40_000,
      referralVisitId: null,
    });
  });

  it('reconciles over 200 random carts of several tutors with referral lines: fees + nets = what was paid', async () => {
    const rand = random(50);
    const tutors: TestAccount[] = [];
    for (let i = 0; i < 6; i++) tutors.push(await buildTutor(t));
    for (const [i, tutor] of tutors.slice(0, 3).entries()) await readyAccount(t, tutor, `06${i}3456789`);
    const catalogue: TestCourse[] = [];
    for (let i = 0; i < 14; i++) {
      const naira = Math.round(rand() * 5_000_000) / 100 + 0.01; // ₦0.01 to ₦50,000, odd kobo
      catalogue.push(await buildApprovedCourse(t, tutors[i % tutors.length]!, { nairaPrice: naira }));
    }
    // A guest visit of every course through its tutor's link.
    const attributionOf = new Map<number, string>();
    const visitOf = new Map<number, number>();
    for (const c of catalogue) {
      const tutor = tutors.find((x) => x.id === c.tutorId)!;
      const { attribution } = await visit((await linkOf(tutor, c.id)).code, c.id);
      attributionOf.set(c.id, attribution!);
      visitOf.set(c.id, Number(attribution!.split('.')[0]));
    }
    const carts = Array.from({ length: 200 }, () => {
      const pick = catalogue.filter(() => rand() < 0.35);
      const cart = pick.length ? pick : [catalogue[Math.floor(rand() * catalogue.length)]!];
      return { cart, referred: cart.filter(() => rand() < 0.5) };
    });

    // All 200 through the checkout's pricing, at several fee percents.
    for (const { cart, referred } of carts) {
      const feePercent = [5, 10, 15, 20, 25, 30][Math.floor(rand() * 6)]!;
      const referralPercent = [0, 3, 7][Math.floor(rand() * 3)]!;
      const plan = await planSplit(
        t.ctx.db,
        cart.map((c) => ({ courseId: c.id, priceKobo: Math.round(c.nairaPrice * 100) })),
        { platformFeePercent: feePercent, feeBearer: 'account' },
        { feePercent: referralPercent, visits: new Map(referred.map((c) => [c.id, visitOf.get(c.id)!])) },
      );
      const amount = plan.lines.reduce((sum, l) => sum + l.priceKobo, 0);
      expect(plan.lines.reduce((sum, l) => sum + l.feeKobo + l.netKobo, 0)).toBe(amount);
      for (const l of plan.lines) {
        const isReferral = referred.some((c) => c.id === l.courseId);
        const usual = splitPrice(l.priceKobo, feePercent);
        // Never more than the usual fee, even with a referral fee set above it.
        const rate = isReferral ? Math.min(referralPercent, feePercent) : feePercent;
        expect(l.feeKobo).toBe(splitPrice(l.priceKobo, rate).feeKobo);
        expect(l.referralVisitId).toBe(isReferral ? visitOf.get(l.courseId)! : null);
        expect(l.referralExtraKobo).toBe(usual.feeKobo - l.feeKobo);
        expect(l.referralExtraKobo).toBeGreaterThanOrEqual(0);
      }
      const shares = (plan.split?.subaccounts ?? []).reduce((sum, x) => sum + x.share, 0);
      const splitNets = plan.lines.filter((l) => l.route === 'split').reduce((sum, l) => sum + l.netKobo, 0);
      expect(shares).toBe(splitNets);
      expect(shares).toBeLessThanOrEqual(amount);
    }

    // The first 40 bought for real with their attributions: checkout, the sandbox's split, fulfilment, the ledger.
    const orderIds: number[] = [];
    const buyCart = async ({ cart, referred }: (typeof carts)[number]) => {
      const student = await accountRow(t, (await buildStudent(t)).id);
      const started = await startCheckout(t.ctx, student, {
        amount: 0,
        courseIds: cart.map((c) => c.id),
        referrals: referred.map((c) => attributionOf.get(c.id)!),
      });
      const [order] = await t.ctx.db.select().from(orders).where(eq(orders.reference, started.reference));
      const done = await fulfilOrder(t.ctx, {
        reference: started.reference,
        paid: { amountKobo: order!.amountKobo, currency: 'NGN' },
      });
      expect(done.outcome).toBe('fulfilled');
      orderIds.push(order!.id);
    };
    const bought = carts.slice(0, 40);
    for (let i = 0; i < bought.length; i += 10) await Promise.all(bought.slice(i, i + 10).map(buyCart));
    const lines = await t.ctx.db
      .select({
        orderId: ledgerEntries.orderId,
        courseId: ledgerEntries.courseId,
        gross: ledgerEntries.grossKobo,
        fee: ledgerEntries.feeKobo,
        net: ledgerEntries.netKobo,
        referral: orderLines.referralVisitId,
      })
      .from(ledgerEntries)
      .innerJoin(orderLines, eq(orderLines.id, ledgerEntries.orderLineId))
      .where(inArray(ledgerEntries.orderId, orderIds));
    const paid = new Map(
      (
        await t.ctx.db
          .select({ id: orders.id, amount: orders.amountKobo })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      ).map((o) => [o.id, o.amount]),
    );
    expect(paid.size).toBe(40);
    let referralLines = 0;
    for (const [orderId, amount] of paid) {
      const own = lines.filter((l) => l.orderId === orderId);
      expect(
        own.reduce((sum, l) => sum + l.fee + l.net, 0),
        `order ${orderId}`,
      ).toBe(amount);
      expect(own.reduce((sum, l) => sum + l.gross, 0)).toBe(amount);
    }
    for (const l of lines) {
      const rate = l.referral === null ? 20 : 3;
      expect(l.fee).toBe(splitPrice(l.gross, rate).feeKobo);
      if (l.referral !== null) referralLines++;
    }
    expect(referralLines).toBeGreaterThan(20);
    expect(referralLines).toBe(bought.reduce((n, b) => n + b.referred.length, 0));
    // Each order's split shares are exactly the nets of its split lines.
    const splits = await t.ctx.db
      .select({ id: orders.id, split: sandboxTransactions.split })
      .from(orders)
      .innerJoin(sandboxTransactions, eq(sandboxTransactions.reference, orders.reference))
      .where(inArray(orders.id, orderIds));
    for (const s of splits) {
      const [row] = await t.ctx.db
        .select({ net: sql<number>`coalesce(sum(${orderLines.netKobo}), 0)::float8`.mapWith(Number) })
        .from(orderLines)
        .where(sql`${orderLines.orderId} = ${s.id} and ${orderLines.route} = 'split'`);
      const shares = ((s.split as { subaccounts?: { share: number }[] } | null)?.subaccounts ?? []).reduce(
        (sum, x) => sum + x.share,
        0,
      );
      expect(shares).toBe(row!.net);
    }
    // Every tutor's summary adds up to the nets of their lines, and their referral figures to the ledger's.
    for (const tutor of tutors) {
      const s = (await t.op('earningsSummary', { token: tutor.token })).body;
      const [net] = await t.ctx.db
        .select({ net: sql<number>`coalesce(sum(${ledgerEntries.netKobo}), 0)::float8`.mapWith(Number) })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.tutorId, tutor.id));
      expect(Math.round((s.owed + s.settledBySplit) * 100)).toBe(net!.net);
      const stats = (await t.op('referralStats', { body: {}, token: tutor.token })).body;
      const own = lines.filter(
        (l) => l.referral !== null && catalogue.some((c) => c.id === l.courseId && c.tutorId === tutor.id),
      );
      expect(stats.totals.sales).toBe(own.length);
      expect(Math.round(stats.totals.extraEarnings * 100)).toBe(
        own.reduce((sum, l) => sum + splitPrice(l.gross, 20).feeKobo - l.fee, 0),
      );
    }
  }, 120_000);
});

describe('referral links through Paystack', () => {
  const { t, fake } = usePaystackApp();

  it("sends Paystack a split whose referral line leaves the tutor 97 %, another tutor's line 80 %", async () => {
    const [referrer, other] = [await buildTutor(t), await buildTutor(t)];
    for (const [tutor, number] of [
      [referrer, '4444444444'],
      [other, '5555555551'],
    ] as const) {
      fake.payouts.accounts.set(`${GTBANK}:${number}`, 'ADAEZE OKAFOR');
      expect((await setAccount(t, tutor, number)).status).toBe(200);
      await endHold(t, tutor.id);
    }
    const mine = await buildApprovedCourse(t, referrer, { nairaPrice: 12000 });
    const theirs = await buildApprovedCourse(t, other, { nairaPrice: 5000 });
    const link = await t.op('referralLink', { body: { courseId: mine.id }, token: referrer.token });
    const visit = await t.op('referralVisit', { body: { code: link.body.link.code, courseId: mine.id } });
    const student = await buildStudent(t);
    const res = await t.op('cardCharge', {
      body: { courseIds: [mine.id, theirs.id], referrals: [visit.body.attribution!] },
      token: student.token,
    });
    expect(res.status, res.text).toBe(200);
    const sent = fake.initializeCalls.at(-1)!;
    expect(sent.amount).toBe(1_700_000);
    expect((sent.split as { subaccounts: { share: number }[] }).subaccounts.map((x) => x.share)).toEqual([
      1_164_000, 400_000,
    ]);
  });
});
