import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, courses, media, sections, series } from '../db/schema.ts';
import { mayWatchCourse, mayWatchSeries } from '../policies/course.ts';
import { loadViewer } from '../presenters/course.ts';

/**
 * Whether account `viewerId` (named in a signed media URL; 0 for a guest) may still fetch the protected file
 * `key`: its uploader, or anyone the course rules let watch a course that uses the file (a free preview lesson's
 * video: anyone, as `mayWatchSeries` says). Checked at every fetch, so a link stops working when its holder
 * loses the course or account, before it expires.
 */
export async function mayFetchMedia(db: Db, key: string, viewerId: number): Promise<boolean> {
  const [account] =
    viewerId > 0
      ? await db
          .select({ id: accounts.id, role: accounts.role })
          .from(accounts)
          .where(eq(accounts.id, viewerId))
          .limit(1)
      : [];
  if (viewerId > 0 && !account) return false;
  if (account) {
    const [upload] = await db
      .select({ ownerId: media.ownerId })
      .from(media)
      .where(eq(media.key, key))
      .limit(1);
    if (account.role === 'admin' || upload?.ownerId === account.id) return true;
  }
  const using = await db
    .selectDistinct({
      id: courses.id,
      tutorId: courses.tutorId,
      status: courses.status,
      deletedAt: courses.deletedAt,
      lessonVideo: series.videoRef,
      preview: series.preview,
    })
    .from(courses)
    .leftJoin(sections, eq(sections.courseId, courses.id))
    .leftJoin(series, eq(series.sectionId, sections.id))
    .where(or(eq(courses.videoRef, key), eq(series.videoRef, key), eq(series.resourceRef, key)));
  if (using.length === 0) return false;
  const viewer = await loadViewer(
    db,
    account ?? null,
    using.map((c) => c.id),
  );
  return using.some((c) =>
    c.lessonVideo === key
      ? mayWatchSeries(viewer, c, { preview: c.preview ?? false })
      : mayWatchCourse(viewer, c),
  );
}
