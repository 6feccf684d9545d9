import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TNotificationType } from '@app/contract/notifications';
import type { AppContext } from '../context.ts';
import { notifications } from '../db/schema.ts';
import { accountById } from '../queries/accounts.ts';
import {
  EMAILED_NOTIFICATIONS,
  NOTIFICATION_EMAIL_JOB,
  type EmailLine,
  type NotificationEmailPayload,
} from '../commands/notify.ts';
import { localeOf, translator } from '../i18n/index.ts';
import { notificationMessage } from '../queries/notifications.ts';
import { registerJob } from '../queue/queue.ts';

/**
 * Emails one notification. The run first takes the email by setting `emailed_at` where it is still null: a
 * second run of the same job (a worker that lost its lease, a duplicate job) finds it taken and sends nothing.
 * A send that fails clears the mark and throws, so the queue retries it with its growing pause.
 */
export async function emailNotification(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  notificationId: number,
  /** Lines below the message (the purchase's signed receipt link). */
  emailLines: EmailLine[] = [],
): Promise<'sent' | 'skipped'> {
  const { db } = ctx;
  const [taken] = await db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(and(eq(notifications.id, notificationId), isNull(notifications.emailedAt)))
    .returning();
  if (!taken) return 'skipped';
  const subjectKey = EMAILED_NOTIFICATIONS[taken.type as TNotificationType];
  const to = await accountById(db, taken.accountId);
  if (!subjectKey || !to) return 'skipped';
  // Written in the recipient's language (their account's choice, else English).
  const locale = localeOf(to.language);
  const t = translator(locale);
  try {
    await ctx.mailer.send({
      to: to.email,
      subject: t(subjectKey),
      text: [
        t('email.hello', { name: to.fullName }),
        '',
        notificationMessage(taken, locale),
        ...(taken.link ? ['', `${ctx.config.publicUrl}${taken.link}`] : []),
        ...(emailLines.length
          ? ['', ...emailLines.map((l) => (typeof l === 'string' ? l : t(l.key, l.values)))]
          : []),
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
