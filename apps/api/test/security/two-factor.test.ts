import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recoveryCodes, twoFactor } from '../../src/db/schema-trust.ts';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { message, signedIn } from '../accounts/helpers.ts';
import { PAYOUT_CODE_MESSAGES } from '../../src/commands/payout-account.ts';
import { TWO_FACTOR_MESSAGES } from '../../src/commands/two-factor.ts';
import { emailedCode, GTBANK } from '../payouts/helpers.ts';
import { codeAt, enrol, fixClock, lastAudit, realClock, sessionToken } from './helpers.ts';

describe('two-factor sign-in (TOTP, fixed clock)', () => {
  const t = useTestApp();
  beforeAll(() => fixClock());
  afterAll(() => realClock());

  it('sets up with a QR code of the otpauth URI, stores the secret encrypted, and turns on with a code', async () => {
    const tutor = await buildTutor(t);
    const token = await sessionToken(t, tutor);
    const setup = await t.op('twoFactorSetup', { token, body: {} });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUri).toBe(
      `otpauth://totp/DevLearn:${encodeURIComponent(tutor.email)}?secret=${setup.body.secret}&issuer=DevLearn`,
    );
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.qrCode.length).toBeGreaterThan(500);
    const [row] = await t.ctx.db.select().from(twoFactor).where(eq(twoFactor.accountId, tutor.id));
    expect(row!.secret).not.toContain(setup.body.secret);
    expect(row!.enabledAt).toBeNull();

    const wrong = await t.op('twoFactorEnable', { token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    const on = await t.op('twoFactorEnable', { token, body: { code: await codeAt(setup.body.secret) } });
    expect(on.status).toBe(200);
    expect(on.body.recoveryCodes).toHaveLength(10);
    const stored = await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, tutor.id));
    expect(stored).toHaveLength(10);
    // Hashed: no stored value is a code.
    expect(stored.some((s) => on.body.recoveryCodes.some((c) => s.codeHash.includes(c)))).toBe(false);
    expect((await lastAudit(t, tutor.id, 'two_factor.enable'))?.subjectType).toBe('two_factor');
    const status = await t.op('twoFactorStatus', { token, body: {} });
    expect(status.body).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10 });
  });

  it('refuses students', async () => {
    const student = await buildStudent(t);
    const res = await t.op('twoFactorSetup', { token: student.token, body: {} });
    expect(res.status).toBe(403);
    expect(message(res)).toBe('Two-factor sign-in is for tutor and admin accounts.');
  });

  it('signs in with a code after the password: window of one step either side, a code never twice', async () => {
    const admin = await buildAdmin(t);
    const { secret } = await enrol(t, await sessionToken(t, admin));
    const first = await t.op('loginAdmin', { body: { userName: admin.email, password: admin.password } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRequired: true });
    expect('token' in first.body).toBe(false);
    const challenge = (first.body as { challenge: string }).challenge;
    // The challenge is no token.
    expect((await t.op('adminId', { token: challenge })).status).toBe(401);

    // Two steps away: outside the window.
    const far = await t.op('login2fa', { body: { challenge, code: await codeAt(secret, 2) } });
    expect(far.status).toBe(400);
    expect(message(far)).toBe(
      'The code is not correct. Enter the 6-digit code your app shows now, or a recovery code.',
    );
    // The enable used the current step: its code cannot sign in again (replay), and the answer says why.
    const reused = await t.op('login2fa', { body: { challenge, code: await codeAt(secret, 0) } });
    expect(reused.status).toBe(400);
    expect(message(reused)).toBe('This code was just used. Wait for the next one.');
    // One step ahead (a phone's clock 30 s fast): accepted once.
    const ok = await t.op('login2fa', { body: { challenge, code: await codeAt(secret, 1) } });
    expect(ok.status).toBe(200);
    const token = signedIn(ok.body).token;
    expect((await t.op('adminId', { token })).status).toBe(200);
    const replay = await t.op('login2fa', { body: { challenge, code: await codeAt(secret, 1) } });
    expect(replay.status).toBe(400);
    expect(message(replay)).toBe(TWO_FACTOR_MESSAGES.used);
    // An older code than the one used last is simply not correct.
    const older = await t.op('login2fa', { body: { challenge, code: await codeAt(secret, -1) } });
    expect(message(older)).toBe(TWO_FACTOR_MESSAGES.wrongCode);
  });

  it('takes each recovery code once, and a forged or expired challenge never', async () => {
    const tutor = await buildTutor(t);
    const { recoveryCodes: codes } = await enrol(t, await sessionToken(t, tutor));
    const start = await t.op('loginStaff', { body: { userName: tutor.email, password: tutor.password } });
    const challenge = (start.body as { challenge: string }).challenge;
    const used = await t.op('login2fa', { body: { challenge, code: codes[0]!.toUpperCase() } });
    expect(used.status).toBe(200);
    expect((await t.op('login2fa', { body: { challenge, code: codes[0]! } })).status).toBe(400);
    expect((await t.op('login2fa', { body: { challenge: `${challenge}x`, code: codes[1]! } })).status).toBe(
      400,
    );
    const status = await t.op('twoFactorStatus', { token: signedIn(used.body).token, body: {} });
    expect(status.body.recoveryCodesLeft).toBe(9);
  });

  it('throttles wrong codes like passwords (the 5th pauses the account)', async () => {
    const tutor = await buildTutor(t);
    await enrol(t, await sessionToken(t, tutor));
    const start = await t.op('loginStaff', { body: { userName: tutor.email, password: tutor.password } });
    const challenge = (start.body as { challenge: string }).challenge;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.op('login2fa', { body: { challenge, code: '123456' } })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('turns off with the password and a code, new recovery codes likewise; both audited', async () => {
    const tutor = await buildTutor(t);
    const token = await sessionToken(t, tutor);
    const { secret, recoveryCodes: old } = await enrol(t, token);
    const bad = await t.op('twoFactorRecoveryCodes', {
      token,
      body: { password: 'wrong-password', code: await codeAt(secret, 1) },
    });
    expect(bad.status).toBe(400);
    const renewed = await t.op('twoFactorRecoveryCodes', {
      token,
      body: { password: tutor.password, code: await codeAt(secret, 1) },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(renewed.body.recoveryCodes).not.toContain(old[0]);
    expect(await lastAudit(t, tutor.id, 'two_factor.recovery_codes')).toBeDefined();
    // An old recovery code no longer works; a new one does.
    expect(
      (await t.op('twoFactorDisable', { token, body: { password: tutor.password, code: old[0]! } })).status,
    ).toBe(400);
    const off = await t.op('twoFactorDisable', {
      token,
      body: { password: tutor.password, code: renewed.body.recoveryCodes[0]! },
    });
    expect(off.status).toBe(200);
    expect(await lastAudit(t, tutor.id, 'two_factor.disable')).toBeDefined();
    // Signs in as before.
    const back = await t.op('loginStaff', { body: { userName: tutor.email, password: tutor.password } });
    expect(signedIn(back.body).token).toBeTruthy();
  });

  it('prompts an admin without it at sign-in; a student answer is unchanged', async () => {
    const admin = await buildAdmin(t);
    const res = await t.op('loginAdmin', { body: { userName: admin.email, password: admin.password } });
    expect(res.body).toMatchObject({ twoFactorPrompt: 'suggested' });
    const student = await buildStudent(t);
    const s = await t.op('loginCustomer', { body: { userName: student.email, password: student.password } });
    expect(Object.keys(s.body).sort()).toEqual([
      'emailAddress',
      'fullName',
      'responseDto',
      'token',
      'userName',
    ]);
  });

  it("changes a tutor's payout account with the emailed code and the app's code, never without the app's", async () => {
    const tutor = await buildTutor(t);
    const token = await sessionToken(t, tutor);
    const { secret, recoveryCodes: codes } = await enrol(t, token);
    const set = (accountNumber: string, code: string, totp?: string) =>
      t.op('payoutAccountSet', {
        token,
        body: { bankCode: GTBANK, accountNumber, password: tutor.password, code, ...(totp ? { totp } : {}) },
      });
    const current = async () => (await t.op('payoutAccountGet', { token })).body.payoutAccount;
    await t.op('payoutAccountCode', { token, body: {} });
    const emailed = await emailedCode(t, tutor.email);

    const without = await set('0123456789', emailed);
    expect([without.status, message(without)]).toEqual([400, PAYOUT_CODE_MESSAGES.totp]);
    // Two steps away is outside the window; the enable already used the current step, and the answer says so.
    const far = await set('0123456789', emailed, await codeAt(secret, 2));
    expect([far.status, message(far)]).toEqual([400, TWO_FACTOR_MESSAGES.wrongCode]);
    const used = await set('0123456789', emailed, await codeAt(secret, 0));
    expect([used.status, message(used)]).toEqual([400, 'This code was just used. Wait for the next one.']);
    // A wrong emailed code is refused before the app's code is looked at: that one stays good.
    const wrongEmailed = emailed === '000000' ? '111111' : '000000';
    const badEmail = await set('0123456789', wrongEmailed, await codeAt(secret, 1));
    expect(badEmail.status).toBe(400);
    expect(message(badEmail)).toMatch(/^The code is not correct\. You have \d tries left\.$/);
    expect(await current()).toBeNull();

    const done = await set('0123456789', emailed, await codeAt(secret, 1));
    expect(done.status, done.text).toBe(200);
    expect(done.body.payoutAccount).toMatchObject({ bankCode: GTBANK, accountNumber: '0123456789' });
    expect((await current())?.accountNumber).toBe('******6789');
    expect((await lastAudit(t, tutor.id, 'payout_account.set'))?.subjectId).toBe(String(tutor.id));

    // A change later takes a new emailed code and a code not used before: the same app code is a replay.
    await t.op('payoutAccountCode', { token, body: {} });
    const again = await emailedCode(t, tutor.email);
    const replay = await set('1111111111', again, await codeAt(secret, 1));
    expect([replay.status, message(replay)]).toEqual([400, TWO_FACTOR_MESSAGES.used]);
    const recovered = await set('1111111111', again, codes[0]!);
    expect(recovered.status, recovered.text).toBe(200);
    expect((await current())?.accountNumber).toBe('******1111');
  });
});

describe('REQUIRE_ADMIN_2FA=true', () => {
  const t = useTestApp({ env: { REQUIRE_ADMIN_2FA: 'true' } });
  beforeAll(() => fixClock());
  afterAll(() => realClock());

  it('refuses an admin without it everything but enrolment, until enrolled', async () => {
    const admin = await buildAdmin(t);
    const res = await t.op('loginAdmin', { body: { userName: admin.email, password: admin.password } });
    expect(res.body).toMatchObject({ twoFactorPrompt: 'required' });
    const token = signedIn(res.body).token;
    const refused = await t.op('adminDashboard', { token });
    expect(refused.status).toBe(403);
    expect(message(refused)).toBe(
      'Turn on two-factor sign-in first: admin accounts must use it before they can do anything else.',
    );
    expect((await t.op('twoFactorStatus', { token, body: {} })).body).toMatchObject({
      enabled: false,
      required: true,
    });
    await enrol(t, token);
    expect((await t.op('adminDashboard', { token })).status).toBe(200);
    // Tutors are not concerned.
    const tutor = await buildTutor(t);
    expect((await t.op('staffId', { token: tutor.token })).status).toBe(200);
  });
});
