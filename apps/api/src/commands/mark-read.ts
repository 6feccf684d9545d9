import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema.ts';

/** Marks the account's unread notifications read: those of `ids`, or all when `ids` is absent. */
export async function markNotificationsRead(db: Db, accountId: number, ids?: number[]): Promise<void> {
  // Only the caller's own rows: someone else's ids simply match nothing.
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.accountId, accountId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids.length ? ids : [0]) : undefined,
      ),
    );
}
