import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TCourseInput } from '@app/contract/courses';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { courses, courseStatusHistory, sections, series } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { mayStartFromSql } from '../policies/course.ts';
import { outlineIds } from '../queries/course-outline.ts';
import { lockCourse } from '../queries/courses.ts';
import { prepareCourse, type Author, type PreparedCourse } from './create-course.ts';

/**
 * Writes an edited outline over the stored one, keeping the sections and lessons whose ids the input names (once
 * each, when they are this course's): their quizzes, and the progress on their lessons, stay attached. Sections
 * and lessons the input leaves out are deleted (a removed section takes its quizzes with it); the others are new.
 */
async function rewriteOutline(tx: Tx, courseId: number, outline: PreparedCourse['outline']): Promise<void> {
  const stored = await outlineIds(tx, courseId);
  const keep = (known: number[]) => {
    const left = new Set(known);
    return (id: number | undefined) => (id !== undefined && left.delete(id) ? id : undefined);
  };
  const keepSection = keep(stored.sectionIds);
  const keepSeries = keep(stored.seriesIds);
  const plan = outline.map((s) => ({
    ...s,
    id: keepSection(s.id),
    series: s.series.map((x) => ({ ...x, id: keepSeries(x.id) })),
  }));
  const keptSeries = plan.flatMap((s) => s.series.flatMap((x) => (x.id === undefined ? [] : [x.id])));
  if (stored.seriesIds.length)
    await tx
      .delete(series)
      .where(
        and(
          inArray(series.id, stored.seriesIds),
          keptSeries.length ? notInArray(series.id, keptSeries) : undefined,
        ),
      );
  const finalSections: number[] = [];
  for (const [i, s] of plan.entries()) {
    let sectionId = s.id;
    if (sectionId === undefined) {
      const [row] = await tx
        .insert(sections)
        .values({ courseId, position: i + 1, title: s.title })
        .returning({ id: sections.id });
      sectionId = row!.id;
    } else
      await tx
        .update(sections)
        .set({ position: i + 1, title: s.title })
        .where(eq(sections.id, sectionId));
    const fresh = [];
    for (const [j, { id, ...x }] of s.series.entries()) {
      const values = { ...x, sectionId, position: j + 1 };
      if (id === undefined) fresh.push(values);
      else await tx.update(series).set(values).where(eq(series.id, id));
    }
    if (fresh.length) await tx.insert(series).values(fresh);
    finalSections.push(sectionId);
  }
  // Last, so a kept lesson moved out of a removed section is not deleted with it.
  await tx
    .delete(sections)
    .where(and(eq(sections.courseId, courseId), notInArray(sections.id, finalSections)));
}

/**
 * Replaces a course's fields and outline (keeping the sections and lessons the input names by id, with their
 * quizzes) and puts it back to Pending for review, in one transaction.
 */
export async function updateCourse(
  ctx: Pick<AppContext, 'db' | 'storage' | 'cache'>,
  author: Author,
  courseId: number,
  input: TCourseInput,
): Promise<void> {
  const prepared = await prepareCourse(ctx, author, input);
  await ctx.db.transaction(async (tx) => {
    const before = await lockCourse(tx, courseId);
    // The status is checked again here so an approval racing with the edit cannot be overwritten.
    const changed = await tx
      .update(courses)
      .set({ ...prepared.values, status: 'Pending', updatedAt: sql`now()` })
      .where(and(eq(courses.id, courseId), mayStartFromSql('edit')))
      .returning({ id: courses.id });
    if (changed.length === 0)
      badRequest('This course can no longer be edited; it was approved or deleted meanwhile.');
    // A rejected course that the tutor fixed goes back to review: the history shows the resubmission.
    if (before?.status === 'Rejected')
      await tx
        .insert(courseStatusHistory)
        .values({ courseId, status: 'Pending', reason: 'Resubmitted by the tutor' });
    await rewriteOutline(tx, courseId, prepared.outline);
  });
  // Only Pending or Rejected courses are edited, and those are in no public list or search.
  await ctx.cache.invalidateCourse(courseId);
}
