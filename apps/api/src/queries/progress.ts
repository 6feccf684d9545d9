import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type TCourseProgress, NO_COURSE_MESSAGE } from '@app/contract/courses';
import type { Db } from '../db/client.ts';
import { courses, media, progress, sections, series } from '../db/schema.ts';
import { enrolments } from '../db/schema-money.ts';
import { forbidden, notFound } from '../errors.ts';
import { completionFacts, validCertificateCodes } from './certificates.ts';

/**
 * The one rule of both progress calls: an unknown course is 404, and only a student who bought it (an enrolment)
 * may record or read progress in it (403).
 */
export async function checkOwnerStudent(db: Db, studentId: number, courseId: number): Promise<void> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) notFound(NO_COURSE_MESSAGE);
  const [owned] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, courseId)));
  if (!owned) forbidden('Only a student who bought this course can see or record progress in it.');
}

/** A lesson of a course with its video's length (null while unknown); undefined when it is not in that course. */
export async function lessonInCourse(db: Db, seriesId: number, courseId: number) {
  const [lesson] = await db
    .select({ id: series.id, duration: media.durationSeconds })
    .from(series)
    .innerJoin(sections, eq(sections.id, series.sectionId))
    .leftJoin(media, eq(media.key, series.videoRef))
    .where(and(eq(series.id, seriesId), eq(sections.courseId, courseId)));
  return lesson;
}

/** A student's progress in a course they own (403 otherwise, 404 for an unknown course). */
export async function ownCourseProgress(db: Db, studentId: number, courseId: number) {
  await checkOwnerStudent(db, studentId, courseId);
  return (await courseProgress(db, studentId, [courseId])).get(courseId)!;
}

/**
 * A student's progress in each of `courseIds`: percent of lessons complete (the player's flags) and the last
 * lesson watched, for resume; and what completion counts: the lessons the server saw watched, the quizzes passed,
 * whether the course is complete and the valid certificate's code.
 */
export async function courseProgress(
  db: Db,
  studentId: number,
  courseIds: number[],
): Promise<Map<number, TCourseProgress>> {
  const result = new Map<number, TCourseProgress>();
  if (courseIds.length === 0) return result;
  const [totals, rows, facts, codes] = await Promise.all([
    db
      .select({ courseId: sections.courseId, n: sql<number>`count(${series.id})::int` })
      .from(sections)
      .innerJoin(series, eq(series.sectionId, sections.id))
      .where(inArray(sections.courseId, courseIds))
      .groupBy(sections.courseId),
    db
      .select({
        courseId: progress.courseId,
        seriesId: progress.seriesId,
        position: progress.positionSeconds,
        completed: progress.completed,
      })
      .from(progress)
      .where(and(eq(progress.studentId, studentId), inArray(progress.courseId, courseIds)))
      .orderBy(desc(progress.updatedAt), asc(progress.seriesId)),
    completionFacts(db, studentId, courseIds),
    validCertificateCodes(db, studentId, courseIds),
  ]);
  const totalOf = new Map(totals.map((t) => [t.courseId, t.n]));
  for (const id of courseIds) {
    const mine = rows.filter((r) => r.courseId === id);
    const done = mine.filter((r) => r.completed).map((r) => r.seriesId);
    const total = totalOf.get(id) ?? 0;
    result.set(id, {
      courseId: id,
      percent: total ? Math.floor((done.length * 100) / total) : 0,
      completedSeriesIds: done.sort((a, b) => a - b),
      lastSeriesId: mine[0]?.seriesId ?? null,
      lastPositionSeconds: mine[0] ? Math.round(mine[0].position * 10) / 10 : null,
      watchedSeriesIds: facts.get(id)?.watchedSeriesIds ?? [],
      passedQuizIds: facts.get(id)?.passedQuizIds ?? [],
      passedAssignmentIds: facts.get(id)?.passedAssignmentIds ?? [],
      complete: facts.get(id)?.complete ?? false,
      certificateCode: codes.get(id) ?? null,
    });
  }
  return result;
}
