import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { notifications } from '../db/schema.ts';
import { recipientsOf } from '../queries/questions-admin.ts';
import type { Mail } from '../services/mail/mailer.ts';

/** A notification whose email this worker has claimed (its `emailed_at` set), and the account it is for. */
export type ClaimedNotification = { id: number; accountId: number };

/** Whom an email goes to. */
export type Recipient = Awaited<ReturnType<typeof recipientsOf>>[number];

/**
 * Emails the people of a batch of claimed notifications, `concurrency` sends at a time, each mail made by `mail`.
 * When a send fails, the claims of those not sent yet are given back (`emailed_at` null again) and the error is
 * thrown, so the job's retry sends only what is missing. Answers the number sent.
 */
export async function emailClaimed(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  taken: ClaimedNotification[],
  concurrency: number,
  mail: (to: Recipient) => Omit<Mail, 'to'>,
): Promise<number> {
  const people = await recipientsOf(
    ctx.db,
    taken.map((t) => t.accountId),
  );
  const sent = new Set<number>();
  try {
    for (let i = 0; i < people.length; i += concurrency) {
      await Promise.all(
        people.slice(i, i + concurrency).map(async (to) => {
          await ctx.mailer.send({ to: to.email, ...mail(to) });
          sent.add(to.id);
        }),
      );
    }
  } catch (err) {
    const unsent = taken.filter((t) => !sent.has(t.accountId)).map((t) => t.id);
    if (unsent.length)
      await ctx.db.update(notifications).set({ emailedAt: null }).where(inArray(notifications.id, unsent));
    throw err;
  }
  return sent.size;
}
