import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { TNotificationDto, TNotificationType } from '@app/contract/notifications';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import type { Locale } from '@app/contract/locales';
import { tr } from '../i18n/index.ts';
import { timeCreated } from '../presenters/time.ts';

/** A notification's message in `locale`: by its catalog key when it has one, else as it was written. */
export const notificationMessage = (
  n: { message: string; messageKey: string | null; messageValues: Record<string, string | number> | null },
  locale: Locale,
): string => (n.messageKey ? tr(locale, n.messageKey, n.messageValues ?? {}) : n.message);

/** How many of the account's notifications are unread (partial index on unread rows). */
export async function unreadCount(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The account's own notifications, newest first, with the unread count and the total. */
export async function accountNotifications(
  db: Db,
  accountId: number,
  page: { pageSize: number; pageNo: number },
  /** The reader's language: a message kept by its key is written in it. */
  locale: Locale = 'en',
) {
  const mine = eq(notifications.accountId, accountId);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ n: count() }).from(notifications).where(mine),
    unreadCount(db, accountId),
  ]);
  return {
    notifications: rows.map((n): TNotificationDto => ({
      id: n.id,
      type: n.type as TNotificationType,
      message: notificationMessage(n, locale),
      link: n.link,
      read: n.readAt !== null,
      timeCreated: timeCreated(n.createdAt),
    })),
    unreadCount: unread,
    totalData: total?.n ?? 0,
  };
}
