import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { TRole } from '@app/contract/common';
import type { Db, Tx } from '../db/client.ts';
import { accounts, bankAccounts, type Account } from '../db/schema.ts';

/** One account by id, or undefined (who a token names). */
export async function accountById(db: Db | Tx, id: number): Promise<Account | undefined> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return account;
}

/** The account of `role` with this email, or undefined. */
export async function accountByRoleEmail(db: Db | Tx, role: TRole, email: string) {
  const theirs = and(eq(accounts.role, role), eq(accounts.email, email));
  const [account] = await db.select().from(accounts).where(theirs).limit(1);
  return account;
}

/** The id and chosen language of an account (any role) with this email, or undefined. */
export async function accountIdByEmail(
  db: Db,
  email: string,
): Promise<{ id: number; language: string | null } | undefined> {
  const [row] = await db
    .select({ id: accounts.id, language: accounts.language })
    .from(accounts)
    .where(eq(accounts.email, email))
    .limit(1);
  return row;
}

/** The chosen language of each of these accounts (null: none chosen), by id. */
export async function languagesOf(db: Db | Tx, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, language: accounts.language })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.language]));
}

/**
 * True when an account of `role` (other than `exceptId`) logs in with `login`, compared as given, as its email or
 * its user name (any case).
 */
export async function loginTaken(db: Db, role: TRole, login: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.role, role),
        exceptId === undefined ? undefined : ne(accounts.id, exceptId),
        or(eq(accounts.email, login), eq(sql`lower(${accounts.userName})`, login)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

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

/** A tutor's bank accounts, oldest first. */
export async function listBankAccounts(db: Db, accountId: number) {
  return db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.accountId, accountId))
    .orderBy(asc(bankAccounts.id));
}
