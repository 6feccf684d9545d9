import type { TNotificationType } from '@app/contract/notifications';
import type { Tx } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { EMAILED_NOTIFICATIONS, NOTIFICATION_EMAIL_JOB } from '../jobs/notification-email.ts';
import { enqueue } from '../jobs/queue.ts';

export type NewNotification = {
  accountId: number;
  type: TNotificationType;
  message: string;
  link: string | null;
  /** Lines the email adds below the message (a signed receipt link), never shown in the app. */
  emailLines?: string[];
};

/**
 * Writes notifications inside the caller's transaction, so an event exists exactly when its cause committed:
 * a rolled-back cause leaves none, and a cause that commits once writes its rows once. The events that matter
 * (approved, rejected, receipt) also queue their email job in that transaction: a worker sends it after the
 * commit, never for a rolled-back cause.
 */
export async function notify(tx: Tx, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  const rows = await tx
    .insert(notifications)
    .values(items.map(({ emailLines: _, ...item }) => item))
    .returning({ id: notifications.id, type: notifications.type });
  for (const [i, row] of rows.entries()) {
    const emailLines = items[i]?.emailLines;
    if (row.type in EMAILED_NOTIFICATIONS)
      await enqueue(tx, NOTIFICATION_EMAIL_JOB, {
        notificationId: row.id,
        ...(emailLines?.length ? { emailLines } : {}),
      });
  }
}
