import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TRole } from '@app/contract/common';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { badRequest, ok, tooManyTries } from '../errors.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { readChallenge, signChallenge, signToken } from '../lib/tokens.ts';
import { accountById, findByLogin } from '../queries/accounts.ts';
import { twoFactorOf } from '../queries/two-factor.ts';
import { waitText, type SignInThrottle } from '../services/sign-in-throttle.ts';
import { createSession } from './sessions.ts';
import { withSecondFactor } from './two-factor.ts';

export const LOGIN_REFUSED = 'Invalid email or password';
export const SIGN_IN_PAUSED = (waitMs: number) =>
  `Too many failed sign-ins for this account. Please wait ${waitText(waitMs)} and try again.`;

/**
 * The throttle's key of a sign-in: the account (whichever of its email or user name was typed), or the typed
 * login itself when no account of the role uses it, so unknown logins are refused the same way.
 */
export const signInKey = (role: TRole, login: string, account: { id: number } | undefined) =>
  account ? `account:${account.id}` : `login:${role}:${login.trim().toLowerCase()}`;

// Unknown logins are checked against this hash so they take as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Checks a login for one role; returns the account, or refuses with one message whatever was wrong. Failures
 * count against the account (not the client's address): while it is paused no password is checked (429).
 */
export async function logIn(
  db: Db,
  throttle: SignInThrottle,
  role: TRole,
  login: string,
  password: string,
): Promise<Account> {
  const found = await findByLogin(db, role, login);
  // A deleted account signs in like an unknown one.
  const account = found?.deletedAt ? undefined : found;
  const key = signInKey(role, login, account);
  const wait = await throttle.waitFor(key);
  if (wait) return tooManyTries(SIGN_IN_PAUSED(wait), wait);
  const hash = account?.passwordHash ?? (await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))));
  const valid = await verifyPassword(hash, password);
  if (!account || !valid) {
    const pause = await throttle.fail(key);
    if (pause) return tooManyTries(`${LOGIN_REFUSED}. ${SIGN_IN_PAUSED(pause)}`, pause);
    return badRequest(LOGIN_REFUSED);
  }
  await throttle.succeed(key);
  return account;
}

export const CHALLENGE_EXPIRED = 'This sign-in has expired. Please enter your email and password again.';

type SignInCtx = Pick<AppContext, 'db' | 'config' | 'signIn'>;
type Origin = Pick<FastifyRequest, 'ip' | 'headers'>;

/** A new session for the account and its token: the login answer. */
async function sessionAnswer(ctx: SignInCtx, account: Account, req: Origin) {
  const sid = await createSession(ctx.db, account.id, req);
  const { token } = await signToken(ctx.config.jwtSecret, account, sid);
  const prompt =
    account.role === 'admin' && !(await twoFactorOf(ctx.db, account.id))?.enabledAt
      ? ctx.config.requireAdmin2fa
        ? ('required' as const)
        : ('suggested' as const)
      : undefined;
  return {
    responseDto: ok('Login successful'),
    token,
    emailAddress: account.email,
    userName: account.userName,
    fullName: account.fullName,
    ...(prompt ? { twoFactorPrompt: prompt } : {}),
  };
}

/**
 * After the right password: an account with two-factor sign-in on gets a short-lived challenge (the code comes
 * next, `POST /login/2fa`); any other signs in now, exactly as before, in a new session.
 */
export async function answerSignIn(ctx: SignInCtx, account: Account, req: Origin) {
  const tf = await twoFactorOf(ctx.db, account.id);
  if (tf?.enabledAt) {
    return {
      responseDto: ok('Enter the 6-digit code from your authenticator app.'),
      twoFactorRequired: true as const,
      challenge: await signChallenge(ctx.config.jwtSecret, account),
    };
  }
  return sessionAnswer(ctx, account, req);
}

/**
 * `POST /login/2fa {challenge, code}`: the second step of a sign-in. The code is a TOTP code (never one accepted
 * before) or an unused recovery code; wrong codes are throttled per account like passwords.
 */
export async function signInWithCode(
  ctx: SignInCtx,
  input: { challenge: string; code: string },
  req: Origin,
) {
  const claim = await readChallenge(ctx.config.jwtSecret, input.challenge);
  if (!claim) return badRequest(CHALLENGE_EXPIRED);
  const account = await accountById(ctx.db, claim.accountId);
  // A password change or reset since the challenge was given also ends it.
  if (
    !account ||
    account.deletedAt ||
    account.role !== claim.role ||
    account.tokenVersion !== claim.tokenVersion
  )
    return badRequest(CHALLENGE_EXPIRED);
  await withSecondFactor(ctx, account, input.code, async () => undefined);
  return sessionAnswer(ctx, account, req);
}
