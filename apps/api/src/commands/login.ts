import { randomBytes } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { TRole } from '@app/contract/common';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import type { Account } from '../plugins/auth.ts';

export const LOGIN_REFUSED = 'Invalid email or password';

// Unknown logins are checked against this hash so they take as long as a wrong password.
let dummyHash: Promise<string> | undefined;

/** Finds the account of `role` whose email (any case) or user name matches `login`; email wins a tie. */
export async function findByLogin(db: Db, role: TRole, login: string): Promise<Account | undefined> {
  const needle = login.trim().toLowerCase();
  const [account] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.role, role),
        or(eq(accounts.email, needle), eq(sql`lower(${accounts.userName})`, needle)),
      ),
    )
    .orderBy(sql`(${accounts.email} = ${needle}) desc`)
    .limit(1);
  return account;
}

/** Checks a login for one role; returns the account, or refuses with one message whatever was wrong. */
export async function logIn(db: Db, role: TRole, login: string, password: string): Promise<Account> {
  const account = await findByLogin(db, role, login);
  const hash = account?.passwordHash ?? (await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))));
  const valid = await verifyPassword(hash, password);
  if (!account || !valid) return badRequest(LOGIN_REFUSED);
  return account;
}
