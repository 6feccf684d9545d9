import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { generate } from 'otplib';
import type { TRole } from '@app/contract/common';
import { ROLE_TABLE } from '@app/contract/roles';
import { auditLog } from '../../src/db/schema-money.ts';
import { totpClock } from '../../src/lib/totp.ts';
import type { TestAccount } from '../factories.ts';
import type { TestApp } from '../harness.ts';

/** A fixed moment in the middle of a 30-second step; the server's TOTP clock is set to it. */
export const FIXED_MS = 1_800_000_015_000;
export const fixClock = (ms = FIXED_MS) => {
  totpClock.now = () => ms;
};
export const realClock = () => {
  totpClock.now = () => Date.now();
};

/** The code an authenticator app shows `stepsAway` steps from the fixed clock. */
export const codeAt = (secret: string, stepsAway = 0, at = FIXED_MS) =>
  generate({ secret, epoch: Math.floor(at / 1000) + stepsAway * 30 });

/** Logs in through the API as a browser would: a session of its own. Answers the login's body. */
export async function login(
  t: TestApp,
  a: Pick<TestAccount, 'email' | 'password' | 'role'>,
  userAgent?: string,
) {
  const res = await fetch(
    `${t.url}/dl/api/v1/login/${a.role === 'user' ? 'customer' : a.role === 'tutor' ? 'staff' : 'admin'}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(userAgent ? { 'user-agent': userAgent } : {}) },
      body: JSON.stringify({ userName: a.email, password: a.password }),
    },
  );
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body };
}

/** A session token for `a` (an account without two-factor sign-in). */
export async function sessionToken(
  t: TestApp,
  a: Pick<TestAccount, 'email' | 'password' | 'role'>,
  userAgent?: string,
) {
  const res = await t.op(ROLE_TABLE[a.role as TRole].loginOp, {
    body: { userName: a.email, password: a.password },
  });
  void userAgent;
  expect(res.status).toBe(200);
  if (!('token' in res.body)) throw new Error('expected a token');
  return res.body.token;
}

/** Sets up and turns on two-factor sign-in for `a` at the fixed clock; answers the secret and recovery codes. */
export async function enrol(t: TestApp, token: string) {
  const setup = await t.op('twoFactorSetup', { token, body: {} });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret;
  const on = await t.op('twoFactorEnable', { token, body: { code: await codeAt(secret) } });
  expect(on.status).toBe(200);
  return { secret, recoveryCodes: on.body.recoveryCodes };
}

/** The newest audit entry of an action by an actor. */
export async function lastAudit(t: TestApp, actorId: number, action: string) {
  const [row] = await t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}
