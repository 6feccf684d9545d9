import { randomBytes } from 'node:crypto';
import type { TRole } from '@app/contract/common';
import type { Db } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { badRequest, tooManyTries } from '../errors.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { findByLogin } from '../queries/accounts.ts';
import { waitText, type SignInThrottle } from '../services/sign-in-throttle.ts';

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
  const account = await findByLogin(db, role, login);
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
