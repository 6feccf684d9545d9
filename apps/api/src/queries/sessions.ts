import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { accounts, type Account } from '../db/schema.ts';
import { sessions, twoFactor } from '../db/schema-trust.ts';

export type Session = typeof sessions.$inferSelect;

/** Who a token names, as the auth hook needs it, in one statement: the account, its session, its two-factor state. */
export type AuthRow = {
  account: Account;
  session: Pick<Session, 'id' | 'revokedAt' | 'lastSeenAt'> | null;
  twoFactorOn: boolean;
};

export async function authRow(
  db: Db | Tx,
  accountId: number,
  sessionId: string | null,
): Promise<AuthRow | undefined> {
  const [row] = await db
    .select({
      account: accounts,
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      twoFactorOn: sql<boolean>`${twoFactor.enabledAt} is not null`,
    })
    .from(accounts)
    .leftJoin(sessions, and(eq(sessions.id, sessionId ?? ''), eq(sessions.accountId, accounts.id)))
    .leftJoin(twoFactor, eq(twoFactor.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row) return undefined;
  return {
    account: row.account,
    session: row.sessionId
      ? { id: row.sessionId, revokedAt: row.revokedAt, lastSeenAt: row.lastSeenAt! }
      : null,
    twoFactorOn: Boolean(row.twoFactorOn),
  };
}

/** The account's live sessions, the most recently seen first. */
export function liveSessions(db: Db | Tx, accountId: number): Promise<Session[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
}
