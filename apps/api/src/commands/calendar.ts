import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { calendarFeeds } from '../db/schema-cohorts.ts';

export const feedTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** `POST /calendar/feed`: a new private feed token for the student (the previous one stops working). */
export async function newFeedToken(db: Db, accountId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const tokenHash = feedTokenHash(token);
  await db
    .insert(calendarFeeds)
    .values({ accountId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.accountId, set: { tokenHash, createdAt: new Date() } });
  return token;
}

/** `POST /calendar/feed/revoke`: the feed's URL stops working. */
export async function revokeFeed(db: Db, accountId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.accountId, accountId));
}
