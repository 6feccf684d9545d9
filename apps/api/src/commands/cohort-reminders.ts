import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { cohortSeats, deadlineExtensions, remindersSent } from '../db/schema-cohorts.ts';
import { cohortDueAt } from '../lib/cohort-clock.ts';
import { localeOf, tr, translator } from '../i18n/index.ts';
import { assignmentExtensions, submissions } from '../db/schema-assignments.ts';
import { assignmentWithCourse, dueAssignmentsOf } from '../queries/assignments.ts';
import { emailClaimed } from './claimed-emails.ts';
import type { NotificationText } from './notify.ts';
import { cohortById, cohortsOfCourse, reminderSubject } from '../queries/cohorts.ts';
import { enqueue } from '../queue/queue.ts';

/** The job that sends one batch of a reminder (jobs/cohorts.ts). */
export const COHORT_REMINDER_JOB = 'cohort-reminder';
/** Members one reminder job notifies (one statement), then emails. */
export const REMINDER_BATCH = 1000;
const SEND_CONCURRENCY = 20;
const HOUR_MS = 3600_000;

export type ReminderKind = 'session-24h' | 'session-1h' | 'cohort-start' | 'deadline-24h' | 'assignment-24h';
/**
 * `at`: the subject's time when the reminder was queued; a subject moved since has a newer job. An assignment's
 * reminder names its cohort too (`cohortId`): the assignment is due at a different time in each.
 */
export type ReminderPayload = {
  kind: ReminderKind;
  id: number;
  cohortId?: number;
  at: string;
  afterStudentId: number;
};

const queueReminder = async (
  tx: Tx,
  kind: ReminderKind,
  id: number,
  at: Date,
  runAt: Date,
  cohortId?: number,
) => {
  // A moment already past is not reminded of (a session made for in 30 minutes gets no 1-hour reminder).
  if (runAt.getTime() + 60_000 < Date.now()) return;
  const payload: ReminderPayload = { kind, id, at: at.toISOString(), afterStudentId: 0 };
  if (cohortId !== undefined) payload.cohortId = cohortId;
  await enqueue(tx, COHORT_REMINDER_JOB, payload, { runAt });
};

/** A session's reminders: 24 hours and 1 hour before it starts. */
export async function queueSessionReminders(tx: Tx, sessionId: number, startsAt: Date): Promise<void> {
  await queueReminder(tx, 'session-24h', sessionId, startsAt, new Date(startsAt.getTime() - 24 * HOUR_MS));
  await queueReminder(tx, 'session-1h', sessionId, startsAt, new Date(startsAt.getTime() - HOUR_MS));
}

/** A cohort's reminder at its start. */
export async function queueCohortStart(tx: Tx, cohortId: number, startsAt: Date): Promise<void> {
  await queueReminder(tx, 'cohort-start', cohortId, startsAt, startsAt);
}

/** A deadline's reminder 24 hours before it. */
export async function queueDeadlineReminder(tx: Tx, deadlineId: number, dueAt: Date): Promise<void> {
  await queueReminder(tx, 'deadline-24h', deadlineId, dueAt, new Date(dueAt.getTime() - 24 * HOUR_MS));
}

/**
 * An assignment's reminders, 24 hours before it is due in each cohort of its course not cancelled, for the members
 * who have not handed it in and have no later date of their own.
 */
export async function queueAssignmentReminders(
  tx: Tx,
  assignment: { id: number; courseId: number; dueDays: number | null; dueLocalTime: string | null },
  inCohorts?: { id: number; startsAt: Date; cancelledAt: Date | null }[],
): Promise<void> {
  const { dueDays } = assignment;
  if (dueDays === null) return;
  for (const cohort of inCohorts ?? (await cohortsOfCourse(tx, assignment.courseId))) {
    if (cohort.cancelledAt) continue;
    const dueAt = cohortDueAt(cohort.startsAt, { dueDays, dueLocalTime: assignment.dueLocalTime });
    await queueReminder(
      tx,
      'assignment-24h',
      assignment.id,
      dueAt,
      new Date(dueAt.getTime() - 24 * HOUR_MS),
      cohort.id,
    );
  }
}

