import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startCheckout } from '../../src/commands/charge.ts';
import { fulfilOrder } from '../../src/commands/fulfil-order.ts';
import { planSplit } from '../../src/commands/split.ts';
import {
  ledgerEntries,
  orderLines,
  orders,
  payoutAccounts,
  sandboxTransactions,
} from '../../src/db/schema-money.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { accountRow, buyInSandbox, readyAccount, setAccount } from './helpers.ts';

/** A small deterministic random generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('split at checkout and the ledger (sandbox)', () => {
  const t = useTestApp();

  it('splits the nets of tutors with a subaccount past its hold; the others are owed', async () => {
    const [splitA, splitB, owed, held] = await Promise.all([1, 2, 3, 4].map(() => buildTutor(t)));
    await readyAccount(t, splitA!, '0123456789');
    await readyAccount(t, splitB!, '0223456789');
    expect((await setAccount(t, held!, '0323456789')).status).toBe(200); // still in its hold
    const a1 = await buildApprovedCourse(t, splitA!, { nairaPrice: 10000 });
    const a2 = await buildApprovedCourse(t, splitA!, { nairaPrice: 2500.55 });
    const b = await buildApprovedCourse(t, splitB!, { nairaPrice: 3333.33 });
    const o = await buildApprovedCourse(t, owed!, { nairaPrice: 5000 });
    const h = await buildApprovedCourse(t, held!, { nairaPrice: 7000 });
    const student = await buildStudent(t, { fullName: 'Chiamaka Obi' });
    const reference = await buyInSandbox(t, student, [a1.id, a2.id, b.id, o.id, h.id]);

    const [tx] = await t.ctx.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, reference));
    const codes = await Promise.all(
      [splitA!, splitB!].map(async (tutor) => {
        const res = await t.op('payoutAccountGet', { token: tutor.token });
        expect(res.body.payoutAccount!.splitActive).toBe(true);
        const [row] = await t.ctx.db
          .select({ code: payoutAccounts.subaccountCode })
          .from(payoutAccounts)
          .where(eq(payoutAccounts.tutorId, tutor.id));
        return row!.code!;
      }),
    );
    // 80% of each price, in kobo, summed per subaccount; the platform bears Paystack's fee.
    expect(tx!.split).toEqual({
      type: 'flat',
      bearer_type: 'account',
      subaccounts: [
        { subaccount: codes[0]!, share: 800000 + 200044 },
        { subaccount: codes[1]!, share: 266666 },
      ],
    });

    const lines = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.courseId, [a1.id, a2.id, b.id, o.id, h.id]));
    const byCourse = new Map(lines.map((l) => [l.courseId, l]));
    expect(byCourse.get(a2.id)).toMatchObject({
      grossKobo: 250055,
      feeKobo: 50011,
      netKobo: 200044,
      route: 'split',
    });
    expect(byCourse.get(o.id)).toMatchObject({
      grossKobo: 500000,
      feeKobo: 100000,
      netKobo: 400000,
      route: 'owed',
    });
    expect(byCourse.get(h.id)!.route).toBe('owed');

    const summary = await t.op('earningsSummary', { token: splitA!.token });
    expect(summary.body).toMatchObject({
      owed: 0,
      settledBySplit: 10000.44,
      paidOut: 0,
      inTransfer: 0,
      refunded: 0,
    });
    expect(summary.body.byMonth).toHaveLength(1);
    expect(summary.body.byMonth[0]).toMatchObject({ gross: 12500.55, fee: 2500.11, net: 10000.44 });
    expect(summary.body.byMonth[0]!.month).toMatch(/^\d{4}-\d{2}$/);
    const heldSummary = await t.op('earningsSummary', { token: held!.token });
    expect(heldSummary.body).toMatchObject({ owed: 5600, settledBySplit: 0 });

    const ledger = await t.op('staffLedger', { body: { pageNo: 0, pageSize: 10 }, token: splitA!.token });
    expect(ledger.body.totalData).toBe(2);
    expect(ledger.body.lines.map((l) => l.status)).toEqual(['settled', 'settled']);
    expect(ledger.body.lines[0]).toMatchObject({ buyerFirstName: 'Chiamaka', route: 'split', kind: 'sale' });
    expect(ledger.text).not.toContain('Obi');
    expect(ledger.text).not.toContain(student.email);
    const owedLedger = await t.op('staffLedger', { body: { pageNo: 0, pageSize: 10 }, token: owed!.token });
    expect(owedLedger.body.lines).toEqual([
      expect.objectContaining({ courseId: o.id, gross: 5000, fee: 1000, net: 4000, status: 'owed' }),
    ]);
  });

  it('only a tutor reads their own ledger and summary', async () => {
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    for (const who of [student, admin]) {
      expect((await t.op('earningsSummary', { token: who.token })).status).toBe(403);
      expect((await t.op('staffLedger', { body: { pageNo: 0, pageSize: 5 }, token: who.token })).status).toBe(
        403,
      );
    }
    expect((await t.op('earningsSummary')).status).toBe(401);
    // Another tutor sees only their own (empty) ledger.
    const stranger = await buildTutor(t);
    const theirs = await t.op('staffLedger', { body: { pageNo: 0, pageSize: 5 }, token: stranger.token });
    expect(theirs.body).toMatchObject({ lines: [], totalData: 0 });
  });

  it('reconciles over 200 random carts: fee + the tutors’ nets = the amount paid, per order', async () => {
    const rand = random(31);
    const tutors: TestAccount[] = [];
    for (let i = 0; i < 6; i++) tutors.push(await buildTutor(t));
    // Half the tutors take splits.
    for (const [i, tutor] of tutors.slice(0, 3).entries()) await readyAccount(t, tutor, `04${i}3456789`);
    const catalogue: TestCourse[] = [];
    for (let i = 0; i < 14; i++) {
      const naira = Math.round(rand() * 5_000_000) / 100 + 0.01; // ₦0.01 to ₦50,000, odd kobo
      catalogue.push(await buildApprovedCourse(t, tutors[i % tutors.length]!, { nairaPrice: naira }));
    }
    const carts = Array.from({ length: 200 }, () => {
      const cart = catalogue.filter(() => rand() < 0.35);
      return cart.length ? cart : [catalogue[Math.floor(rand() * catalogue.length)]!];
    });
    // All 200 through the checkout's pricing (planSplit), at several fee percents.
    let withSplit = 0;
    for (const cart of carts) {
      const feePercent = [5, 10, 15, 20, 25, 30][Math.floor(rand() * 6)]!;
      const plan = await planSplit(
        t.ctx.db,
        cart.map((c) => ({ courseId: c.id, priceKobo: Math.round(c.nairaPrice * 100) })),
        { platformFeePercent: feePercent, feeBearer: 'account' },
      );
      const amount = plan.lines.reduce((sum, l) => sum + l.priceKobo, 0);
      expect(plan.lines.reduce((sum, l) => sum + l.feeKobo + l.netKobo, 0)).toBe(amount);
      for (const l of plan.lines) {
        expect(l.tutorId).toBe(cart.find((c) => c.id === l.courseId)!.tutorId);
        expect(l.route === 'split').toBe(tutors.slice(0, 3).some((x) => x.id === l.tutorId) && l.netKobo > 0);
      }
      const shares = (plan.split?.subaccounts ?? []).reduce((sum, x) => sum + x.share, 0);
      const splitNets = plan.lines.filter((l) => l.route === 'split').reduce((sum, l) => sum + l.netKobo, 0);
      expect(shares).toBe(splitNets);
      expect(shares).toBeLessThan(amount);
      if (shares > 0) withSplit++;
    }
    expect(withSplit).toBeGreaterThan(100);

    // The first 30 bought for real: checkout, the sandbox's split, fulfilment and the ledger.
    const orderIds: number[] = [];
    const buy = async (cart: TestCourse[]) => {
      const student = await accountRow(t, (await buildStudent(t)).id);
      const started = await startCheckout(t.ctx, student, { amount: 0, courseIds: cart.map((c) => c.id) });
      const [order] = await t.ctx.db.select().from(orders).where(eq(orders.reference, started.reference));
      const done = await fulfilOrder(t.ctx, {
        reference: started.reference,
        paid: { amountKobo: order!.amountKobo, currency: 'NGN' },
      });
      expect(done.outcome).toBe('fulfilled');
      orderIds.push(order!.id);
    };
    const bought = carts.slice(0, 30);
    for (let i = 0; i < bought.length; i += 10) await Promise.all(bought.slice(i, i + 10).map(buy));
    const perOrder = (await t.ctx.db
      .select({
        orderId: orders.id,
        paid: orders.amountKobo,
        gross: sql<number>`sum(${ledgerEntries.grossKobo})::float8`.mapWith(Number),
        feesAndNets: sql<number>`sum(${ledgerEntries.feeKobo} + ${ledgerEntries.netKobo})::float8`.mapWith(
          Number,
        ),
        lines: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(orders)
      .innerJoin(ledgerEntries, eq(ledgerEntries.orderId, orders.id))
      .where(inArray(orders.id, orderIds))
      .groupBy(orders.id)) as { orderId: number; paid: number; gross: number; feesAndNets: number }[];
    expect(perOrder).toHaveLength(30);
    for (const o of perOrder) {
      expect(o.feesAndNets, `order ${o.orderId}`).toBe(o.paid);
      expect(o.gross).toBe(o.paid);
    }
    // Each order's split shares are exactly the nets of its split lines, and stay below the amount paid.
    const splits = await t.ctx.db
      .select({
        reference: orders.reference,
        id: orders.id,
        amount: orders.amountKobo,
        split: sandboxTransactions.split,
      })
      .from(orders)
      .innerJoin(sandboxTransactions, eq(sandboxTransactions.reference, orders.reference))
      .where(inArray(orders.id, orderIds));
    for (const s of splits) {
      const splitNets = await t.ctx.db
        .select({ net: sql<number>`coalesce(sum(${orderLines.netKobo}), 0)::float8`.mapWith(Number) })
        .from(orderLines)
        .where(sql`${orderLines.orderId} = ${s.id} and ${orderLines.route} = 'split'`);
      const shares = ((s.split as { subaccounts?: { share: number }[] } | null)?.subaccounts ?? []).reduce(
        (sum, x) => sum + x.share,
        0,
      );
      expect(shares).toBe(splitNets[0]!.net);
      expect(shares).toBeLessThan(s.amount);
    }
    // Every tutor's summary adds up to the nets of their lines.
    for (const tutor of tutors) {
      const s = (await t.op('earningsSummary', { token: tutor.token })).body;
      const [net] = await t.ctx.db
        .select({ net: sql<number>`coalesce(sum(${ledgerEntries.netKobo}), 0)::float8`.mapWith(Number) })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.tutorId, tutor.id));
      expect(Math.round((s.owed + s.settledBySplit) * 100)).toBe(net!.net);
    }
  }, 60_000);
});
