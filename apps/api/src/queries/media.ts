import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courses, media, sections, series } from '../db/schema.ts';

/** The stored upload of `key`, or undefined. */
export async function mediaByKey(db: Db, key: string) {
  const [row] = await db.select().from(media).where(eq(media.key, key));
  return row;
}

/** The courses with a lesson or a trailer whose video is `key` (their answers show its state). */
export async function courseIdsUsingVideo(db: Db, key: string): Promise<number[]> {
  const [rows, trailers] = await Promise.all([
    db
      .selectDistinct({ courseId: sections.courseId })
      .from(series)
      .innerJoin(sections, eq(sections.id, series.sectionId))
      .where(eq(series.videoRef, key)),
    db.select({ courseId: courses.id }).from(courses).where(eq(courses.videoRef, key)),
  ]);
  return [...new Set([...rows, ...trailers].map((r) => r.courseId))];
}

/** Which of `keys` some row refers to: a `media` row, a course image or trailer, a lesson video or resource. */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
      select ${media.key} as key from ${media} where ${media.key} in (${list})
      union select ${courses.imageRef} from ${courses} where ${courses.imageRef} in (${list})
      union select ${courses.videoRef} from ${courses} where ${courses.videoRef} in (${list})
      union select ${series.videoRef} from ${series} where ${series.videoRef} in (${list})
      union select ${series.resourceRef} from ${series} where ${series.resourceRef} in (${list})`)) as unknown as {
    rows: { key: string }[];
  };
  return new Set(result.rows.map((r) => r.key));
}
