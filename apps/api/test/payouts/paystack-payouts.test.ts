import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_ACCOUNT_MESSAGE } from '@app/contract/payouts';
import { payoutAccounts, payoutCodes } from '../../src/db/schema-money.ts';
import { buildStudent, buildTutor, useAccounts, type TestAccount } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { buyWithPaystack, postWebhook, usePaystackApp } from '../payments/helpers.ts';
import { endHold, GTBANK, payoutsOf, setAccount } from './helpers.ts';

const ZENITH = '057';

describe('payouts through Paystack (banks, subaccounts, split, recipients, transfers)', () => {
  const { t, fake } = usePaystackApp();
  const [admin] = useAccounts(t, 'admin');

  /** A tutor whose account `number` at GTBank is known to the fake Paystack's banks. */
  const tutorWithBankAccount = async (number: string, name = 'ADAEZE OKAFOR') => {
    const tutor = await buildTutor(t);
    fake.payouts.accounts.set(`${GTBANK}:${number}`, name);
    return tutor;
  };
  const subaccountOf = async (tutor: TestAccount) =>
    (await t.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.tutorId, tutor.id)))[0]
      ?.subaccountCode;
  const resolve = (tutor: TestAccount, accountNumber: string, bankCode = GTBANK) =>
    t.op('bankResolve', { body: { bankCode, accountNumber }, token: tutor.token });

  it("lists Nigeria's active banks page by page, resolves an account, and creates then updates the subaccount", async () => {
    fake.payouts.maxPerPage = 2; // five Nigerian banks: three pages, followed by cursor
    const tutor = await tutorWithBankAccount('0123456789');
    const banks = await t.op('bankList', { token: tutor.token });
    expect(banks.status, banks.text).toBe(200);
    expect(banks.body.banks).toEqual([
      { name: 'Access Bank', code: '044' },
      { name: 'Guaranty Trust Bank', code: GTBANK },
      { name: 'Zenith Bank', code: ZENITH },
      { name: 'Kuda Bank', code: '50211' },
    ]);
    expect(fake.payouts.bankListCalls.map((q) => [q.get('country'), q.get('next')])).toEqual([
      ['nigeria', null],
      ['nigeria', Buffer.from('2').toString('base64')],
      ['nigeria', Buffer.from('4').toString('base64')],
    ]);
    // Kept for a day: a second read asks Paystack nothing.
    await t.op('bankList', { token: tutor.token });
    expect(fake.payouts.bankListCalls).toHaveLength(3);

    const resolved = await resolve(tutor, '0123456789');
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.body.accountName).toBe('ADAEZE OKAFOR');
    expect(fake.payouts.resolveCalls.at(-1)).toBe(`${GTBANK}:0123456789`);

    const set = await setAccount(t, tutor, '0123456789');
    expect(set.status, set.text).toBe(200);
    const created = fake.payouts.subaccountCalls.at(-1)!;
    expect(created).toEqual({
      method: 'POST',
      code: null,
      body: {
        business_name: `${tutor.fullName} (DevLearn tutor)`,
        settlement_bank: GTBANK,
        account_number: '0123456789',
        percentage_charge: 20,
        primary_contact_email: tutor.email,
        description: 'DevLearn tutor',
      },
    });
    const code = await subaccountOf(tutor);
    expect(code).toMatch(/^ACCT_/);
    expect(fake.payouts.subaccounts.has(code!)).toBe(true);

    // A change of account updates the same subaccount.
    fake.payouts.accounts.set(`${ZENITH}:2233445566`, 'ADAEZE OKAFOR');
    const changed = await setAccount(t, tutor, '2233445566', ZENITH);
    expect(changed.status, changed.text).toBe(200);
    expect(fake.payouts.subaccountCalls.at(-1)).toMatchObject({
      method: 'PUT',
      code,
      body: { settlement_bank: ZENITH, account_number: '2233445566' },
    });
    expect(await subaccountOf(tutor)).toBe(code);
  });

  it('refuses an account the bank does not know with a 400, as Paystack answers 422', async () => {
    const tutor = await tutorWithBankAccount('0123456789');
    const unknown = await resolve(tutor, '0987654321');
    expect(unknown.status).toBe(400);
    expect(unknown.body.responseDto.message).toBe(UNKNOWN_ACCOUNT_MESSAGE);
    expect(fake.payouts.resolveCalls.at(-1)).toBe(`${GTBANK}:0987654321`);
    const calls = fake.payouts.subaccountCalls.length;
    const set = await setAccount(t, tutor, '0987654321');
    expect(set.status).toBe(400);
    expect(set.body.responseDto.message).toBe(UNKNOWN_ACCOUNT_MESSAGE);
    expect(fake.payouts.subaccountCalls).toHaveLength(calls);
  });

  it('sends a dynamic split of flat kobo shares to verified subaccounts, and the chosen channel', async () => {
    const split = await tutorWithBankAccount('1111111111');
    const other = await tutorWithBankAccount('2222222222');
    const unverified = await buildTutor(t);
    for (const [tutor, number] of [
      [split, '1111111111'],
      [other, '2222222222'],
    ] as const) {
      expect((await setAccount(t, tutor, number)).status).toBe(200);
      await endHold(t, tutor.id);
    }
    const a = await buildApprovedCourse(t, split, { nairaPrice: 5000 });
    const a2 = await buildApprovedCourse(t, split, { nairaPrice: 1500 });
    const b = await buildApprovedCourse(t, other, { nairaPrice: 3000 });
    const c = await buildApprovedCourse(t, unverified, { nairaPrice: 2000 });
    const student = await buildStudent(t);

    const res = await t.op('cardCharge', {
      body: { courseIds: [a.id, a2.id, b.id, c.id], channel: 'bank_transfer' },
      token: student.token,
    });
    expect(res.status, res.text).toBe(200);
    const sent = fake.initializeCalls.at(-1)!;
    expect(sent).toMatchObject({ amount: 1_150_000, channels: ['bank_transfer'] });
    // 80% of each line to its tutor's subaccount, summed per subaccount; the unverified tutor's share is owed.
    expect(sent.split).toEqual({
      type: 'flat',
      bearer_type: 'account',
      subaccounts: [
        { subaccount: await subaccountOf(split), share: 520_000 },
        { subaccount: await subaccountOf(other), share: 240_000 },
      ],
    });

    // No channel chosen: every channel is offered.
    await buyWithPaystack(t, fake, await buildStudent(t), [b.id]);
    expect(fake.initializeCalls.at(-1)).not.toHaveProperty('channels');
    expect(fake.initializeCalls.at(-1)!.split).toMatchObject({ subaccounts: [{ share: 240_000 }] });
  });

  it('pays an owed balance: a transfer recipient, then a transfer under our reference; a second pay sends nothing', async () => {
    const tutor = await tutorWithBankAccount('3333333333', 'BABATUNDE EZE');
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 5000 });
    await buyWithPaystack(t, fake, await buildStudent(t), [course.id]); // before the account: owed ₦4,000
    expect((await setAccount(t, tutor, '3333333333')).status).toBe(200);
    await endHold(t, tutor.id);
    const recipients = fake.payouts.recipientCalls.length;
    const transfers = fake.payouts.transferCalls.length;

    const paid = await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
    expect(paid.status, paid.text).toBe(200);
    const [payout] = paid.body.payouts;
    expect(payout).toMatchObject({ tutorId: tutor.id, amount: 4000, status: 'pending' });
    expect(fake.payouts.recipientCalls.slice(recipients)).toEqual([
      {
        type: 'nuban',
        name: 'BABATUNDE EZE',
        account_number: '3333333333',
        bank_code: GTBANK,
        currency: 'NGN',
      },
    ]);
    const [transfer] = fake.payouts.transferCalls.slice(transfers);
    expect(fake.payouts.transferCalls).toHaveLength(transfers + 1);
    const [row] = await payoutsOf(t, tutor.id);
    expect(transfer).toMatchObject({
      source: 'balance',
      amount: 400_000,
      reference: payout!.reference,
      recipient: row!.recipientCode,
      currency: 'NGN',
    });
    expect(row!.transferCode).toBe(fake.payouts.transfers.get(payout!.reference)!.transfer_code);

    const again = await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
    expect(again.body.payouts).toEqual([]);
    expect(fake.payouts.recipientCalls).toHaveLength(recipients + 1);
    expect(fake.payouts.transferCalls).toHaveLength(transfers + 1);

    // Paystack's signed transfer.success pays it out.
    const { body, signature } = fake.webhook({
      event: 'transfer.success',
      data: {
        reference: payout!.reference,
        amount: 400_000,
        status: 'success',
        transfer_code: row!.transferCode,
      },
    });
    expect((await postWebhook(t, body, signature)).body.responseDto.message).toBe('Payout success');
    const summary = await t.op('earningsSummary', { token: tutor.token });
    expect(summary.body).toMatchObject({ owed: 0, inTransfer: 0, paidOut: 4000 });
  });

  it('answers 503 while Paystack is down, and a payout not sent then is verified by reference and sent once', async () => {
    const tutor = await tutorWithBankAccount('4444444444');
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 2500 });
    await buyWithPaystack(t, fake, await buildStudent(t), [course.id]);
    fake.setOutage(true);
    try {
      const down = await resolve(tutor, '4444444444');
      expect(down.status).toBe(503);
      const set = await setAccount(t, tutor, '4444444444');
      expect(set.status).toBe(503);
    } finally {
      fake.setOutage(false);
    }
    // The emailed code was not used up by the failed call.
    const [code] = await t.ctx.db.select().from(payoutCodes).where(eq(payoutCodes.tutorId, tutor.id));
    expect(code!.usedAt).toBeNull();
    expect((await setAccount(t, tutor, '4444444444')).status).toBe(200);
    await endHold(t, tutor.id);

    const transfers = fake.payouts.transferCalls.length;
    fake.setOutage(true);
    let first;
    try {
      first = await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
    } finally {
      fake.setOutage(false);
    }
    expect(first.status).toBe(200);
    const [unsent] = await payoutsOf(t, tutor.id);
    expect(unsent).toMatchObject({ status: 'pending', transferCode: null });
    expect(unsent!.failureReason).toContain('Not sent yet');

    const retry = await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
    expect(retry.body.payouts.map((p) => p.reference)).toEqual([unsent!.reference]);
    expect(fake.payouts.transferVerifyCalls).toContain(unsent!.reference);
    expect(fake.payouts.transferCalls.slice(transfers).map((c) => c.reference)).toEqual([unsent!.reference]);
    expect((await payoutsOf(t, tutor.id))[0]).toMatchObject({ status: 'pending', failureReason: null });
  });

  it('a transfer whose answer was lost is found by its reference: never sent twice, its failure adopted', async () => {
    const tutor = await tutorWithBankAccount('5555555555');
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 3000 });
    await buyWithPaystack(t, fake, await buildStudent(t), [course.id]);
    expect((await setAccount(t, tutor, '5555555555')).status).toBe(200);
    await endHold(t, tutor.id);
    const transfers = fake.payouts.transferCalls.length;
    fake.payouts.loseTransferAnswers = true;
    try {
      await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
    } finally {
      fake.payouts.loseTransferAnswers = false;
    }
    const [lost] = await payoutsOf(t, tutor.id);
    expect(lost!.failureReason).toContain('Not sent yet');
    // Paystack took it, and the bank then declined it.
    fake.payouts.transfers.get(lost!.reference)!.status = 'failed';

    const retry = await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
    expect(retry.body.payouts.map((p) => [p.reference, p.status])).toEqual([[lost!.reference, 'failed']]);
    expect(fake.payouts.transferCalls).toHaveLength(transfers + 1);
    const [failed] = await payoutsOf(t, tutor.id);
    // The transfer's `reason` is our own narration, never taken for why it failed.
    expect(failed!.failureReason).toBe('The transfer failed.');
    const summary = await t.op('earningsSummary', { token: tutor.token });
    expect(summary.body).toMatchObject({ owed: 2400, inTransfer: 0, paidOut: 0 });
  });
});