/** A cohort's assignment reminders (a new cohort, or a start moved): one per assignment due in cohorts. */
export async function queueCohortAssignmentReminders(
  tx: Tx,
  cohort: { id: number; courseId: number; startsAt: Date },
): Promise<void> {
  for (const a of await dueAssignmentsOf(tx, [cohort.courseId]))
    await queueAssignmentReminders(tx, a, [{ ...cohort, cancelledAt: null }]);
}

/**
 * What one reminder says (its message's and its subject's keys and values; the moment is the value `whenAt`, which
 * each reader reads in their language), to whom (a cohort's members), and its event key (once per person).
 */
type Reminder = {
  event: string;
  cohortId: number;
  message: NotificationText;
  link: string;
  subject: NotificationText;
  deadlineId?: number;
  assignmentId?: number;
};

async function reminderOf(db: Db, p: ReminderPayload): Promise<Reminder | null> {
  const s =
    p.kind === 'assignment-24h'
      ? await assignmentReminderSubject(db, p.id, p.cohortId ?? 0)
      : await reminderSubject(db, p.kind, p.id);
  if (!s || s.at.toISOString() !== p.at || s.cancelled) return null;
  const cohort = await cohortById(db, s.cohortId);
  if (!cohort) return null;
  const event =
    p.kind === 'assignment-24h' ? `${p.kind}:${p.id}:${cohort.id}:${p.at}` : `${p.kind}:${p.id}:${p.at}`;
  const link = `/cohort/${cohort.id}?reminder=${encodeURIComponent(event)}`;
  const whenAt = s.at.toISOString();
  const title = s.title;
  switch (p.kind) {
    case 'session-24h':
    case 'session-1h': {
      const soon = p.kind === 'session-1h' ? 'hour' : 'day';
      return {
        event,
        cohortId: cohort.id,
        link,
        subject: { key: 'email.subject.sessionReminder', values: { soon, title } },
        message: { key: 'notice.sessionReminder', values: { soon, title, cohort: cohort.name, whenAt } },
      };
    }
    case 'cohort-start':
      return {
        event,
        cohortId: cohort.id,
        link,
        subject: { key: 'email.subject.cohortStarts', values: { cohort: cohort.name } },
        message: {
          key: 'notice.cohortStarts',
          values: { cohort: cohort.name, title: cohort.courseTitle, whenAt },
        },
      };
    case 'deadline-24h':
      return {
        event,
        cohortId: cohort.id,
        link,
        deadlineId: p.id,
        subject: { key: 'email.subject.dueTomorrow', values: { title } },
        message: { key: 'notice.deadlineReminder', values: { title, cohort: cohort.name, whenAt } },
      };
    case 'assignment-24h':
      return {
        event,
        cohortId: cohort.id,
        link: `/home/assignment/${p.id}?reminder=${encodeURIComponent(event)}`,
        assignmentId: p.id,
        subject: { key: 'email.subject.dueTomorrow', values: { title } },
        message: { key: 'notice.assignmentReminder', values: { title, cohort: cohort.name, whenAt } },
      };
  }
}

/** An assignment's due moment in one cohort, for its reminder. */
async function assignmentReminderSubject(db: Db, assignmentId: number, cohortId: number) {
  const [found, cohort] = await Promise.all([
    assignmentWithCourse(db, assignmentId),
    cohortById(db, cohortId),
  ]);
  const a = found?.assignment;
  if (!a || !cohort || a.courseId !== cohort.courseId || a.dueDays === null) return undefined;
  return {
    cohortId,
    at: cohortDueAt(cohort.startsAt, { dueDays: a.dueDays, dueLocalTime: a.dueLocalTime }),
    title: a.title,
    cancelled: cohort.cancelledAt !== null,
  };
}

