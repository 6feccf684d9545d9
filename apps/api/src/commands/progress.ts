import { and, eq, sql } from 'drizzle-orm';
import { COMPLETE_AT, type TCourseProgress, type TProgressUpdateRequest } from '@app/contract/courses';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { progress } from '../db/schema.ts';
import { watchCoverage } from '../db/schema-learning.ts';
import { notFound } from '../errors.ts';
import { isWatched, reportPosition, type CoverageState } from '../lib/watch-coverage.ts';
import { checkOwnerStudent, courseProgress, lessonInCourse } from '../queries/progress.ts';
import { settleCompletion } from './completion.ts';

/**
 * Records where a student is in a lesson. Only a student who owns the course may (403); an unknown course or a
 * series outside it is 404. Two records come of it:
 * - `progress`, for resume and the percentage: the furthest position reported (a late, older report never moves
 *   it back) and the player's `completed` flag (set at ≥ 90 % of the position or when the player says it ended,
 *   and kept when the student watches again);
 * - `watch_coverage`, what completion and certificates count: the seconds credited at no more than twice real
 *   time (lib/watch-coverage.ts), the lesson *watched* once they cover 90 % of its known duration.
 * A report that makes a lesson watched settles the course's completion (the certificate, once).
 * `now` (epoch ms) is the clock the reports are timed with.
 */
export async function recordProgress(
  ctx: Pick<AppContext, 'db' | 'config'>,
  studentId: number,
  input: TProgressUpdateRequest,
  now: number = Date.now(),
): Promise<TCourseProgress> {
  const { db } = ctx;
  await checkOwnerStudent(db, studentId, input.courseId);
  const lesson = await lessonInCourse(db, input.seriesId, input.courseId);
  if (!lesson) notFound('This lesson is not part of the course.');

  const duration = lesson!.duration;
  const position = duration ? Math.min(input.positionSeconds, duration) : input.positionSeconds;
  const completed = input.completed === true || (!!duration && position >= duration * COMPLETE_AT);
  const key = { studentId, seriesId: input.seriesId, courseId: input.courseId };
  const newlyWatched = await db.transaction(async (tx) => {
    await tx
      .insert(progress)
      .values({ ...key, positionSeconds: position, completed })
      .onConflictDoUpdate({
        target: [progress.studentId, progress.seriesId],
        set: {
          positionSeconds: sql`greatest(${progress.positionSeconds}, ${position})`,
          completed: sql`${progress.completed} or ${completed}`,
          updatedAt: sql`now()`,
        },
      });
    return creditCoverage(tx, key, position, now, duration);
  });
  if (newlyWatched) await settleCompletion(ctx, studentId, input.courseId);
  return (await courseProgress(db, studentId, [input.courseId])).get(input.courseId)!;
}

/**
 * Applies one report to the lesson's coverage under the row's lock (concurrent reports of one lesson queue), and
 * says whether it made the lesson watched. A lesson stays watched once it was.
 */
async function creditCoverage(
  tx: Tx,
  key: { studentId: number; seriesId: number; courseId: number },
  position: number,
  now: number,
  duration: number | null,
): Promise<boolean> {
  const first = reportPosition(null, position, now, duration);
  const [inserted] = await tx
    .insert(watchCoverage)
    .values({
      ...key,
      ranges: first.ranges,
      lastPosition: first.lastPosition,
      reportedAt: new Date(first.anchor),
      watched: isWatched(first.ranges, duration, COMPLETE_AT),
    })
    .onConflictDoNothing()
    .returning({ watched: watchCoverage.watched });
  if (inserted) return inserted.watched;

  const where = and(eq(watchCoverage.studentId, key.studentId), eq(watchCoverage.seriesId, key.seriesId));
  const [row] = await tx.select().from(watchCoverage).where(where).for('update');
  const prev: CoverageState = {
    ranges: row!.ranges,
    lastPosition: row!.lastPosition,
    anchor: row!.reportedAt.getTime(),
  };
  const next = reportPosition(prev, position, now, duration);
  const watched = row!.watched || isWatched(next.ranges, duration, COMPLETE_AT);
  await tx
    .update(watchCoverage)
    .set({
      ranges: next.ranges,
      lastPosition: next.lastPosition,
      reportedAt: new Date(next.anchor),
      watched,
    })
    .where(where);
  return watched && !row!.watched;
}
