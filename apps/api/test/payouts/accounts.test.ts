import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_ACCOUNT_MESSAGE } from '@app/contract/payouts';
import { auditLog, payoutAccounts, payoutCodes, sandboxRecords } from '../../src/db/schema-money.ts';
import { notifications, outbox } from '../../src/db/schema.ts';
import { sandboxAccountName } from '../../src/services/payments/sandbox-payouts.ts';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { containsSecrets, useTestApp } from '../harness.ts';
import { emailedCode, GTBANK, setAccount } from './helpers.ts';

describe('banks and payout accounts (sandbox)', () => {
  const t = useTestApp();

  it('lists real Nigerian banks to tutors only', async () => {
    const tutor = await buildTutor(t);
    const res = await t.op('bankList', { token: tutor.token });
    expect(res.status).toBe(200);
    expect(res.body.banks).toContainEqual({ name: 'Guaranty Trust Bank', code: '058' });
    expect(res.body.banks.length).toBeGreaterThan(10);
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    expect((await t.op('bankList', { token: student.token })).status).toBe(403);
    expect((await t.op('bankList', { token: admin.token })).status).toBe(403);
    expect((await t.op('bankList')).status).toBe(401);
  });

  it('resolves a 10-digit number to a name, refuses bad numbers and unknown accounts, 10 a minute per tutor', async () => {
    const tutor = await buildTutor(t);
    const ok = await t.op('bankResolve', {
      body: { bankCode: GTBANK, accountNumber: '0123456789' },
      token: tutor.token,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.accountName).toBe(sandboxAccountName('0123456789'));

    for (const accountNumber of ['12345', '01234567890', '01234abcde']) {
      const bad = await t.op('bankResolve', {
        body: { bankCode: GTBANK, accountNumber },
        token: tutor.token,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.responseDto.message).toContain('10 digits');
    }
    const unknown = await t.op('bankResolve', {
      body: { bankCode: GTBANK, accountNumber: '0123450000' },
      token: tutor.token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.responseDto.message).toBe(UNKNOWN_ACCOUNT_MESSAGE);
    const noBank = await t.op('bankResolve', {
      body: { bankCode: '999', accountNumber: '0123456789' },
      token: tutor.token,
    });
    expect(noBank.status).toBe(400);

    // 10 a minute per tutor (the calls above count only when they reached the handler: 2 so far).
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await t.op('bankResolve', {
        body: { bankCode: GTBANK, accountNumber: '0123456789' },
        token: tutor.token,
      });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Another tutor is not slowed down by the first.
    const other = await buildTutor(t);
    const theirs = await t.op('bankResolve', {
      body: { bankCode: GTBANK, accountNumber: '0123456789' },
      token: other.token,
    });
    expect(theirs.status).toBe(200);
    const student = await buildStudent(t);
    expect(
      (
        await t.op('bankResolve', {
          body: { bankCode: GTBANK, accountNumber: '0123456789' },
          token: student.token,
        })
      ).status,
    ).toBe(403);
  });

  it('sets the account with password and emailed code: subaccount, hold, email, notification, audit, masking', async () => {
    const tutor = await buildTutor(t);
    expect((await t.op('payoutAccountGet', { token: tutor.token })).body.payoutAccount).toBeNull();
    const res = await setAccount(t, tutor, '0123456789');
    expect(res.status, res.text).toBe(200);
    // The tutor's own confirmation shows the whole number; every later read masks it.
    expect(res.body.payoutAccount).toMatchObject({
      bankCode: GTBANK,
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456789',
      accountName: sandboxAccountName('0123456789'),
      splitActive: false,
    });
    const hold = Date.parse(res.body.payoutAccount!.holdUntil!) - Date.now();
    expect(hold).toBeGreaterThan(23.9 * 3600_000);
    expect(hold).toBeLessThan(24.1 * 3600_000);
    const read = await t.op('payoutAccountGet', { token: tutor.token });
    expect(read.body.payoutAccount!.accountNumber).toBe('******6789');
    expect(containsSecrets(read.text)).toBe(false);

    const [stored] = await t.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.tutorId, tutor.id));
    expect(stored!.subaccountCode).toMatch(/^ACCT_/);
    const [sub] = await t.ctx.db
      .select()
      .from(sandboxRecords)
      .where(eq(sandboxRecords.code, stored!.subaccountCode!));
    expect(sub!.data).toMatchObject({ percentageCharge: 20, bankCode: GTBANK, accountNumber: '0123456789' });

    const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.to, tutor.email));
    expect(mails.map((m) => m.subject)).toContain('Your DevLearn payout account changed');
    expect(mails.find((m) => m.subject.endsWith('changed'))!.body).toContain('******6789');
    const bell = await t.ctx.db.select().from(notifications).where(eq(notifications.accountId, tutor.id));
    expect(bell.map((n) => n.type)).toContain('payout-account-changed');
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(tutor.id)))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actorId: tutor.id, actorRole: 'tutor', action: 'payout_account.set' });
    expect(entry!.ip).toBeTruthy();
    expect(entry!.userAgent).toBeTruthy();
    expect(JSON.stringify(entry!.details)).not.toContain('0123456789');

    // A change of account starts a new hold and is audited as a change, the same subaccount updated.
    await t.ctx.db
      .update(payoutAccounts)
      .set({ holdUntil: sql`now() - interval '1 second'` })
      .where(eq(payoutAccounts.tutorId, tutor.id));
    const same = await setAccount(t, tutor, '0123456789');
    expect(same.body.payoutAccount!.holdUntil).toBeNull(); // the same account again: no new hold
    expect(same.body.payoutAccount!.splitActive).toBe(true);
    const changed = await setAccount(t, tutor, '1111111111', '044');
    expect(changed.status).toBe(200);
    expect(changed.body.payoutAccount!.holdUntil).not.toBeNull();
    expect(changed.body.payoutAccount!.splitActive).toBe(false);
    const [after] = await t.ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.tutorId, tutor.id));
    expect(after!.subaccountCode).toBe(stored!.subaccountCode);
    const actions = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(tutor.id)));
    expect(actions.map((a) => a.action)).toContain('payout_account.changed');
  });

  it("writes the code email, the change email and the bell in the tutor's language (Yoruba)", async () => {
    const tutor = await buildTutor(t);
    await t.op('languageUpdate', { token: tutor.token, body: { language: 'yo' } });
    expect((await t.op('payoutAccountCode', { body: {}, token: tutor.token })).status).toBe(200);
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, tutor.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail!.subject).toBe('Kóòdù àkáǹtì ìsanwó DevLearn rẹ');
    const code = /Kóòdù rẹ láti fìdí àkáǹtì ìsanwó tuntun múlẹ̀ lórí DevLearn ni: (\d{6})/.exec(
      mail!.body,
    )?.[1];
    expect(code, mail!.body).toBeTruthy();
    const res = await t.op('payoutAccountSet', {
      body: { bankCode: GTBANK, accountNumber: '0123456789', password: tutor.password, code: code! },
      token: tutor.token,
    });
    expect(res.status, res.text).toBe(200);
    const mails = await t.ctx.db.select().from(outbox).where(eq(outbox.to, tutor.email));
    const changed = mails.find((m) => m.subject === 'Àkáǹtì ìsanwó DevLearn rẹ ti yí padà');
    expect(changed!.body).toContain(
      'a ó máa san owó tí o pa lórí DevLearn sí Guaranty Trust Bank ******6789',
    );
    expect(changed!.body).toContain('Fún ààbò rẹ, a kò ní san ohunkóhun sí i ṣáájú ');
    const bell = await t.op('notificationList', { body: { pageSize: 10, pageNo: 0 }, token: tutor.token });
    expect(bell.body.notifications[0]!.message).toBe(
      `Àkáǹtì ìsanwó rẹ ti di Guaranty Trust Bank ******6789 (${sandboxAccountName('0123456789')}) báyìí.`,
    );
  });

  it('needs the right password and a fresh, unused, right code; 5 codes an hour', async () => {
    const tutor = await buildTutor(t);
    const body = (code: string, password = tutor.password) => ({
      body: { bankCode: GTBANK, accountNumber: '0123456789', password, code },
      token: tutor.token,
    });
    const none = await t.op('payoutAccountSet', body('123456'));
    expect(none.status).toBe(400);
    expect(none.body.responseDto.message).toContain('No confirmation code');

    await t.op('payoutAccountCode', { body: {}, token: tutor.token });
    const code = await emailedCode(t, tutor.email);
    const wrongPassword = await t.op('payoutAccountSet', body(code, 'not-my-password'));
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.responseDto.message).toBe('Your password is not correct.');
    const wrongCode = await t.op('payoutAccountSet', body(code === '000000' ? '111111' : '000000'));
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.responseDto.message).toMatch(/not correct. You have 4 tries left/);
    const badShape = await t.op('payoutAccountSet', body('12ab'));
    expect(badShape.status).toBe(400);

    expect((await t.op('payoutAccountSet', body(code))).status).toBe(200);
    const again = await t.op('payoutAccountSet', body(code));
    expect(again.status).toBe(400);
    expect(again.body.responseDto.message).toContain('already been used');

    // An expired code.
    await t.op('payoutAccountCode', { body: {}, token: tutor.token });
    const late = await emailedCode(t, tutor.email);
    await t.ctx.db
      .update(payoutCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(payoutCodes.tutorId, tutor.id));
    const expired = await t.op('payoutAccountSet', body(late));
    expect(expired.status).toBe(400);
    expect(expired.body.responseDto.message).toContain('expired');

    // Two codes asked so far: three more, then 429.
    for (let i = 0; i < 3; i++) {
      expect((await t.op('payoutAccountCode', { body: {}, token: tutor.token })).status).toBe(200);
    }
    const tooMany = await t.op('payoutAccountCode', { body: {}, token: tutor.token });
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get('retry-after')).toBeTruthy();
  });

  it('is for tutors only', async () => {
    const student = await buildStudent(t);
    const admin = await buildAdmin(t);
    for (const who of [student, admin]) {
      expect((await t.op('payoutAccountGet', { token: who.token })).status).toBe(403);
      expect((await t.op('payoutAccountCode', { body: {}, token: who.token })).status).toBe(403);
      const set = await t.op('payoutAccountSet', {
        body: { bankCode: GTBANK, accountNumber: '0123456789', password: who.password, code: '123456' },
        token: who.token,
      });
      expect(set.status).toBe(403);
    }
    expect((await t.op('payoutAccountGet')).status).toBe(401);
  });

  it("keeps saving the spec's unverified accountDetailDtoList in /staff/update, never paid to", async () => {
    const tutor = await buildTutor(t);
    const res = await t.op('staffUpdate', {
      body: {
        fullName: tutor.fullName,
        gender: 'Female',
        age: 30,
        accountDetailDtoList: [
          { accountName: 'Tunde', accountNumber: '0099887766', bankName: 'Some Bank', currency: 'Naira' },
        ],
      },
      token: tutor.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.staffDto.accountDetailDtoList).toHaveLength(1);
    expect((await t.op('payoutAccountGet', { token: tutor.token })).body.payoutAccount).toBeNull();
  });
});
