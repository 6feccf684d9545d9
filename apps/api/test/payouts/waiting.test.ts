import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payoutAccounts } from '../../src/db/schema-money.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { buyInSandbox, endHold, setAccount, withTransferEvents } from './helpers.ts';

// Large amounts and a ₦200,000 minimum keep these balances at the head of the list (largest first) even when
// other test files' tutors share the database (PostgreSQL runs).
describe('balances that cannot be paid yet: the admin and the tutor read the same reason', () => {
  const t = useTestApp(withTransferEvents({ env: { PAYOUT_MINIMUM_NAIRA: '200000' } }));

  /** A tutor owed 80 % of one sale of `naira`, with a payout account set after the sale (so nothing was split). */
  async function owedTutor(naira: number, account: 'held' | 'ready' | 'none'): Promise<TestAccount> {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: naira });
    await buyInSandbox(t, await buildStudent(t), [course.id]);
    if (account !== 'none') expect((await setAccount(t, tutor, '0512345678')).status).toBe(200);
    if (account === 'ready') await endHold(t, tutor.id);
    return tutor;
  }
  const holdOf = async (tutorId: number) =>
    (await t.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.tutorId, tutorId)))[0]!.holdUntil;

  it('lists held, unverified and small balances with the reason and the hold’s end; the tutor is told the same', async () => {
    const admin = await buildAdmin(t);
    const held = await owedTutor(1_000_000, 'held'); // owed ₦800,000, account just set
    const none = await owedTutor(900_000, 'none'); // owed ₦720,000, no payout account
    const payable = await owedTutor(500_000, 'ready'); // owed ₦400,000, past its hold
    const small = await owedTutor(200_000, 'ready'); // owed ₦160,000: under the ₦200,000 minimum
    const nothing = await buildTutor(t);

    const list = await t.op('adminPayoutsList', { body: { pageNo: 0, pageSize: 100 }, token: admin.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.minimum).toBe(200_000);
    expect(list.body.tutors.map((x) => x.tutorId)).toContain(payable.id);
    const payableIds = new Set(list.body.tutors.map((x) => x.tutorId));
    for (const id of [held.id, none.id, small.id]) expect(payableIds.has(id)).toBe(false);

    const waiting = new Map(list.body.waiting.map((w) => [w.tutorId, w]));
    expect(waiting.get(held.id)).toEqual({
      tutorId: held.id,
      fullName: held.fullName,
      email: held.email,
      owed: 800_000,
      reason: 'held',
      payableFrom: (await holdOf(held.id)).toISOString(),
      bankName: 'Guaranty Trust Bank',
      accountNumber: '******5678',
    });
    expect(Date.parse(waiting.get(held.id)!.payableFrom!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(waiting.get(none.id)).toMatchObject({
      owed: 720_000,
      reason: 'no_account',
      payableFrom: null,
      bankName: null,
      accountNumber: null,
    });
    expect(waiting.get(small.id)).toMatchObject({
      owed: 160_000,
      reason: 'below_minimum',
      payableFrom: null,
    });
    expect(waiting.has(payable.id)).toBe(false);
    expect(waiting.has(nothing.id)).toBe(false);
    expect(list.body.waitingTotal).toBeGreaterThanOrEqual(3);
    // Largest first.
    const order = list.body.waiting
      .map((w) => w.tutorId)
      .filter((id) => [held.id, none.id, small.id].includes(id));
    expect(order).toEqual([held.id, none.id, small.id]);

    const standing = async (tutor: TestAccount) => {
      const res = await t.op('earningsSummary', { token: tutor.token });
      expect(res.status, res.text).toBe(200);
      return res.body.payout;
    };
    expect(await standing(held)).toEqual({
      state: 'held',
      payableFrom: (await holdOf(held.id)).toISOString(),
      minimum: 200_000,
    });
    expect(await standing(none)).toEqual({ state: 'no_account', payableFrom: null, minimum: 200_000 });
    expect(await standing(small)).toEqual({ state: 'below_minimum', payableFrom: null, minimum: 200_000 });
    expect(await standing(payable)).toEqual({ state: 'payable', payableFrom: null, minimum: 200_000 });
    expect(await standing(nothing)).toEqual({ state: 'nothing_owed', payableFrom: null, minimum: 200_000 });

    // Once paid, the balance is in transfer: nothing is owed, and it waits nowhere.
    const paid = await t.op('adminPayoutsPay', { body: { tutorIds: [payable.id] }, token: admin.token });
    expect(paid.body.payouts).toHaveLength(1);
    expect((await standing(payable)).state).toBe('nothing_owed');
    const after = await t.op('adminPayoutsList', { body: { pageNo: 0, pageSize: 100 }, token: admin.token });
    expect(after.body.waiting.map((w) => w.tutorId)).not.toContain(payable.id);
    expect(after.body.tutors.map((x) => x.tutorId)).not.toContain(payable.id);
  });
});
