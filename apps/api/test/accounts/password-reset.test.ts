import { describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { opPath } from '@app/contract/operation-routes';
import { accounts, otps, outbox } from '../../src/db/schema.ts';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { lastMail, message, newestMailId, requestCode, uniqueEmail, watchAnswers } from './helpers.ts';
import { useTestApp } from '../harness.ts';

const NEW_PASSWORD = 'BrandNewPass1!';

describe('password reset with an emailed code', () => {
  let watch: ReturnType<typeof watchAnswers>;
  const t = useTestApp({}, (app) => {
    watch = watchAnswers(app);
  });

  /** The newest reset code row stored for `email`. */
  const newestOtp = async (email: string) => {
    const [row] = await t.ctx.db
      .select()
      .from(otps)
      .where(eq(otps.email, email))
      .orderBy(desc(otps.id))
      .limit(1);
    return row;
  };
  type ResetOp = 'userResetPassword' | 'staffResetPassword' | 'adminResetPassword';
  const reset = (name: ResetOp, emailAddress: string, otp: string, newPassword = NEW_PASSWORD) =>
    t.op(name, { body: { emailAddress, otp, newPassword } });
  const otpRequest = (otpId: string) =>
    t.op('otpRequest', { body: { otpId, otpType: 'R', notificationType: 'M', sendSource: 'user' } });
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it.each([
    ['userResetPassword', 'loginCustomer', buildStudent],
    ['staffResetPassword', 'loginStaff', buildTutor],
    ['adminResetPassword', 'loginAdmin', buildAdmin],
  ] as const)(
    '%s sets a new password from the emailed code; old password and tokens stop working',
    async (resetOp, login, build) => {
      const a = await build(t);
      const code = await requestCode(t, a.email, watch);
      const mail = await lastMail(t, a.email);
      expect(mail!.subject).toBe('Your DevLearn password reset code');
      expect(mail!.body).toContain(`Your password reset code is: ${code}`);
      expect(mail!.body).toContain('It is valid for 5 minutes and works once.');

      const res = await reset(resetOp, a.email, code);
      expect(res.status).toBe(200);
      expect(message(res)).toBe('Password reset successful. You can now log in with your new password.');
      expect((await t.op(login, { body: { userName: a.email, password: NEW_PASSWORD } })).status).toBe(200);
      const old = await t.op(login, { body: { userName: a.email, password: a.password } });
      expect(message(old)).toBe('Invalid email or password');
      // The token minted before the reset is dead (token version bumped).
      const stale =
        a.role === 'user'
          ? await t.api(opPath('userChangePassword'), { token: a.token, body: {} })
          : await t.op(a.role === 'tutor' ? 'staffId' : 'adminId', { token: a.token });
      expect(stale.status).toBe(401);
    },
  );

  it("writes the reset email in the account's language; the code it holds works the same", async () => {
    const a = await buildStudent(t);
    await t.op('languageUpdate', { token: a.token, body: { language: 'yo' } });
    const before = await newestMailId(t, a.email);
    expect((await otpRequest(a.email)).status).toBe(200);
    const mail = await lastMail(t, a.email, before);
    expect(mail!.subject).toBe('Kóòdù àtúnṣe ọ̀rọ̀ aṣínà DevLearn rẹ');
    expect(mail!.body).toContain('Ẹ n lẹ́ o,');
    const code = /Kóòdù àtúnṣe ọ̀rọ̀ aṣínà rẹ ni: (\d{6})/.exec(mail!.body)?.[1];
    expect(code, mail!.body).toBeTruthy();
    watch.secret(code!);
    expect(mail!.body).toContain('Ó wúlò fún ìṣẹ́jú 5, ẹ̀ẹ̀kan ṣoṣo ló sì ń ṣiṣẹ́.');
    expect(mail!.body).not.toContain('Your password reset code');
    expect((await reset('userResetPassword', a.email, code!)).status).toBe(200);
  });

  it('answers SUCCESS for an unknown email too, and sends nothing', async () => {
    const known = await buildStudent(t);
    const unknownEmail = uniqueEmail('nobody');
    const forKnown = await otpRequest(known.email);
    const forUnknown = await otpRequest(unknownEmail);
    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(200);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(forKnown.body).toEqual({
      responseDto: {
        code: 'dk00',
        message: 'If an account uses this email, a reset code has been sent to it.',
      },
      status: 'SUCCESS',
    });
    expect(await lastMail(t, known.email)).toBeDefined();
    await new Promise((r) => setTimeout(r, 200));
    expect(await newestMailId(t, unknownEmail)).toBe(0);
    // And a reset attempt cannot tell the two apart either.
    const a = await reset('userResetPassword', known.email, '000000');
    const b = await reset('userResetPassword', unknownEmail, '000000');
    expect(message(a)).toBe(message(b));
  });

  it('stores only a hash of the code, never the code', async () => {
    const a = await buildStudent(t);
    const code = await requestCode(t, a.email, watch);
    const row = await newestOtp(a.email);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const expires = row!.expiresAt.getTime() - Date.now();
    expect(expires).toBeGreaterThan(4 * 60_000);
    expect(expires).toBeLessThanOrEqual(5 * 60_000);
  });

  it('refuses a wrong code and counts down the tries left', async () => {
    const a = await buildStudent(t);
    const code = await requestCode(t, a.email, watch);
    const res = await reset('userResetPassword', a.email, wrongCode(code));
    expect(res.status).toBe(400);
    expect(message(res)).toBe('The code is not correct. You have 4 tries left.');
    // The right code still works after one wrong try.
    expect((await reset('userResetPassword', a.email, code)).status).toBe(200);
  });

  it('kills the code after 5 wrong tries, even for the right code', async () => {
    const a = await buildStudent(t);
    const code = await requestCode(t, a.email, watch);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push(message(await reset('userResetPassword', a.email, wrongCode(code)))!);
    expect(messages).toEqual([
      'The code is not correct. You have 4 tries left.',
      'The code is not correct. You have 3 tries left.',
      'The code is not correct. You have 2 tries left.',
      'The code is not correct. You have 1 try left.',
      'Too many wrong codes. Please request a new code.',
    ]);
    const right = await reset('userResetPassword', a.email, code);
    expect(right.status).toBe(400);
    expect(message(right)).toBe('Too many wrong codes. Please request a new code.');
    expect((await t.op('loginCustomer', { body: { userName: a.email, password: a.password } })).status).toBe(
      200,
    );
  });

  it('never counts more than 5 tries when wrong guesses arrive at once', async () => {
    const a = await buildStudent(t);
    const code = await requestCode(t, a.email, watch);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.all(guesses.map((g) => reset('userResetPassword', a.email, g)));
    // Each guess is refused. A guess that read the code before the 5th wrong try was counted may find the
    // per-email pause already set by the time it is checked (429): on a busy PostgreSQL that happens.
    for (const r of results) {
      if (r.status === 429)
        expect(message(r)).toMatch(/^Too many wrong reset codes for this email\. Please wait /);
      else {
        expect(r.status).toBe(400);
        expect(message(r)).toMatch(
          /^(The code is not correct\. You have [1-4] tr(y|ies) left\.|Too many wrong codes\. Please request a new code\.)$/,
        );
      }
    }
    // Each of the 4 "tries left" counts is given at most once: no two guesses shared a count.
    const left = results.map((r) => message(r)).filter((m) => m?.startsWith('The code is not correct'));
    expect(new Set(left).size).toBe(left.length);
    const row = await newestOtp(a.email);
    expect(row!.attempts).toBe(5);
    expect(message(await reset('userResetPassword', a.email, code))).toBe(
      'Too many wrong codes. Please request a new code.',
    );
  });

  it('refuses an expired code', async () => {
    const a = await buildTutor(t);
    const code = await requestCode(t, a.email, watch);
    await t.ctx.db
      .update(otps)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otps.email, a.email));
    const res = await reset('staffResetPassword', a.email, code);
    expect(res.status).toBe(400);
    expect(message(res)).toBe(
      'This code has expired (codes are valid for 5 minutes). Please request a new code.',
    );
  });

  it('refuses a code used once already', async () => {
    const a = await buildStudent(t);
    const code = await requestCode(t, a.email, watch);
    expect((await reset('userResetPassword', a.email, code)).status).toBe(200);
    const again = await reset('userResetPassword', a.email, code, 'AnotherPass2!');
    expect(again.status).toBe(400);
    expect(message(again)).toBe('This code has already been used. Please request a new code.');
    expect(
      (await t.op('loginCustomer', { body: { userName: a.email, password: NEW_PASSWORD } })).status,
    ).toBe(200);
  });

  it('lets only the newest code work: a new request invalidates the older one', async () => {
    const a = await buildStudent(t);
    const first = await requestCode(t, a.email, watch);
    const second = await requestCode(t, a.email, watch);
    if (first !== second) {
      const old = await reset('userResetPassword', a.email, first);
      expect(old.status).toBe(400);
      expect(message(old)).toBe('The code is not correct. You have 4 tries left.');
    }
    expect((await reset('userResetPassword', a.email, second)).status).toBe(200);
  });

  it('refuses a reset when no code was asked for', async () => {
    const res = await reset('adminResetPassword', uniqueEmail('never-asked'), '123456');
    expect(res.status).toBe(400);
    expect(message(res)).toBe('No reset code was requested for this email. Please request a new code.');
  });

  it("says so when the right code is used on another role's reset page, and keeps the code usable", async () => {
    const a = await buildStudent(t);
    const code = await requestCode(t, a.email, watch);
    const res = await reset('staffResetPassword', a.email, code);
    expect(res.status).toBe(400);
    expect(message(res)).toBe('There is no tutor account with this email.');
    expect((await reset('userResetPassword', a.email, code)).status).toBe(200);
  });

  it('stops emailing after 5 codes for one email within an hour (the answer stays SUCCESS)', async () => {
    const a = await buildStudent(t);
    let code = '';
    for (let i = 0; i < 5; i++) code = await requestCode(t, a.email, watch);
    const before = await newestMailId(t, a.email);
    const sixth = await otpRequest(a.email);
    expect(sixth.status).toBe(200);
    expect(sixth.body.status).toBe('SUCCESS');
    await new Promise((r) => setTimeout(r, 200));
    expect(await newestMailId(t, a.email)).toBe(before);
    // The last emailed code still works.
    expect((await reset('userResetPassword', a.email, code)).status).toBe(200);
  });

  it('never puts the code in the server answers, only in the email', async () => {
    const a = await buildStudent(t);
    const res = await otpRequest(a.email);
    const mail = await lastMail(t, a.email);
    const code = mail!.body.match(/reset code is: (\d{6})/)![1]!;
    watch.secret(code);
    expect(res.text).not.toContain(code);
    const rows = await t.ctx.db.select().from(outbox).where(eq(outbox.to, a.email));
    expect(rows.length).toBeGreaterThan(0);
  });

  it.each([
    ['otpId missing', {}, 'Email is required'],
    ['otpId not an email', { otpId: 'ada' }, 'Enter a valid email address'],
    ['otpType not R', { otpId: 'a@example.com', otpType: 'X' }, "otpType must be 'R'"],
    [
      'notificationType not M',
      { otpId: 'a@example.com', notificationType: 'S' },
      "notificationType must be 'M'",
    ],
  ])('otp request: %s → 400', async (_case, body, text) => {
    const res = await t.api(opPath('otpRequest'), { body: { otpType: 'R', notificationType: 'M', ...body } });
    expect(res.status).toBe(400);
    expect(message(res)).toBe(text);
  });

  it.each([
    ['emailAddress missing', { emailAddress: undefined }, 'Email is required'],
    ['emailAddress malformed', { emailAddress: 'nope' }, 'Enter a valid email address'],
    ['otp missing', { otp: undefined }, 'OTP is required'],
    ['otp not 6 digits', { otp: '12ab' }, 'OTP must be the 6 digits from the email'],
    ['newPassword missing', { newPassword: undefined }, 'Password is required'],
    ['newPassword short', { newPassword: 'short' }, 'Password must be at least 8 characters'],
  ])('reset: %s → 400', async (_case, over, text) => {
    const body = { emailAddress: 'a@example.com', otp: '123456', newPassword: NEW_PASSWORD, ...over };
    const res = await t.api(opPath('userResetPassword'), { body });
    expect(res.status).toBe(400);
    expect(message(res)).toBe(text);
  });

  it('keeps the account untouched when the reset fails', async () => {
    const a = await buildStudent(t);
    await requestCode(t, a.email, watch);
    await reset('userResetPassword', a.email, '999999');
    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, a.id));
    expect(row!.tokenVersion).toBe(0);
  });
});
