import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, payouts, sandboxRecords } from '../../src/db/schema-money.ts';
import { jobs, notifications } from '../../src/db/schema.ts';
import { SANDBOX_EVENT_JOB } from '../../src/services/payments/sandbox.ts';
import { signWebhook } from '../../src/services/payments/types.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { postWebhook } from '../payments/helpers.ts';
import {
  buyInSandbox,
  endHold,
  eventually,
  payoutsOf,
  readyAccount,
  setAccount,
  withTransferEvents,
} from './helpers.ts';

describe('payouts of owed balances (sandbox)', () => {
  const t = useTestApp(withTransferEvents());

  /** A tutor owed ₦4,000 (a ₦5,000 sale, no split: their account was set after the sale) past the hold. */
  async function owedTutor(accountNumber: string, naira = 5000): Promise<TestAccount> {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: naira });
    await buyInSandbox(t, await buildStudent(t), [course.id]);
    expect((await setAccount(t, tutor, accountNumber)).status).toBe(200);
    return tutor;
  }
  const statusOf = async (tutorId: number) => (await payoutsOf(t, tutorId))[0]?.status;
  const transfersTo = async (references: string[]) =>
    (
      await t.ctx.db
        .select({ n: count() })
        .from(sandboxRecords)
        .where(inArray(sandboxRecords.code, references))
    )[0]!.n;

  it('lists tutors owed at least the minimum past their hold, pays them once, and the webhook marks it paid', async () => {
    const admin = await buildAdmin(t);
    const tutor = await owedTutor('0512345678');
    const small = await owedTutor('0512345679', 1000); // owed ₦800: under PAYOUT_MINIMUM_NAIRA
    const listed = async () =>
      (await t.op('adminPayoutsList', { body: { pageNo: 0, pageSize: 100 }, token: admin.token })).body
        .tutors;

    // In its hold: neither listed nor paid.
    expect((await listed()).map((x) => x.tutorId)).not.toContain(tutor.id);
    const early = await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
    expect(early.body.payouts).toEqual([]);

    await endHold(t, tutor.id);
    await endHold(t, small.id);
    const mine = (await listed()).find((x) => x.tutorId === tutor.id);
    expect(mine).toMatchObject({ owed: 4000, accountNumber: '******5678', bankName: 'Guaranty Trust Bank' });
    expect((await listed()).map((x) => x.tutorId)).not.toContain(small.id);

    const paid = await t.op('adminPayoutsPay', {
      body: { tutorIds: [tutor.id, small.id] },
      token: admin.token,
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.payouts).toHaveLength(1);
    const [payout] = paid.body.payouts;
    expect(payout).toMatchObject({ tutorId: tutor.id, amount: 4000, accountNumber: '******5678' });
    expect(['pending', 'success']).toContain(payout!.status);
    expect(payout!.reference).toMatch(/^po-[a-z0-9-]+$/);
    expect(paid.text).not.toContain('0512345678');

    const summary = await t.op('earningsSummary', { token: tutor.token });
    expect(summary.body.owed).toBe(0);
    await eventually(async () => (await statusOf(tutor.id)) === 'success', 'transfer.success');
    const after = await t.op('earningsSummary', { token: tutor.token });
    expect(after.body).toMatchObject({ owed: 0, inTransfer: 0, paidOut: 4000 });
    const ledger = await t.op('staffLedger', { body: { pageNo: 0, pageSize: 5 }, token: tutor.token });
    expect(ledger.body.lines.map((l) => l.status)).toEqual(['paid_out']);
    expect((await listed()).map((x) => x.tutorId)).not.toContain(tutor.id);

    const history = await t.op('adminPayoutsHistory', {
      body: { pageNo: 0, pageSize: 50 },
      token: admin.token,
    });
    expect(history.body.payouts.find((p) => p.id === payout!.id)).toMatchObject({
      status: 'success',
      accountNumber: '******5678',
    });
    // Audited (who, from where) and told in the bell, to the tutor and to the admin.
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(payout!.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['payout.created', 'payout.success']));
    const created = audits.find((a) => a.action === 'payout.created')!;
    expect(created).toMatchObject({ actorId: admin.id, actorRole: 'admin' });
    expect(created.ip).toBeTruthy();
    const told = await t.ctx.db
      .select({ accountId: notifications.accountId, type: notifications.type })
      .from(notifications)
      .where(inArray(notifications.accountId, [tutor.id, admin.id]));
    expect(told).toEqual(
      expect.arrayContaining([
        { accountId: tutor.id, type: 'payout-sent' },
        { accountId: tutor.id, type: 'payout-paid' },
        { accountId: admin.id, type: 'payout-paid' },
      ]),
    );

    // Replayed webhooks change nothing.
    const [row] = await payoutsOf(t, tutor.id);
    const before = { audits: audits.length, told: told.length };
    for (const event of ['transfer.success', 'transfer.failed', 'transfer.reversed', 'transfer.success']) {
      const body = JSON.stringify({
        event,
        data: { reference: row!.reference, amount: row!.amountKobo, status: event.slice(9) },
      });
      const res = await postWebhook(t, body, signWebhook(body, t.ctx.payments.webhookSecret));
      expect(res.status).toBe(200);
      if (event === 'transfer.success') expect(res.body.responseDto.message).toBe('Payout unchanged');
    }
    // (A reversal after success is a real move: Paystack may reverse a paid transfer.)
    expect(await statusOf(tutor.id)).toBe('reversed');
    const replay = JSON.stringify({ event: 'transfer.reversed', data: { reference: row!.reference } });
    await postWebhook(t, replay, signWebhook(replay, t.ctx.payments.webhookSecret));
    const auditsAfter = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(payout!.id)));
    expect(auditsAfter).toHaveLength(before.audits + 1);
    // A bad signature is refused and changes nothing.
    expect((await postWebhook(t, replay, 'ab'.repeat(64))).status).toBe(401);
  });

  it('replayed transfer webhooks change nothing', async () => {
    const admin = await buildAdmin(t);
    const tutor = await owedTutor('0612345678');
    await endHold(t, tutor.id);
    await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
    await eventually(async () => (await statusOf(tutor.id)) === 'success', 'transfer.success');
    const [row] = await payoutsOf(t, tutor.id);
    const snapshot = async () => ({
      payout: (await payoutsOf(t, tutor.id))[0],
      audits: (
        await t.ctx.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.subjectId, String(row!.id)))
      ).length,
      told: (await t.ctx.db.select().from(notifications).where(eq(notifications.accountId, tutor.id))).length,
      summary: (await t.op('earningsSummary', { token: tutor.token })).body,
    });
    const before = await snapshot();
    const body = JSON.stringify({
      event: 'transfer.success',
      data: { reference: row!.reference, amount: row!.amountKobo, status: 'success' },
    });
    for (let i = 0; i < 3; i++) {
      const res = await postWebhook(t, body, signWebhook(body, t.ctx.payments.webhookSecret));
      expect(res.body.responseDto.message).toBe('Payout unchanged');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a failed transfer returns the balance, and a reversed one too; the next pay sends a new payout', async () => {
    const admin = await buildAdmin(t);
    const failing = await owedTutor('0712349999'); // the sandbox fails transfers to ...9999
    const reversing = await owedTutor('0712348888'); // and reverses those to ...8888
    await endHold(t, failing.id);
    await endHold(t, reversing.id);
    await t.op('adminPayoutsPay', { body: { tutorIds: [failing.id, reversing.id] }, token: admin.token });
    await eventually(async () => (await statusOf(failing.id)) === 'failed', 'transfer.failed');
    await eventually(async () => (await statusOf(reversing.id)) === 'reversed', 'transfer.reversed');
    for (const tutor of [failing, reversing]) {
      const s = await t.op('earningsSummary', { token: tutor.token });
      expect(s.body).toMatchObject({ owed: 4000, inTransfer: 0, paidOut: 0 });
      const ledger = await t.op('staffLedger', { body: { pageNo: 0, pageSize: 5 }, token: tutor.token });
      expect(ledger.body.lines.map((l) => l.status)).toEqual(['owed']);
    }
    const [failed] = await payoutsOf(t, failing.id);
    expect(failed!.failureReason).toContain('declined');
    const told = await t.ctx.db.select().from(notifications).where(eq(notifications.accountId, failing.id));
    expect(told.map((n) => n.type)).toContain('payout-failed');
    const list = await t.op('adminPayoutsList', { body: { pageNo: 0, pageSize: 100 }, token: admin.token });
    expect(list.body.tutors.map((x) => x.tutorId)).toEqual(
      expect.arrayContaining([failing.id, reversing.id]),
    );

    const again = await t.op('adminPayoutsPay', { body: { tutorIds: [failing.id] }, token: admin.token });
    expect(again.body.payouts).toHaveLength(1);
    expect(again.body.payouts[0]!.reference).not.toBe(failed!.reference);
    expect(again.body.payouts[0]!.amount).toBe(4000);
  });

  it('a concurrent double pay of the same tutor pays once', async () => {
    const admin = await buildAdmin(t);
    const other = await buildAdmin(t);
    const tutor = await owedTutor('0812345678');
    await endHold(t, tutor.id);
    const answers = await Promise.all([
      t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token }),
      t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id, tutor.id] }, token: other.token }),
      t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.flatMap((a) => a.body.payouts)).toHaveLength(1);
    const rows = await payoutsOf(t, tutor.id);
    expect(rows).toHaveLength(1);
    expect(await transfersTo(rows.map((r) => r.reference))).toBe(1);
  });

  it('a transfer whose answer was lost is looked up by its reference and never sent twice', async () => {
    const admin = await buildAdmin(t);
    const tutor = await owedTutor('0912345555'); // the sandbox takes transfers to ...5555 but loses the answer
    await endHold(t, tutor.id);
    const first = await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
    expect(first.status).toBe(200);
    const [row] = await payoutsOf(t, tutor.id);
    // Either still waiting to be taken up again, or already settled by the webhook.
    if (row!.status === 'pending' && row!.transferCode === null) {
      expect(row!.failureReason).toContain('Not sent yet');
      const retry = await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
      // Taken up again under the same reference, unless the webhook settled it between the read and the retry.
      expect(retry.status).toBe(200);
      for (const p of retry.body.payouts) expect(p.reference).toBe(row!.reference);
    }
    await eventually(async () => (await statusOf(tutor.id)) === 'success', 'transfer.success');
    expect(await payoutsOf(t, tutor.id)).toHaveLength(1);
    expect(await transfersTo([row!.reference])).toBe(1);
    const s = await t.op('earningsSummary', { token: tutor.token });
    expect(s.body).toMatchObject({ owed: 0, paidOut: 4000 });
  });

  it('only admins list, pay and read the history', async () => {
    const tutor = await buildTutor(t);
    const student = await buildStudent(t);
    for (const who of [tutor, student]) {
      expect(
        (await t.op('adminPayoutsList', { body: { pageNo: 0, pageSize: 5 }, token: who.token })).status,
      ).toBe(403);
      expect(
        (await t.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: who.token })).status,
      ).toBe(403);
      const history = await t.op('adminPayoutsHistory', {
        body: { pageNo: 0, pageSize: 5 },
        token: who.token,
      });
      expect(history.status).toBe(403);
    }
    expect((await t.op('adminPayoutsPay', { body: { tutorIds: [1] } })).status).toBe(401);
    const admin = await buildAdmin(t);
    expect((await t.op('adminPayoutsPay', { body: { tutorIds: [] }, token: admin.token })).status).toBe(400);
    expect(await t.ctx.db.select().from(payouts).where(eq(payouts.tutorId, tutor.id))).toEqual([]);
  });
});

