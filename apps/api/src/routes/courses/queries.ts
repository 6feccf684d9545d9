import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TCourseStatus, TSearchHit } from '@app/contract/courses';
import type { Db } from '../../db/client.ts';
import { accounts, courseCategories, courses } from '../../db/schema.ts';
import { courseRowsQuery, type CourseRow } from '../../presenters/course.ts';

export type Page = { pageSize: number; pageNo: number };

const live = isNull(courses.deletedAt);
const newestFirst = [desc(courses.createdAt), desc(courses.id)];

async function pageOf(
  db: Db,
  where: SQL | undefined,
  page: Page,
): Promise<{ rows: CourseRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    courseRowsQuery(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The public catalogue: Approved courses, newest first, optionally of one category (by code). */
export async function publicCourses(db: Db, page: Page & { category?: string }) {
  let categoryId: number | undefined;
  if (page.category) {
    const [c] = await db
      .select({ id: courseCategories.id })
      .from(courseCategories)
      .where(eq(courseCategories.code, page.category))
      .limit(1);
    if (!c) return { rows: [], total: 0 };
    categoryId = c.id;
  }
  const where = and(
    eq(courses.status, 'Approved'),
    live,
    categoryId ? eq(courses.categoryId, categoryId) : undefined,
  );
  return pageOf(db, where, page);
}

/** A tutor's own courses (every status), newest first. */
export const tutorCourses = (db: Db, tutorId: number, page: Page) =>
  pageOf(db, and(eq(courses.tutorId, tutorId), live), page);

/** Every course for the admin, optionally of one status. */
export const allCourses = (db: Db, page: Page & { status?: TCourseStatus }) =>
  pageOf(db, and(live, page.status ? eq(courses.status, page.status) : undefined), page);

/** One course row by id, deleted ones included (the caller decides who may see it). */
export async function courseRow(db: Db, id: number): Promise<CourseRow | undefined> {
  const [row] = await courseRowsQuery(db).where(eq(courses.id, id)).limit(1);
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Course search on title and author. Matches a substring (trigram-indexed LIKE) or a similar word
 * (pg_trgm word similarity, so a typo still finds the course); exact titles rank first, then title
 * prefixes, then word prefixes, then the closest words.
 */
export async function searchCourses(
  db: Db,
  search: string,
  opts: Page & { everyStatus: boolean },
): Promise<{ hits: TSearchHit[]; total: number }> {
  const term = search.trim().toLowerCase().replace(/\s+/g, ' ');
  const like = `%${escapeLike(term)}%`;
  const prefix = `${escapeLike(term)}%`;
  const where = and(
    live,
    opts.everyStatus ? undefined : eq(courses.status, 'Approved'),
    sql`(${courses.searchText} like ${like} or ${term} <% ${courses.searchText})`,
  );
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      author: accounts.fullName,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(courses)
    .innerJoin(accounts, eq(accounts.id, courses.tutorId))
    .where(where)
    .orderBy(
      sql`case when lower(${courses.title}) = ${term} then 0
               when lower(${courses.title}) like ${prefix} then 1
               when ${courses.searchText} like ${`% ${prefix}`} then 2
               else 3 end`,
      sql`word_similarity(${term}, ${courses.searchText}) desc`,
      desc(courses.id),
    )
    .limit(opts.pageSize)
    .offset(opts.pageNo * opts.pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && opts.pageNo > 0) {
    const [c] = await db.select({ n: count() }).from(courses).where(where);
    total = c?.n ?? 0;
  }
  return { hits: rows.map(({ id, title, author }) => ({ id, title, author })), total };
}
