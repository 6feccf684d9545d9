import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { opPath } from '@app/contract/operation-routes';
import { sessions } from '../../src/db/schema-trust.ts';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { startTestApp, useTestApp, type TestApp } from '../harness.ts';
import { needs } from '../needs.ts';
import { message, requestCode, signedIn } from '../accounts/helpers.ts';
import { lastAudit, login } from './helpers.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15';

const tokenOf = (body: Record<string, unknown>) => body.token as string;

describe('sessions', () => {
  const t = useTestApp();

  it('makes a session per sign-in and lists them with browser, place, first and last seen, and which is current', async () => {
    const student = await buildStudent(t);
    const phone = tokenOf((await login(t, student, PHONE)).body);
    await login(t, student, LAPTOP);
    const list = await t.op('sessionList', { token: phone, body: {} });
    expect(list.status).toBe(200);
    const byBrowser = Object.fromEntries(list.body.sessions.map((s) => [s.browser, s]));
    expect(Object.keys(byBrowser).sort()).toEqual(['Chrome on Android', 'Safari on macOS']);
    expect(byBrowser['Chrome on Android']!.current).toBe(true);
    expect(byBrowser['Safari on macOS']!.current).toBe(false);
    expect(byBrowser['Chrome on Android']!.place).toBe('This computer');
    expect(Date.parse(byBrowser['Chrome on Android']!.firstSeen)).toBeLessThanOrEqual(Date.now());
    // Only the IP's first parts are stored.
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.accountId, student.id));
    expect(rows.every((r) => r.ipPrefix === '127.0.x.x')).toBe(true);
  });

  it('ends one session: its token is refused at once, the others keep working; audited', async () => {
    const tutor = await buildTutor(t);
    const a = tokenOf((await login(t, tutor, PHONE)).body);
    const b = tokenOf((await login(t, tutor, LAPTOP)).body);
    const list = await t.op('sessionList', { token: a, body: {} });
    const other = list.body.sessions.find((s) => !s.current)!;
    const res = await t.op('sessionRevoke', { token: a, body: { id: other.id } });
    expect(res.status).toBe(200);
    expect(message(res)).toBe('Signed out of that device.');
    expect((await t.op('staffId', { token: b })).status).toBe(401);
    expect((await t.op('staffId', { token: a })).status).toBe(200);
    expect((await lastAudit(t, tutor.id, 'session.revoke'))?.subjectId).toBe(other.id);
    // Another account's session, or one already ended: 404.
    expect((await t.op('sessionRevoke', { token: a, body: { id: other.id } })).status).toBe(404);
  });

  it('signs out everywhere else', async () => {
    const admin = await buildAdmin(t);
    const tokens = [];
    for (const ua of [PHONE, LAPTOP, PHONE]) tokens.push(tokenOf((await login(t, admin, ua)).body));
    const res = await t.op('sessionRevoke', { token: tokens[0], body: {} });
    expect(res.body.revoked).toBe(2);
    expect((await t.op('adminId', { token: tokens[0] })).status).toBe(200);
    expect((await t.op('adminId', { token: tokens[1] })).status).toBe(401);
    expect((await t.op('adminId', { token: tokens[2] })).status).toBe(401);
    expect((await t.op('sessionList', { token: tokens[0], body: {} })).body.sessions).toHaveLength(1);
    expect((await lastAudit(t, admin.id, 'session.revoke_others'))?.details).toEqual({ sessionsEnded: 2 });
  });

  it.each([
    ['userChangePassword', 'loginCustomer', buildStudent],
    ['staffChangePassword', 'loginStaff', buildTutor],
    ['adminChangePassword', 'loginAdmin', buildAdmin],
  ] as const)(
    '%s keeps the caller signed in with the same token and ends the other sessions',
    async (change, _login, build) => {
      const a = await build(t);
      const mine = tokenOf((await login(t, a, LAPTOP)).body);
      const other = tokenOf((await login(t, a, PHONE)).body);
      const res = await t.op(change, {
        token: mine,
        body: { oldPassword: a.password, newPassword: 'N3wPassw0rd!x', confirmPassword: 'N3wPassw0rd!x' },
      });
      expect(res.status).toBe(200);
      expect(res.body.token).toBeTruthy();
      // The spec's client keeps its token and ignores the answer's: it stays signed in.
      const probe = opPath(a.role === 'user' ? 'sessionList' : a.role === 'tutor' ? 'staffId' : 'adminId');
      const probeBody = a.role === 'user' ? {} : undefined;
      expect((await t.api(probe, { token: mine, body: probeBody })).status).toBe(200);
      expect((await t.api(probe, { token: res.body.token, body: probeBody })).status).toBe(200);
      expect((await t.api(probe, { token: other, body: probeBody })).status).toBe(401);
      expect((await lastAudit(t, a.id, 'password.change'))?.details).toEqual({ sessionsEnded: 1 });
    },
  );

  it('a reset ends every session', async () => {
    const student = await buildStudent(t);
    const token = tokenOf((await login(t, student, PHONE)).body);
    const otp = await requestCode(t, student.email);
    const reset = await t.op('userResetPassword', {
      body: { emailAddress: student.email, otp, newPassword: 'N3wPassw0rd!x' },
    });
    expect(reset.status).toBe(200);
    expect((await lastAudit(t, student.id, 'password.reset'))?.details).toEqual({ sessionsEnded: 1 });
    expect((await t.op('sessionList', { token, body: {} })).status).toBe(401);
  });

  it('keeps accepting a token signed before sessions existed until a password change or sign-out everywhere', async () => {
    const student = await buildStudent(t);
    // The factories sign tokens without a session, as the server did before.
    expect((await t.op('sessionList', { token: student.token, body: {} })).status).toBe(200);
    await t.op('sessionRevoke', { token: tokenOf((await login(t, student)).body), body: {} });
    expect((await t.op('sessionList', { token: student.token, body: {} })).status).toBe(401);
  });

  it('signs out a deleted account at once', async () => {
    const student = await buildStudent(t);
    const s = signedIn(
      (await t.op('loginCustomer', { body: { userName: student.email, password: student.password } })).body,
    );
    expect(
      (await t.op('accountDelete', { token: s.token, body: { password: student.password } })).status,
    ).toBe(200);
    expect((await t.op('sessionList', { token: s.token, body: {} })).status).toBe(401);
  });
});

// Two instances on one PostgreSQL database (and one Redis, as deployed): a session ended on A is refused on B at
// once, with no cache between them.
describe.skipIf((await needs('postgres')) ?? (await needs('redis')))(
  'session revocation across two instances',
  () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const env = { REDIS_URL: process.env.TEST_REDIS_URL! };
      a = await startTestApp({ env });
      b = await startTestApp({ env, sameDatabaseAs: a });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it('refuses on B the token of a session revoked on A, on the next call', async () => {
      const tutor = await buildTutor(a);
      const phone = tokenOf((await login(a, tutor, PHONE)).body);
      const laptop = tokenOf((await login(b, tutor, LAPTOP)).body);
      expect((await b.op('staffId', { token: phone })).status).toBe(200);
      const phoneId = (await a.op('sessionList', { token: phone, body: {} })).body.sessions.find(
        (s) => s.current,
      )!.id;
      expect((await b.op('sessionRevoke', { token: laptop, body: { id: phoneId } })).status).toBe(200);
      expect((await a.op('staffId', { token: phone })).status).toBe(401);
      expect((await b.op('staffId', { token: phone })).status).toBe(401);
      expect((await a.op('staffId', { token: laptop })).status).toBe(200);
    });
  },
);
