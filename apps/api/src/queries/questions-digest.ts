import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { qaDigestItems, qaDigestSent, qaEmailOptOut } from '../db/schema-qa.ts';

type Handle = Db | Tx;

/** Of `accountIds`, those who turned Q&A emails off. */
export async function optedOutOf(db: Handle, accountIds: number[]): Promise<Set<number>> {
  if (!accountIds.length) return new Set();
  const rows = await db
    .select({ id: qaEmailOptOut.accountId })
    .from(qaEmailOptOut)
    .where(inArray(qaEmailOptOut.accountId, accountIds));
  return new Set(rows.map((r) => r.id));
}

/** Whether the person gets Q&A emails (digests and announcements). */
export async function qaEmailsEnabled(db: Handle, accountId: number): Promise<boolean> {
  return !(await optedOutOf(db, [accountId])).has(accountId);
}

/** For each of `accountIds`: how many digest items wait unsent, and when their last digest went out. */
export async function digestStates(db: Handle, accountIds: number[]) {
  const states = new Map<number, { unsent: number; lastSentAt: Date | null }>();
  if (!accountIds.length) return states;
  // One after the other: the caller's transaction runs its statements on one connection.
  const unsent = await db
    .select({ accountId: qaDigestItems.accountId, n: count() })
    .from(qaDigestItems)
    .where(and(inArray(qaDigestItems.accountId, accountIds), isNull(qaDigestItems.sentAt)))
    .groupBy(qaDigestItems.accountId);
  const sent = await db.select().from(qaDigestSent).where(inArray(qaDigestSent.accountId, accountIds));
  for (const id of accountIds) states.set(id, { unsent: 0, lastSentAt: null });
  for (const r of unsent) states.get(r.accountId)!.unsent = r.n;
  for (const r of sent) states.get(r.accountId)!.lastSentAt = r.sentAt;
  return states;
}

/** When the person's last digest went out (null: never). */
export async function lastDigestAt(db: Handle, accountId: number): Promise<Date | null> {
  const [row] = await db
    .select({ sentAt: qaDigestSent.sentAt })
    .from(qaDigestSent)
    .where(eq(qaDigestSent.accountId, accountId));
  return row?.sentAt ?? null;
}

/** The person's digest items not yet sent, oldest first. */
export async function unsentDigestItems(db: Handle, accountId: number) {
  return db
    .select({ id: qaDigestItems.id, line: qaDigestItems.line, link: qaDigestItems.link })
    .from(qaDigestItems)
    .where(and(eq(qaDigestItems.accountId, accountId), isNull(qaDigestItems.sentAt)))
    .orderBy(asc(qaDigestItems.createdAt), asc(qaDigestItems.id));
}
