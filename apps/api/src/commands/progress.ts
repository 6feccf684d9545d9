import { sql } from 'drizzle-orm';
import { COMPLETE_AT, type TCourseProgress, type TProgressUpdateRequest } from '@app/contract/courses';
import type { Db } from '../db/client.ts';
import { progress } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { checkOwnerStudent, courseProgress, lessonInCourse } from '../queries/progress.ts';

/**
 * Records where a student is in a lesson. Only a student who owns the course may (403); an unknown course or a
 * series outside it is 404. A lesson becomes complete at ≥ 90 % of its length or when the player says it
 * ended, and stays complete when the student watches it again.
 */
export async function recordProgress(
  db: Db,
  studentId: number,
  input: TProgressUpdateRequest,
): Promise<TCourseProgress> {
  await checkOwnerStudent(db, studentId, input.courseId);
  const lesson = await lessonInCourse(db, input.seriesId, input.courseId);
  if (!lesson) notFound('This lesson is not part of the course.');

  const duration = lesson!.duration;
  const position = duration ? Math.min(input.positionSeconds, duration) : input.positionSeconds;
  const completed = input.completed === true || (!!duration && position >= duration * COMPLETE_AT);
  await db
    .insert(progress)
    .values({
      studentId,
      seriesId: input.seriesId,
      courseId: input.courseId,
      positionSeconds: position,
      completed,
    })
    .onConflictDoUpdate({
      target: [progress.studentId, progress.seriesId],
      set: {
        positionSeconds: position,
        completed: sql`${progress.completed} or ${completed}`,
        updatedAt: sql`now()`,
      },
    });
  return (await courseProgress(db, studentId, [input.courseId])).get(input.courseId)!;
}
