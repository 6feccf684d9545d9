import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { opPath } from '@app/contract/operation-routes';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { message, signedIn, watchAnswers } from './helpers.ts';
import { refusal } from '../refusal.ts';

describe('login', () => {
  const t = useTestApp({}, watchAnswers);

  it.each([
    ['loginCustomer', 'user', buildStudent],
    ['loginStaff', 'tutor', buildTutor],
    ['loginAdmin', 'admin', buildAdmin],
  ] as const)('%s logs in a %s and answers a one-hour token with its role', async (login, role, build) => {
    const a = await build(t);
    const res = await t.op(login, {
      body: { userName: a.email, password: a.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      responseDto: { code: 'dk00', message: 'Login successful' },
      emailAddress: a.email,
      userName: a.email,
      // The name the header and the welcome line greet by (issue 35).
      fullName: a.fullName,
    });
    const claims = decodeJwt(signedIn(res.body).token);
    expect(claims.role).toBe(role);
    expect(claims.sub).toBe(String(a.id));
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590);
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(3600);
  });

  it('accepts the email in any case, with spaces around it', async () => {
    const a = await buildStudent(t);
    const res = await t.op('loginCustomer', {
      body: { userName: `  ${a.email.toUpperCase()} `, password: a.password },
    });
    expect(res.status).toBe(200);
  });

  it('accepts the user name (any case) instead of the email', async () => {
    const userName = `AdaObi${randomUUID().slice(0, 6)}`;
    const a = await buildStudent(t, { userName });
    const res = await t.op('loginCustomer', {
      body: { userName: userName.toLowerCase(), password: a.password },
    });
    expect(res.status).toBe(200);
    expect(signedIn(res.body).userName).toBe(userName);
    expect(signedIn(res.body).emailAddress).toBe(a.email);
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const a = await buildStudent(t);
    const wrong = await t.op('loginCustomer', { body: { userName: a.email, password: 'wrong-password' } });
    const unknown = await t.op('loginCustomer', {
      body: { userName: 'nobody-here@example.com', password: 'wrong-password' },
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(message(wrong)).toBe('Invalid email or password');
    // The same answer but for the request's own id.
    expect(unknown.body).toEqual({ responseDto: refusal('Invalid email or password') });
  });

  it('checks a password for unknown emails too, so both refusals take about as long', async () => {
    const a = await buildStudent(t);
    const time = async (userName: string) => {
      const start = performance.now();
      await t.op('loginCustomer', { body: { userName, password: 'wrong-password' } });
      return performance.now() - start;
    };
    await time(a.email); // warm up the dummy hash
    await time('warm-up@example.com');
    const known = Math.min(await time(a.email), await time(a.email));
    const unknown = Math.min(await time('ghost@example.com'), await time('ghost@example.com'));
    // An argon2 verify costs tens of milliseconds; skipping it for unknown emails would show as a large gap.
    expect(unknown).toBeGreaterThan(known * 0.5);
  });

  it("does not log a student in through the tutor or admin login (an account's role is its own)", async () => {
    const a = await buildStudent(t);
    for (const login of ['loginStaff', 'loginAdmin'] as const) {
      const res = await t.op(login, { body: { userName: a.email, password: a.password } });
      expect(res.status).toBe(400);
      expect(message(res)).toBe('Invalid email or password');
    }
  });

  it('names the missing field', async () => {
    const noName = await t.api(opPath('loginCustomer'), { body: { password: 'x' } });
    expect(noName.status).toBe(400);
    expect(message(noName)).toBe('User name is required');
    const blank = await t.op('loginCustomer', { body: { userName: '   ', password: 'x' } });
    expect(message(blank)).toBe('User name is required');
    const noPassword = await t.api(opPath('loginStaff'), { body: { userName: 'a@example.com' } });
    expect(noPassword.status).toBe(400);
    expect(message(noPassword)).toBe('Password is required');
    const emptyPassword = await t.op('loginAdmin', { body: { userName: 'a@example.com', password: '' } });
    expect(message(emptyPassword)).toBe('Password is required');
  });
});
