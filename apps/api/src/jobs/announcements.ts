import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { notifications } from '../db/schema.ts';
import { enrolments } from '../db/schema-money.ts';
import { qaEmailOptOut } from '../db/schema-qa.ts';
import { cohortSeats } from '../db/schema-cohorts.ts';
import { ANNOUNCEMENT_FANOUT_JOB } from '../commands/announcements.ts';
import { emailClaimed } from '../commands/claimed-emails.ts';
import { localeOf, tr, translator } from '../i18n/index.ts';
import { announcementToSend } from '../queries/questions-admin.ts';
import { enqueue, PermanentJobError, registerJob } from '../queue/queue.ts';

export const ANNOUNCEMENT_EMAIL_JOB = 'announcement-email';
/** Students one fan-out job notifies (one INSERT … SELECT), and one email job emails. */
export const ANNOUNCEMENT_BATCH = 1000;
/** Emails of one batch in flight at once. */
const SEND_CONCURRENCY = 10;

type FanoutPayload = { announcementId: number; afterStudentId: number };
type EmailPayload = { announcementId: number; afterStudentId: number; upToStudentId: number };

/** Where an announcement's notification takes a student; unique per announcement, so its rows can be found again. */
export const announcementLink = (courseId: number, announcementId: number) =>
  `/view-course/${courseId}?announcement=${announcementId}`;

async function loadAnnouncement(ctx: Pick<AppContext, 'db'>, id: number) {
  const a = await announcementToSend(ctx.db, id);
  if (!a) throw new PermanentJobError(`Announcement ${id} does not exist.`);
  return a;
}

/**
 * One batch of an announcement's fan-out, in one transaction: notifies the next ANNOUNCEMENT_BATCH students (by
 * id, after `afterStudentId`) with one INSERT … SELECT, queues the email job of that batch and, when the batch was
 * full, the next fan-out job. A student notified already (a rerun) is not notified twice.
 */
export async function fanOutAnnouncement(ctx: Pick<AppContext, 'db'>, p: FanoutPayload): Promise<number> {
  const a = await loadAnnouncement(ctx, p.announcementId);
  const link = announcementLink(a.courseId, a.id);
  // Kept by its key and values, so the bell writes it in each reader's language; `message` is the English.
  const key = 'notice.announcement';
  const values = { title: a.courseTitle, announcement: a.title };
  const message = tr('en', key, values);
  return ctx.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      with batch as (${
        // A cohort's announcement goes to its members only; a course's to every enrolled student.
        a.cohortId
          ? sql`select ${cohortSeats.studentId} as student_id from ${cohortSeats}
        where ${cohortSeats.cohortId} = ${a.cohortId} and ${cohortSeats.status} = 'taken'
          and ${cohortSeats.studentId} > ${p.afterStudentId}
        order by ${cohortSeats.studentId} limit ${ANNOUNCEMENT_BATCH}`
          : sql`select ${enrolments.studentId} as student_id from ${enrolments}
        where ${enrolments.courseId} = ${a.courseId} and ${enrolments.studentId} > ${p.afterStudentId}
        order by ${enrolments.studentId} limit ${ANNOUNCEMENT_BATCH}`
      }), notified as (
        insert into ${notifications} (account_id, type, message, message_key, message_values, link)
        select b.student_id, 'announcement', ${message}, ${key}, ${JSON.stringify(values)}::jsonb, ${link}
        from batch b
        where not exists (
          select 1 from ${notifications} n
          where n.account_id = b.student_id and n.type = 'announcement' and n.link = ${link}
        )
        returning 1
      )
      select count(*)::int as n, max(student_id)::int as last from batch`)) as unknown as {
      rows: { n: number; last: number | null }[];
    };
    const { n, last } = result.rows[0] ?? { n: 0, last: null };
    if (!n || last === null) return 0;
    const upTo = Number(last);
    await enqueue(tx, ANNOUNCEMENT_EMAIL_JOB, {
      announcementId: a.id,
      afterStudentId: p.afterStudentId,
      upToStudentId: upTo,
    });
    if (Number(n) === ANNOUNCEMENT_BATCH)
      await enqueue(tx, ANNOUNCEMENT_FANOUT_JOB, { announcementId: a.id, afterStudentId: upTo });
    return Number(n);
  });
}

/**
 * Emails one batch of an announcement: takes the batch's notifications not emailed yet (students who turned Q&A
 * emails off are left out), sends each, and gives back those not sent when a send fails, so the retry sends
 * only what is missing.
 */
export async function emailAnnouncementBatch(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  p: EmailPayload,
): Promise<number> {
  const a = await loadAnnouncement(ctx, p.announcementId);
  const link = announcementLink(a.courseId, a.id);
  const taken = await ctx.db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(
      and(
        gt(notifications.accountId, p.afterStudentId),
        lte(notifications.accountId, p.upToStudentId),
        eq(notifications.type, 'announcement'),
        eq(notifications.link, link),
        isNull(notifications.emailedAt),
        sql`not exists (select 1 from ${qaEmailOptOut} where ${qaEmailOptOut.accountId} = ${notifications.accountId})`,
      ),
    )
    .returning({ id: notifications.id, accountId: notifications.accountId });
  // Our words in each student's language; the tutor's title and body as they wrote them.
  return emailClaimed(ctx, taken, SEND_CONCURRENCY, (to) => {
    const t = translator(localeOf(to.language));
    return {
      subject: t('email.subject.announcement', { title: a.title }),
      text: [
        t('email.hello', { name: to.fullName }),
        '',
        t('email.announcement.posted', { name: a.tutorName, title: a.courseTitle }),
        '',
        a.title,
        '',
        a.body,
        '',
        `${ctx.config.publicUrl}${link}`,
        '',
        t('email.optOut'),
        '',
        'DevLearn',
      ].join('\n'),
      id: `announcement-${a.id}-${to.id}`,
    };
  });
}

registerJob<FanoutPayload, AppContext>(ANNOUNCEMENT_FANOUT_JOB, async (payload, run) => {
  await fanOutAnnouncement(run.ctx, payload);
});

registerJob<EmailPayload, AppContext>(
  ANNOUNCEMENT_EMAIL_JOB,
  async (payload, run) => {
    await emailAnnouncementBatch(run.ctx, payload);
  },
  { maxAttempts: 8 },
);
