import type { TNotificationType } from '@app/contract/notifications';
import type { Tx } from '../db/client.ts';
import { qaDigestItems } from '../db/schema-qa.ts';
import { localeOf, tr } from '../i18n/index.ts';
import { enqueue } from '../queue/queue.ts';
import { languagesOf } from '../queries/accounts.ts';
import { digestStates, optedOutOf } from '../queries/questions-digest.ts';
import { notify, type NotificationText } from './notify.ts';

/** The job that sends a person's hourly Q&A email (jobs/qa-digest.ts). */
export const QA_DIGEST_JOB = 'qa-digest';
export type QaDigestPayload = { accountId: number };

/** A person gets at most one Q&A digest email in this long. */
export const DIGEST_INTERVAL_MS = 60 * 60 * 1000;
/** The digest's clock: tests move it instead of waiting an hour. */
export const qaClock = { now: (): Date => new Date() };

/** When a person's next digest may go out: at once, or an hour after the last one. */
export const nextDigestAt = (lastSentAt: Date | null, now: Date): Date =>
  lastSentAt && lastSentAt.getTime() + DIGEST_INTERVAL_MS > now.getTime()
    ? new Date(lastSentAt.getTime() + DIGEST_INTERVAL_MS)
    : now;

export type QaEvent = {
  accountId: number;
  type: Extract<TNotificationType, 'question-asked' | 'question-answered' | 'answer-accepted'>;
  message: NotificationText;
  link: string;
};

/**
 * Tells people of one Q&A post, inside the post's transaction: one notification per recipient (the first event
 * for a person wins, and the author of the post never hears of it), and the same line for their hourly email
 * digest, written in their language. A person whose unsent list was empty gets a digest job, due at once or an hour after their last digest;
 * a person with unsent items has one queued already.
 */
export async function notifyQa(tx: Tx, authorId: number, events: QaEvent[]): Promise<void> {
  const seen = new Set<number>([authorId]);
  const once = events.filter((e) => !seen.has(e.accountId) && seen.add(e.accountId));
  if (!once.length) return;
  await notify(tx, once);
  const ids = once.map((e) => e.accountId);
  // One after the other: a transaction's statements share one connection.
  const optedOut = await optedOutOf(tx, ids);
  const states = await digestStates(tx, ids);
  const emailed = once.filter((e) => !optedOut.has(e.accountId));
  if (!emailed.length) return;
  const languages = await languagesOf(
    tx,
    emailed.map((e) => e.accountId),
  );
  await tx.insert(qaDigestItems).values(
    emailed.map((e) => ({
      accountId: e.accountId,
      line: tr(localeOf(languages.get(e.accountId)), e.message.key, e.message.values),
      link: e.link,
    })),
  );
  const now = qaClock.now();
  for (const e of emailed) {
    const state = states.get(e.accountId);
    if (state?.unsent) continue;
    await enqueue(
      tx,
      QA_DIGEST_JOB,
      { accountId: e.accountId },
      { runAt: nextDigestAt(state?.lastSentAt ?? null, now) },
    );
  }
}
