import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { courses, media, sections, series } from '../db/schema.ts';
import { quizQuestions, quizzes } from '../db/schema-learning.ts';
import { enrolments } from '../db/schema-money.ts';
import type { OutlineRow } from '../presenters/course.ts';
import type { OutlineQuiz } from '../presenters/quizzes.ts';

/**
 * Each course's enrolment count, read beside its outline (unless `withOutline` is false): one statement,
 * one row per lesson (or per course without sections), for the courses whose ids are the `ids` placeholder. Each
 * row carries its section's quizzes (title, pass mark, question count) as JSON.
 */
export function outlineQuery(db: Db, withOutline: boolean) {
  const counted = db
    .select({
      n: sql<number>`count(*)::int`.as('n'),
    })
    .from(enrolments)
    .where(eq(enrolments.courseId, courses.id))
    .as('counted');
  return db
    .select({
      courseId: courses.id,
      n: counted.n,
      sectionId: sections.id,
      sectionTitle: sections.title,
      seriesId: series.id,
      title: series.title,
      videoRef: series.videoRef,
      resourceRef: series.resourceRef,
      videoFile: series.videoFile,
      preview: series.preview,
      videoStatus: media.videoStatus,
      videoError: media.videoError,
      hlsPrefix: media.hlsPrefix,
      durationSeconds: media.durationSeconds,
      posterRef: media.posterRef,
      renditions: media.renditions,
      quizzes: sql<OutlineQuiz[] | null>`(
        select jsonb_agg(jsonb_build_object('id', ${quizzes.id}, 'title', ${quizzes.title},
          'passPercent', ${quizzes.passPercent},
          'questionCount', (select count(*) from ${quizQuestions} where ${quizQuestions.quizId} = ${quizzes.id}))
          order by ${quizzes.position}, ${quizzes.id})
        from ${quizzes} where ${quizzes.sectionId} = ${sections.id})`,
    })
    .from(courses)
    .leftJoinLateral(counted, sql`true`)
    .leftJoin(sections, withOutline ? eq(sections.courseId, courses.id) : sql`false`)
    .leftJoin(series, eq(series.sectionId, sections.id))
    .leftJoin(media, eq(media.key, series.videoRef))
    .where(sql`${courses.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(courses.id), asc(sections.position), asc(sections.id), asc(series.position), asc(series.id))
    .prepare(withOutline ? 'course_outline' : 'course_counts');
}

/**
 * The outline rows (with each course's counts) of the courses `ids`, through the statement prepared once per
 * database handle; only the counts when `withOutline` is false.
 */
export function courseOutlines(db: Db, ids: number[], withOutline: boolean): Promise<OutlineRow[]> {
  const name = withOutline ? 'course_outline' : 'course_counts';
  return prepared(db, name, () => outlineQuery(db, withOutline)).execute({ ids });
}

/** The ids of a course's sections and of their lessons (what an edit may keep). */
export async function outlineIds(
  tx: Tx,
  courseId: number,
): Promise<{ sectionIds: number[]; seriesIds: number[] }> {
  const rows = await tx
    .select({ sectionId: sections.id, seriesId: series.id })
    .from(sections)
    .leftJoin(series, eq(series.sectionId, sections.id))
    .where(eq(sections.courseId, courseId));
  return {
    sectionIds: [...new Set(rows.map((r) => r.sectionId))],
    seriesIds: rows.flatMap((r) => (r.seriesId === null ? [] : [r.seriesId])),
  };
}
