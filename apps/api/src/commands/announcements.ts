import { ANNOUNCEMENTS_PER_WEEK } from '@app/contract/questions';
import type { AppContext } from '../context.ts';
import { announcements } from '../db/schema-qa.ts';
import { notFound, tooManyTries } from '../errors.ts';
import { enqueue } from '../queue/queue.ts';
import { lockCourse } from '../queries/courses.ts';
import { announcementsThisWeek } from '../queries/questions-admin.ts';
import { waitText } from '../services/sign-in-throttle.ts';

/** The job that notifies an announcement's students in batches (jobs/announcements.ts). */
export const ANNOUNCEMENT_FANOUT_JOB = 'announcement-fanout';

const HOUR_MS = 60 * 60_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

/** "3 days", "5 hours", "12 minutes". */
const longWaitText = (ms: number): string =>
  ms >= 48 * HOUR_MS
    ? `${Math.ceil(ms / (24 * HOUR_MS))} days`
    : ms >= 2 * HOUR_MS
      ? `${Math.ceil(ms / HOUR_MS)} hours`
      : waitText(ms);

/**
 * Stores a tutor's announcement and queues its fan-out (notifications and emails in batches, jobs/announcements.ts):
 * the request does no per-student work. At most ANNOUNCEMENTS_PER_WEEK per course in 7 days (429), counted under
 * the course's lock so two at once cannot both pass. Returns the announcement's id.
 */
export async function addAnnouncement(
  ctx: Pick<AppContext, 'db' | 'worker'>,
  /** With `cohortId`, only that cohort's members are told (docs/cohorts.md). */
  input: { courseId: number; tutorId: number; title: string; body: string; cohortId?: number },
): Promise<number> {
  const id = await ctx.db.transaction(async (tx) => {
    if (!(await lockCourse(tx, input.courseId))) return notFound('Course does not exist');
    const { n, oldest } = await announcementsThisWeek(tx, input.courseId);
    if (n >= ANNOUNCEMENTS_PER_WEEK) {
      const waitMs = Math.max(1000, (oldest?.getTime() ?? Date.now()) + WEEK_MS - Date.now());
      tooManyTries(
        `A course can have at most ${ANNOUNCEMENTS_PER_WEEK} announcements in 7 days. You can send the next one in ${longWaitText(waitMs)}.`,
        waitMs,
      );
    }
    const [row] = await tx
      .insert(announcements)
      .values({
        courseId: input.courseId,
        tutorId: input.tutorId,
        title: input.title,
        body: input.body,
        cohortId: input.cohortId ?? null,
      })
      .returning({ id: announcements.id });
    await enqueue(tx, ANNOUNCEMENT_FANOUT_JOB, { announcementId: row!.id, afterStudentId: 0 });
    return row!.id;
  });
  ctx.worker?.wake();
  return id;
}
