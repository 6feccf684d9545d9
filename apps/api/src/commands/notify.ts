import type { TNotificationType } from '@app/contract/notifications';
import type { Tx } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { enqueue } from '../queue/queue.ts';

/** The job that emails one notification (jobs/notification-email.ts). */
export const NOTIFICATION_EMAIL_JOB = 'notification-email';
export type NotificationEmailPayload = { notificationId: number; emailLines?: string[] };

/** The events that also go out by email, with the email's subject. The others stay in the bell only. */
export const EMAILED_NOTIFICATIONS: Partial<Record<TNotificationType, string>> = {
  'course-approved': 'Your DevLearn course was approved',
  'course-rejected': 'Your DevLearn course was rejected',
  'purchase-confirmed': 'Your DevLearn purchase receipt',
  'refund-requested': 'Your DevLearn refund request was received',
  'refund-approved': 'Your DevLearn refund was approved',
  'refund-rejected': 'Your DevLearn refund request was declined',
  'refund-processed': 'Your DevLearn refund is complete',
  'refund-failed': 'Your DevLearn refund could not be completed',
  'instalment-due': 'A payment of your DevLearn plan is due',
  'instalment-failed': 'We could not charge your card for your DevLearn plan',
  'plan-suspended': 'Your DevLearn course is paused: a payment is late',
  'plan-completed': 'Your DevLearn plan is fully paid',
  'certificate-issued': 'Your DevLearn certificate is ready',
  'data-export-ready': 'Your DevLearn data export is ready',
  'cohort-seat-offered': 'A seat in your DevLearn cohort is free',
  'cohort-cancelled': 'Your DevLearn cohort was cancelled',
  'assignment-graded': 'Your DevLearn assignment was graded',
  'assistant-added': 'You are now a teaching assistant on DevLearn',
};

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
