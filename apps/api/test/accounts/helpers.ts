import { randomUUID } from 'node:crypto';
import { afterEach, expect } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { OpRequest } from '@app/contract/operations';
import { outbox } from '../../src/db/schema.ts';
import { containsSecrets, type TestApp } from '../harness.ts';

export const GOOD_PASSWORD = 'Str0ngPassw0rd!';

export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@Example.com`;

type Over = Record<string, unknown>;
/** `body` with `over` written over it, typed so: a test that breaks the request's type must send it raw. */
const withOver = <B, O extends Over>(body: B, over: O) => ({ ...body, ...over }) as Omit<B, keyof O> & O;

/** A valid student sign-up body. */
export const studentSignup = <const O extends Over = Record<never, never>>(over: O = {} as O) =>
  withOver<OpRequest<'userAdd'>, O>(
    {
      fullName: 'Ada Obi',
      email: uniqueEmail('student'),
      phoneNumber: '08012345678',
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
    },
    over,
  );

/** A valid tutor sign-up body. */
export const tutorSignup = <const O extends Over = Record<never, never>>(over: O = {} as O) =>
  withOver<OpRequest<'staffAdd'>, O>(
    {
      ...studentSignup({ fullName: 'Tunde Bello', email: uniqueEmail('tutor') }),
      category: 'Website development',
      gender: 'Male',
      age: 34,
      certificateUrl: 'https://example.com/certificate.pdf',
    },
    over,
  );

/**
 * Records every answer the test app gives and, after each test, fails when one contains a password hash,
 * an OTP hash, or any reset code that was emailed during the test.
 */
export function watchAnswers(t: TestApp) {
  const texts: string[] = [];
  const codes: string[] = [];
  const api = t.api.bind(t);
  t.api = (async (path: string, opts?: Parameters<TestApp['api']>[1]) => {
    const res = await api(path, opts);
    texts.push(res.text);
    return res;
  }) as TestApp['api'];
  afterEach(() => {
    const leaks = texts.filter((text) => containsSecrets(text) || codes.some((c) => text.includes(c)));
    texts.length = 0;
    codes.length = 0;
    expect(leaks).toEqual([]);
  });
  return {
    /** Remember a code read from the outbox: no answer may ever contain it. */
    secret: (code: string) => codes.push(code),
  };
}

/** The newest email in the outbox for `to` (lower-cased, as stored), waiting briefly: mail is sent in the background. */
export async function lastMail(t: TestApp, to: string, newerThan = 0) {
  for (let i = 0; i < 100; i++) {
    const [mail] = await t.ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, to.toLowerCase()))
      .orderBy(desc(outbox.id))
      .limit(1);
    if (mail && mail.id > newerThan) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

/** The id of the newest outbox email to `to`, 0 when there is none. */
export async function newestMailId(t: TestApp, to: string) {
  const [mail] = await t.ctx.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.to, to.toLowerCase()))
    .orderBy(desc(outbox.id))
    .limit(1);
  return mail?.id ?? 0;
}

/** Asks for a reset code over HTTP and reads it from the outbox, as a person would from the server log. */
export async function requestCode(t: TestApp, email: string, watcher?: { secret(code: string): void }) {
  const before = await newestMailId(t, email);
  const res = await t.op('otpRequest', {
    body: { otpId: email, otpType: 'R', notificationType: 'M', sendSource: 'user' },
  });
  expect(res.status).toBe(200);
  const mail = await lastMail(t, email, before);
  const code = mail?.body.match(/reset code is: (\d{6})/)?.[1];
  if (!code) throw new Error(`no reset email for ${email}`);
  watcher?.secret(code);
  return code;
}

/** A token signed with the right secret for a real account, but already expired. */
export async function expiredToken(t: TestApp, account: { id: number; role: string }) {
  const past = Math.floor(Date.now() / 1000) - 60;
  return new SignJWT({ role: account.role, tv: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(account.id))
    .setIssuedAt(past - 3600)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(t.config.jwtSecret));
}

/** A well-formed token for a real account, signed with a secret the server does not know. */
export async function forgedToken(account: { id: number; role: string }) {
  return new SignJWT({ role: account.role, tv: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(account.id))
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
}

/** The same account under another role's claim: a tutor pretending to be an admin, with the right secret. */
export async function roleSwappedToken(t: TestApp, account: { id: number }, role: string) {
  return new SignJWT({ role, tv: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(account.id))
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(t.config.jwtSecret));
}

/** A login answer that signed in (not a two-factor challenge): fails the test otherwise. */
export function signedIn<B extends object>(body: B): Extract<B, { token: string }> {
  if (!('token' in body)) throw new Error(`expected a signed-in answer, got ${JSON.stringify(body)}`);
  return body as Extract<B, { token: string }>;
}

export const message = (res: { body: unknown }) =>
  (res.body as { responseDto?: { message?: string } }).responseDto?.message;
