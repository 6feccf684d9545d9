import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { media, sections, series } from '../../src/db/schema.ts';
import { watchCoverage } from '../../src/db/schema-learning.ts';
import type { TestAccount } from '../factories.ts';
import type { TestCourse } from '../factories-course.ts';
import type { TestApp } from '../harness.ts';

/** Gives every lesson video of the course a known length (the transcode job would probe it). */
export async function setLessonSeconds(t: TestApp, course: TestCourse, seconds: number) {
  await t.ctx.db
    .update(media)
    .set({ durationSeconds: seconds })
    .where(inArray(media.key, course.seriesVideoKeys));
}

/** The course's lesson ids in outline order. */
export async function lessonIds(t: TestApp, courseId: number): Promise<number[]> {
  const rows = await t.ctx.db
    .select({ id: series.id })
    .from(series)
    .innerJoin(sections, eq(sections.id, series.sectionId))
    .where(eq(sections.courseId, courseId))
    .orderBy(sections.position, series.position);
  return rows.map((r) => r.id);
}

/** Marks every lesson of the course watched for the student, as the progress calls would have. */
export async function markAllWatched(t: TestApp, studentId: number, courseId: number) {
  const ids = await lessonIds(t, courseId);
  await t.ctx.db.insert(watchCoverage).values(
    ids.map((seriesId) => ({
      studentId,
      seriesId,
      courseId,
      ranges: [[0, 1800]] as [number, number][],
      lastPosition: 1800,
      watched: true,
    })),
  );
}

/** Lets `seconds` of wall-clock time pass for the student's watching of a lesson (its last report moves back). */
export async function elapse(t: TestApp, studentId: number, seriesId: number, seconds: number) {
  await t.ctx.db
    .update(watchCoverage)
    .set({ reportedAt: sql`${watchCoverage.reportedAt} - make_interval(secs => ${seconds})` })
    .where(and(eq(watchCoverage.studentId, studentId), eq(watchCoverage.seriesId, seriesId)));
}

/** One progress report of the student, answered 200. */
export async function report(
  t: TestApp,
  student: TestAccount,
  courseId: number,
  seriesId: number,
  positionSeconds: number,
  completed?: boolean,
) {
  const res = await t.op('progressUpdate', {
    token: student.token,
    body: { courseId, seriesId, positionSeconds, ...(completed === undefined ? {} : { completed }) },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.progress;
}

/** Watches a lesson of `seconds` as the player does at normal speed: start, a report per `step`, the end. */
export async function watchLesson(
  t: TestApp,
  student: TestAccount,
  courseId: number,
  seriesId: number,
  seconds: number,
  step = 15,
) {
  await report(t, student, courseId, seriesId, 0);
  for (let at = step; at < seconds; at += step) {
    await elapse(t, student.id, seriesId, step);
    await report(t, student, courseId, seriesId, at);
  }
  await elapse(t, student.id, seriesId, step);
  return report(t, student, courseId, seriesId, seconds, true);
}
