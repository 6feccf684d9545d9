import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { qaDigestItems, qaDigestSent } from '../db/schema-qa.ts';
import { localeOf, translator, tr } from '../i18n/index.ts';
import { accountById } from '../queries/accounts.ts';
import { lastDigestAt, optedOutOf, unsentDigestItems } from '../queries/questions-digest.ts';
import {
  DIGEST_INTERVAL_MS,
  nextDigestAt,
  QA_DIGEST_JOB,
  type QaDigestPayload,
  qaClock,
} from '../commands/questions-notify.ts';
import { enqueue, registerJob } from '../queue/queue.ts';

/** The digest's subject in English. */
export const DIGEST_SUBJECT = tr('en', 'email.subject.qaDigest');

/** Any constant of ours: the advisory lock that keeps one digest run per person at a time. */
const DIGEST_LOCK = 0x71616467; // 'qadg'

/**
 * Sends one person's unsent Q&A events as one email, when their last digest is at least an hour old; otherwise
 * queues itself for when the hour is up. A person who turned Q&A emails off gets none (their items are marked
 * sent). The items are taken before the send and given back when it fails, so a retry sends them once.
 */
export async function sendQaDigest(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  accountId: number,
  now: Date = qaClock.now(),
): Promise<'sent' | 'later' | 'nothing' | 'opted-out'> {
  const taken = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DIGEST_LOCK}, ${accountId})`);
    const items = await unsentDigestItems(tx, accountId);
    if (!items.length) return { state: 'nothing' as const };
    const lastSentAt = await lastDigestAt(tx, accountId);
    const due = nextDigestAt(lastSentAt, now);
    if (due > now) {
      await enqueue(tx, QA_DIGEST_JOB, { accountId }, { runAt: due });
      return { state: 'later' as const };
    }
    const ids = items.map((i) => i.id);
    await tx.update(qaDigestItems).set({ sentAt: now }).where(inArray(qaDigestItems.id, ids));
    if ((await optedOutOf(tx, [accountId])).has(accountId)) return { state: 'opted-out' as const };
    await tx
      .insert(qaDigestSent)
      .values({ accountId, sentAt: now })
      .onConflictDoUpdate({ target: qaDigestSent.accountId, set: { sentAt: now } });
    return { state: 'take' as const, items, ids, lastSentAt };
  });
  if (taken.state !== 'take') return taken.state;
  const to = await accountById(ctx.db, accountId);
  if (!to) return 'nothing';
  const { items } = taken;
  // The frame in the person's language; each line was written in it when its event happened.
  const t = translator(localeOf(to.language));
  try {
    await ctx.mailer.send({
      to: to.email,
      subject: t('email.subject.qaDigest'),
      text: [
        t('email.hello', { name: to.fullName }),
        '',
        t('email.qaDigest.intro', { count: items.length }),
        '',
        ...items.flatMap((i) => [`- ${i.line}`, ...(i.link ? [`  ${ctx.config.publicUrl}${i.link}`] : [])]),
        '',
        t('email.optOut'),
        '',
        'DevLearn',
      ].join('\n'),
      id: `qa-digest-${accountId}-${taken.ids[0]}`,
    });
  } catch (err) {
    // Give the items back and restore the last digest's time, so the retry sends them.
    await ctx.db.transaction(async (tx) => {
      await tx.update(qaDigestItems).set({ sentAt: null }).where(inArray(qaDigestItems.id, taken.ids));
      if (taken.lastSentAt)
        await tx
          .update(qaDigestSent)
          .set({ sentAt: taken.lastSentAt })
          .where(eq(qaDigestSent.accountId, accountId));
      else await tx.delete(qaDigestSent).where(eq(qaDigestSent.accountId, accountId));
    });
    throw err;
  }
  return 'sent';
}

registerJob<QaDigestPayload, AppContext>(
  QA_DIGEST_JOB,
  async ({ accountId }, run) => {
    try {
      await sendQaDigest(run.ctx, accountId);
    } catch (err) {
      // Out of retries: try again in an hour, so the person's waiting lines are not stranded.
      if (run.lastAttempt)
        await enqueue(
          run.ctx.db,
          QA_DIGEST_JOB,
          { accountId },
          { runAt: new Date(Date.now() + DIGEST_INTERVAL_MS) },
        );
      throw err;
    }
  },
  { maxAttempts: 8 },
);
