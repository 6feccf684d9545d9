import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { recoveryCodes, twoFactor } from '../db/schema-trust.ts';

export type TwoFactor = typeof twoFactor.$inferSelect;

/** The account's two-factor row (set up, and on once `enabledAt` is set), or undefined. */
export async function twoFactorOf(db: Db | Tx, accountId: number): Promise<TwoFactor | undefined> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.accountId, accountId)).limit(1);
  return row;
}

/** Unused recovery codes of the account. */
export async function recoveryCodesLeft(db: Db | Tx, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
