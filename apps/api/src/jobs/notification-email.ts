import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TNotificationType } from '@app/contract/notifications';
import type { AppContext } from '../context.ts';
import { notifications } from '../db/schema.ts';
import { accountById } from '../queries/accounts.ts';
import { registerJob } from './queue.ts';

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
  'certificate-issued': 'Your DevLearn certificate is ready',
  'data-export-ready': 'Your DevLearn data export is ready',
};

/**
 * Emails one notification. The run first takes the email by setting `emailed_at` where it is still null: a
 * second run of the same job (a worker that lost its lease, a duplicate job) finds it taken and sends nothing.
 * A send that fails clears the mark and throws, so the queue retries it with its growing pause.
 */
export async function emailNotification(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  notificationId: number,
  /** Lines below the message (the purchase's signed receipt link). */
  emailLines: string[] = [],
): Promise<'sent' | 'skipped'> {
  const { db } = ctx;
  const [taken] = await db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(and(eq(notifications.id, notificationId), isNull(notifications.emailedAt)))
    .returning();
  if (!taken) return 'skipped';
  const subject = EMAILED_NOTIFICATIONS[taken.type as TNotificationType];
  const to = await accountById(db, taken.accountId);
  if (!subject || !to) return 'skipped';
  try {
    await ctx.mailer.send({
      to: to.email,
      subject,
      text: [
        `Hello ${to.fullName},`,
        '',
        taken.message,
        ...(taken.link ? ['', `${ctx.config.publicUrl}${taken.link}`] : []),
        ...(emailLines.length ? ['', ...emailLines] : []),
        '',
        'DevLearn',
      ].join('\n'),
      id: `notification-${taken.id}`,
    });
  } catch (err) {
    await db.update(notifications).set({ emailedAt: null }).where(eq(notifications.id, notificationId));
    throw err;
  }
  return 'sent';
}

registerJob<NotificationEmailPayload, AppContext>(
  NOTIFICATION_EMAIL_JOB,
  async ({ notificationId, emailLines }, run) => {
    await emailNotification(run.ctx, notificationId, emailLines);
  },
  // With the default 10 s first pause, eight runs keep trying for about 20 minutes of mail server trouble.
  { maxAttempts: 8 },
);