describe('sandbox transfer webhooks (durable)', () => {
  // The server that sends the transfer runs no job worker, like one that stops before the webhook is due; another
  // instance on the same database delivers it from the job queue.
  const sender = useTestApp({ env: { SANDBOX_CONFIRM_DELAY_MS: '0' } });
  const worker = useTestApp(() => withTransferEvents({ sameDatabaseAs: sender }));

  it('queues the transfer webhook with the transfer, and another instance delivers it', async () => {
    const admin = await buildAdmin(sender);
    const tutor = await buildTutor(sender);
    const course = await buildApprovedCourse(sender, tutor, { nairaPrice: 5000 });
    await buyInSandbox(sender, await buildStudent(sender), [course.id]);
    await readyAccount(sender, tutor, '0412345678');
    const paid = await sender.op('adminPayoutsPay', { body: { tutorIds: [tutor.id] }, token: admin.token });
    expect(paid.body.payouts).toHaveLength(1);
    const [payout] = await payoutsOf(sender, tutor.id);
    const queued = await sender.ctx.db
      .select({ state: jobs.state })
      .from(jobs)
      .where(
        and(eq(jobs.name, SANDBOX_EVENT_JOB), sql`${jobs.payload}->>'reference' = ${payout!.reference}`),
      );
    expect(queued).toHaveLength(1);
    worker.ctx.worker!.wake();
    await eventually(
      async () => (await payoutsOf(worker, tutor.id))[0]?.status === 'success',
      'transfer.success',
    );
    const s = await worker.op('earningsSummary', { token: tutor.token });
    expect(s.body).toMatchObject({ owed: 0, inTransfer: 0, paidOut: 4000 });
  });
});
