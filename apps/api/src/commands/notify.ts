import type { TNotificationType } from '@app/contract/notifications';
import type { Tx } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { tr } from '../i18n/index.ts';
import { enqueue } from '../queue/queue.ts';

/** The job that emails one notification (jobs/notification-email.ts). */
export const NOTIFICATION_EMAIL_JOB = 'notification-email';
export type NotificationEmailPayload = { notificationId: number; emailLines?: EmailLine[] };

/**
 * The events that also go out by email, with the catalog key of the email's subject (src/i18n, written in the
 * recipient's language). The others stay in the bell only.
 */
export const EMAILED_NOTIFICATIONS: Partial<Record<TNotificationType, string>> = {
  'course-approved': 'email.subject.courseApproved',
  'course-rejected': 'email.subject.courseRejected',
  'purchase-confirmed': 'email.subject.purchaseConfirmed',
  'refund-requested': 'email.subject.refundRequested',
  'refund-approved': 'email.subject.refundApproved',
  'refund-rejected': 'email.subject.refundRejected',
  'refund-processed': 'email.subject.refundProcessed',
  'refund-failed': 'email.subject.refundFailed',
  'instalment-due': 'email.subject.instalmentDue',
  'instalment-failed': 'email.subject.instalmentFailed',
  'plan-suspended': 'email.subject.planSuspended',
  'plan-completed': 'email.subject.planCompleted',
  'certificate-issued': 'email.subject.certificateIssued',
  'data-export-ready': 'email.subject.dataExportReady',
  'cohort-seat-offered': 'email.subject.cohortSeatOffered',
  'cohort-cancelled': 'email.subject.cohortCancelled',
  'assignment-graded': 'email.subject.assignmentGraded',
  'assistant-added': 'email.subject.assistantAdded',
};

/** A notification's words: a key of the server's catalogs with its values, written in the reader's language. */
export type NotificationText = { key: string; values?: Record<string, string | number> };
/** A line an email adds below the message: by its catalog key, or as it is (a link). */
export type EmailLine = string | NotificationText;

export type NewNotification = {
  accountId: number;
  type: TNotificationType;
  /** The message: its catalog key and values, or (for the events not moved to the catalogs yet) English text. */
  message: string | NotificationText;
  link: string | null;
  /** Lines the email adds below the message (a signed receipt link), never shown in the app. */
  emailLines?: EmailLine[];
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
    .values(
      items.map(({ emailLines: _, message, ...item }) =>
        typeof message === 'string'
          ? { ...item, message }
          : {
              ...item,
              message: tr('en', message.key, message.values),
              messageKey: message.key,
              messageValues: message.values ?? {},
            },
      ),
    )
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
