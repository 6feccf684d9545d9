import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TCourseStatus, TSearchHit } from '@app/contract/courses';
import type { Db } from '../../db/client.ts';
import { accounts, courseCategories, courseCounts, courses } from '../../db/schema.ts';
import { courseRowsQuery, type CourseRow } from '../../presenters/course.ts';

export type Page = { pageSize: number; pageNo: number };

const live = isNull(courses.deletedAt);
const newestFirst = [desc(courses.createdAt), desc(courses.id)];

/** Live course total from the trigger-kept course_counts (a few rows) instead of counting courses. */
async function countedTotal(db: Db, status?: TCourseStatus, categoryId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${courseCounts.n}), 0)::int` })
    .from(courseCounts)
    .where(
      and(
        status ? eq(courseCounts.status, status) : undefined,
        categoryId ? eq(courseCounts.categoryId, categoryId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

async function pageOf(
  db: Db,
  where: SQL | undefined,
  page: Page,
  total?: Promise<number>,
): Promise<{ rows: CourseRow[]; total: number }> {
  const [rows, n] = await Promise.all([
    courseRowsQuery(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    total ??
      db
        .select({ n: count() })
        .from(courses)
        .where(where)
        .then(([r]) => r?.n ?? 0),
  ]);
  return { rows, total: n };
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
  return pageOf(db, where, page, countedTotal(db, 'Approved', categoryId));
}

/** A tutor's own courses (every status), newest first. */
export const tutorCourses = (db: Db, tutorId: number, page: Page) =>
  pageOf(db, and(eq(courses.tutorId, tutorId), live), page);

/** Every course for the admin, optionally of one status. */
export const allCourses = (db: Db, page: Page & { status?: TCourseStatus }) =>
  pageOf(
    db,
    and(live, page.status ? eq(courses.status, page.status) : undefined),
    page,
    countedTotal(db, page.status),
  );

/** One course row by id, deleted ones included (the caller decides who may see it). */
export async function courseRow(db: Db, id: number): Promise<CourseRow | undefined> {
  const [row] = await courseRowsQuery(db).where(eq(courses.id, id)).limit(1);
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Course search on title and author. First a substring match (LIKE on the trigram-indexed search_text);
 * only when nothing contains the words does it fall back to pg_trgm word similarity, so a typo still finds
 * the course without the fuzzy match slowing every search. Exact titles rank first, then title prefixes,
 * then word prefixes, then the closest words.
 */
export async function searchCourses(
  db: Db,
  search: string,
  opts: Page & { everyStatus: boolean },
): Promise<{ hits: TSearchHit[]; total: number }> {
  const term = search.trim().toLowerCase().replace(/\s+/g, ' ');
  const visible = and(live, opts.everyStatus ? undefined : eq(courses.status, 'Approved'));
  const contains = sql`${courses.searchText} like ${`%${escapeLike(term)}%`}`;
  const similar = sql`${term} <% ${courses.searchText}`;
  const prefix = `${escapeLike(term)}%`;
  // Closeness is only computed for fuzzy matches: for thousands of substring hits it would dominate the time.
  const run = (match: SQL, fuzzy: boolean) =>
    db
      .select({
        id: courses.id,
        title: courses.title,
        author: accounts.fullName,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(courses)
      .innerJoin(accounts, eq(accounts.id, courses.tutorId))
      .where(and(visible, match))
      .orderBy(
        sql`case when lower(${courses.title}) = ${term} then 0
                 when lower(${courses.title}) like ${prefix} then 1
                 when ${courses.searchText} like ${`% ${prefix}`} then 2
                 else 3 end`,
        fuzzy ? sql`word_similarity(${term}, ${courses.searchText}) desc` : sql`length(${courses.title})`,
        desc(courses.id),
      )
      .limit(opts.pageSize)
      .offset(opts.pageNo * opts.pageSize);
  const countOf = async (match: SQL) =>
    (await db.select({ n: count() }).from(courses).where(and(visible, match)))[0]?.n ?? 0;

  let rows = await run(contains, false);
  let total = rows[0]?.total ?? (opts.pageNo > 0 ? await countOf(contains) : 0);
  if (total === 0) {
    rows = await run(similar, true);
    total = rows[0]?.total ?? (opts.pageNo > 0 ? await countOf(similar) : 0);
  }
  return { hits: rows.map(({ id, title, author }) => ({ id, title, author })), total };
}