/**
 * One batch of a reminder: in one transaction, the next REMINDER_BATCH members (by id, after `afterStudentId`)
 * not reminded of this event yet are recorded in reminders_sent (its key makes it once per person, whichever
 * worker runs which copy of the job) and notified, and the next batch is queued when this one was full; then
 * their emails are claimed and sent. Answers how many were notified.
 */
export async function sendReminderBatch(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  p: ReminderPayload,
): Promise<number> {
  const r = await reminderOf(ctx.db, p);
  if (!r) return 0;
  const range = await ctx.db.transaction(async (tx) => {
    // A member with a later deadline of their own is not reminded of the cohort's; nor is one who handed the
    // assignment in.
    const extended = r.deadlineId
      ? sql`and not exists (select 1 from ${deadlineExtensions} x where x.deadline_id = ${r.deadlineId} and x.student_id = s.student_id)`
      : r.assignmentId
        ? sql`and not exists (select 1 from ${assignmentExtensions} x where x.assignment_id = ${r.assignmentId} and x.student_id = s.student_id)
            and not exists (select 1 from ${submissions} w where w.assignment_id = ${r.assignmentId} and w.student_id = s.student_id
              and w.status in ('submitted', 'passed', 'failed'))`
        : sql``;
    // Kept by its key and values (the bell writes it in each reader's language), the English `message` beside.
    const { key, values } = r.message;
    const result = (await tx.execute(sql`
      with batch as (
        select s.student_id from ${cohortSeats} s
        where s.cohort_id = ${r.cohortId} and s.status = 'taken' and s.student_id > ${p.afterStudentId} ${extended}
        order by s.student_id limit ${REMINDER_BATCH}
      ), sent as (
        insert into ${remindersSent} (event, account_id) select ${r.event}, student_id from batch
        on conflict do nothing returning account_id
      ), notified as (
        insert into ${notifications} (account_id, type, message, message_key, message_values, link)
        select account_id, 'cohort-reminder', ${tr('en', key, values)}, ${key}, ${JSON.stringify(values ?? {})}::jsonb,
          ${r.link}
        from sent returning 1
      )
      select (select count(*) from batch)::int as n, (select max(student_id) from batch)::int as last,
        (select count(*) from notified)::int as notified`)) as unknown as {
      rows: { n: number; last: number | null; notified: number }[];
    };
    const { n, last, notified } = result.rows[0] ?? { n: 0, last: null, notified: 0 };
    if (Number(n) === REMINDER_BATCH && last !== null)
      await enqueue(tx, COHORT_REMINDER_JOB, { ...p, afterStudentId: Number(last) });
    return { upTo: last === null ? p.afterStudentId : Number(last), notified: Number(notified) };
  });
  await emailReminders(ctx, r, p.afterStudentId, range.upTo);
  return range.notified;
}

/** Emails a batch's reminders not emailed yet; a failed send gives back what was not sent, for the retry. */
async function emailReminders(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  r: Reminder,
  after: number,
  upTo: number,
): Promise<void> {
  const taken = await ctx.db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(
      and(
        gt(notifications.accountId, after),
        lte(notifications.accountId, upTo),
        eq(notifications.type, 'cohort-reminder'),
        eq(notifications.link, r.link),
        isNull(notifications.emailedAt),
      ),
    )
    .returning({ id: notifications.id, accountId: notifications.accountId });
  await emailClaimed(ctx, taken, SEND_CONCURRENCY, (to) => {
    const t = translator(localeOf(to.language));
    return {
      subject: t(r.subject.key, r.subject.values),
      text: [
        t('email.hello', { name: to.fullName }),
        '',
        t(r.message.key, r.message.values),
        '',
        `${ctx.config.publicUrl}${r.link}`,
        '',
        'DevLearn',
      ].join('\n'),
      id: `reminder-${r.event}-${to.id}`,
    };
  });
}
