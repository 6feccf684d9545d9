import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, courses, media, sections, series } from '../db/schema.ts';
import { mayWatchCourse, mayWatchSeries, mayWatchTrailer } from '../policies/course.ts';
import { maySeeSubmission } from '../policies/assignment.ts';
import { mayUseMedia } from '../policies/media.ts';
import { isAssignedReviewer, submissionsOfFile } from './assignments.ts';
import { membersRecording } from './cohorts.ts';
import { loadViewer } from './viewer.ts';

/**
 * Whether account `viewerId` may fetch a submission's file: as `maySeeSubmission` says (its student, the course's
 * graders, its assigned peer reviewers), for any submission that keeps the file.
 */
async function mayFetchSubmissionFile(db: Db, key: string, viewerId: number): Promise<boolean> {
  if (viewerId <= 0) return false;
  const [[account], using] = await Promise.all([
    db
      .select({ id: accounts.id, role: accounts.role })
      .from(accounts)
      .where(eq(accounts.id, viewerId))
      .limit(1),
    submissionsOfFile(db, key),
  ]);
  if (!account || using.length === 0) return false;
  const viewer = (await loadViewer(
    db,
    account,
    using.map((u) => u.course.id),
  ))!;
  for (const { submission, course } of using) {
    const reviewer = account.role === 'user' && (await isAssignedReviewer(db, submission.id, account.id));
    if (maySeeSubmission(viewer, course, submission, reviewer)) return true;
  }
  return false;
}

/**
 * Whether account `viewerId` (named in a signed media URL; 0 for a guest) may still fetch the protected file
 * `key`: its uploader, anyone the course rules let watch a course that uses the file (a free preview lesson's
 * video: anyone, as `mayWatchSeries` says; a published course's trailer: anyone, as `mayWatchTrailer` says), or a
 * member of a cohort whose live class has it as its recording. Checked at every fetch, so a link stops working when
 * its holder loses the course or account, before it expires.
 */
export async function mayFetchMedia(db: Db, key: string, viewerId: number): Promise<boolean> {
  if (key.startsWith('submissions/')) return mayFetchSubmissionFile(db, key, viewerId);
  // The three reads depend only on the URL: one round trip's wait instead of three in a row.
  const [[account], [upload], using] = await Promise.all([
    viewerId > 0
      ? db
          .select({ id: accounts.id, role: accounts.role })
          .from(accounts)
          .where(eq(accounts.id, viewerId))
          .limit(1)
      : Promise.resolve([]),
    viewerId > 0
      ? db.select({ ownerId: media.ownerId }).from(media).where(eq(media.key, key)).limit(1)
      : Promise.resolve([]),
    db
      .selectDistinct({
        id: courses.id,
        tutorId: courses.tutorId,
        status: courses.status,
        deletedAt: courses.deletedAt,
        trailer: courses.videoRef,
        lessonVideo: series.videoRef,
        preview: series.preview,
      })
      .from(courses)
      .leftJoin(sections, eq(sections.courseId, courses.id))
      .leftJoin(series, eq(series.sectionId, sections.id))
      .where(or(eq(courses.videoRef, key), eq(series.videoRef, key), eq(series.resourceRef, key))),
  ]);
  if (viewerId > 0 && !account) return false;
  // Its uploader (and admins) may always fetch a file: the same rule that lets a course use it.
  if (account && (account.role === 'admin' || (upload && mayUseMedia(account, upload)))) return true;
  // A live class's recording is a lesson of its cohort: its members may fetch it.
  const recordingMember = () => account?.role === 'user' && membersRecording(db, key, account.id);
  if (using.length === 0) return (await recordingMember()) || false;
  const viewer = await loadViewer(
    db,
    account ?? null,
    using.map((c) => c.id),
  );
  const byCourse = using.some(
    (c) =>
      (c.trailer === key && mayWatchTrailer(viewer, c)) ||
      (c.lessonVideo === key
        ? mayWatchSeries(viewer, c, { preview: c.preview ?? false })
        : mayWatchCourse(viewer, c)),
  );
  return byCourse || (await recordingMember()) || false;
}
