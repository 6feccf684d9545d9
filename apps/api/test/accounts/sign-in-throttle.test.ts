import { describe, expect, it } from 'vitest';
import { API_BASE } from '@app/contract/common';
import { OP_ROUTES } from '@app/contract/operation-routes';
import type { OpRequest } from '@app/contract/operations';
import { buildStudent, type TestAccount } from '../factories.ts';
import { type TestApp, useTestApp } from '../harness.ts';
import { requestCode, watchAnswers } from './helpers.ts';

type Answer = { status: number; message: string; retryAfter: number };

/** One call from the client at `ip` (the tests' proxy hands X-Forwarded-For through: TRUST_PROXY=true). */
async function call<N extends 'loginCustomer' | 'userResetPassword'>(
  t: TestApp,
  name: N,
  body: OpRequest<N>,
  ip: string,
): Promise<Answer> {
  const res = await fetch(`${t.url}${API_BASE}${OP_ROUTES[name].path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { responseDto: { message: string } };
  return {
    status: res.status,
    message: json.responseDto.message,
    retryAfter: Number(res.headers.get('retry-after')),
  };
}

const PAUSED = /^Too many failed sign-ins for this account\. Please wait (\d+) seconds and try again\.$/;

describe('sign-in throttling per account, not per address (default per-address ceiling)', () => {
  // AUTH_RATE_LIMIT '' is unset: the default ceiling of 100 calls a minute per address and route.
  const t = useTestApp({ env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT: '' } }, watchAnswers);

  const login = (a: { email: string }, password: string, ip: string) =>
    call(t, 'loginCustomer', { userName: a.email, password }, ip);
  /** Moves the throttle's clock `ms` ahead of now (instead of waiting out a pause). */
  const later = (ms: number) => {
    t.ctx.signIn.now = () => Date.now() + ms;
  };

  it('uses a ceiling of 100 auth calls a minute per address by default', () => {
    expect(t.config.authRateLimit).toBe(100);
  });

  it("NAT: 10 wrong passwords for one account do not block another person's login from the same address", async () => {
    const [victim, neighbour] = [await buildStudent(t), await buildStudent(t)];
    const shared = '100.64.0.7'; // a carrier-grade NAT address
    const wrong: Answer[] = [];
    for (let i = 0; i < 10; i++) wrong.push(await login(victim, 'wrong-password', shared));

    expect(wrong.slice(0, 4).map((a) => [a.status, a.message])).toEqual(
      Array(4).fill([400, 'Invalid email or password']),
    );
    // The 5th failure says it was wrong and when to try again.
    expect(wrong[4]).toMatchObject({
      status: 429,
      message:
        'Invalid email or password. Too many failed sign-ins for this account. Please wait 30 seconds and try again.',
      retryAfter: 30,
    });
    for (const a of wrong.slice(5)) {
      expect(a.status).toBe(429);
      expect(a.message).toMatch(PAUSED);
      expect(a.retryAfter).toBeGreaterThan(0);
      expect(a.retryAfter).toBeLessThanOrEqual(30);
    }

    const other = await login(neighbour, neighbour.password, shared);
    expect(other).toMatchObject({ status: 200, message: 'Login successful' });
  });

  it('distributed guessing: 54 wrong passwords over 6 addresses are throttled after the 5th', async () => {
    const victim = await buildStudent(t);
    const statuses: number[] = [];
    for (let i = 0; i < 54; i++)
      statuses.push((await login(victim, `guess-${i}`, `203.0.113.${1 + (i % 6)}`)).status);
    expect(statuses).toEqual([...Array(4).fill(400), ...Array(50).fill(429)]);

    // While paused even the right password, from a 7th address, is not checked.
    const right = await login(victim, victim.password, '203.0.113.77');
    expect(right.status).toBe(429);
    expect(right.message).toMatch(PAUSED);
  });

  it('after the pause the right password works and clears the failures; each further failure doubles the pause', async () => {
    const victim: TestAccount = await buildStudent(t);
    try {
      for (let i = 0; i < 5; i++) await login(victim, 'wrong-password', `198.51.100.${i + 1}`);
      later(31_000);
      // A 6th failure after the first pause: 60 s.
      const sixth = await login(victim, 'wrong-password', '198.51.100.9');
      expect(sixth).toMatchObject({
        status: 429,
        message:
          'Invalid email or password. Too many failed sign-ins for this account. Please wait 60 seconds and try again.',
        retryAfter: 60,
      });
      later(31_000 + 30_000);
      expect((await login(victim, victim.password, '198.51.100.9')).status).toBe(429);
      later(31_000 + 61_000);
      expect(await login(victim, victim.password, '198.51.100.9')).toMatchObject({ status: 200 });
      // The success forgot the failures: a slip afterwards is an ordinary wrong password.
      expect(await login(victim, 'wrong-password', '198.51.100.9')).toMatchObject({ status: 400 });
    } finally {
      t.ctx.signIn.now = Date.now;
    }
  });

  it('counts a login typed as email or as user name against the same account', async () => {
    const name = `ada-${Date.now()}`;
    const victim = await buildStudent(t, { userName: name });
    const byName = { email: name.toUpperCase() };
    const statuses: number[] = [];
    for (const who of [victim, byName, victim, byName, byName])
      statuses.push((await login(who, 'wrong-password', '192.0.2.1')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });

  it('pauses an unknown login the same way as a real one (a guesser cannot tell them apart)', async () => {
    const nobody = { email: `nobody-${Date.now()}@example.com` };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(nobody, 'wrong-password', `192.0.2.${i + 10}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('wrong reset codes count per email across codes: after 5, a fresh code waits out the pause', async () => {
    const a = await buildStudent(t);
    const first = await requestCode(t, a.email);
    const wrongCode = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      await call(
        t,
        'userResetPassword',
        { emailAddress: a.email, otp: wrongCode, newPassword: 'N3wPassw0rd!' },
        `192.0.2.${i + 30}`,
      );
    const fresh = await requestCode(t, a.email);
    const body = { emailAddress: a.email, otp: fresh, newPassword: 'N3wPassw0rd!' };
    const paused = await call(t, 'userResetPassword', body, '192.0.2.40');
    expect(paused.status).toBe(429);
    expect(paused.message).toMatch(
      /^Too many wrong reset codes for this email\. Please wait \d+ seconds and try again\.$/,
    );
    try {
      later(31_000);
      expect((await call(t, 'userResetPassword', body, '192.0.2.40')).status).toBe(200);
    } finally {
      t.ctx.signIn.now = Date.now;
    }
  });
});
