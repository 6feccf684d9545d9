import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TCourseStatus, TStatusCounts } from '@app/contract/courses';
import { tag, type CatalogueCache } from '../cache/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { courseCategories, courseCounts, courses } from '../db/schema.ts';
import { isPublished, PUBLISHED_STATUS, publishedSql } from '../policies/course.ts';
import type { CourseRow } from '../presenters/course.ts';
import { cardRowsByIds } from './card-rows.ts';
import { cardRowsQuery, courseRowsQuery, courseRowsWithTotalQuery, type CardRow } from './course-rows.ts';
import { saleKoboSql } from './sales.ts';

export type Page = { pageSize: number; pageNo: number };

const live = isNull(courses.deletedAt);
const newestFirst = [desc(courses.createdAt), desc(courses.id)];

/**
 * Live course total from the trigger-kept course_counts (a few rows) instead of counting courses, as a scalar
 * subquery. `categoryId` may be a subquery (a category looked up by code in the same statement).
 */
function countedTotal(db: Db, status?: TCourseStatus, categoryId?: number | SQL): SQL<number> {
  const n = db
    .select({ n: sql<number>`coalesce(sum(${courseCounts.n}), 0)::int` })
    .from(courseCounts)
    .where(
      and(
        status ? eq(courseCounts.status, status) : undefined,
        categoryId !== undefined ? eq(courseCounts.categoryId, categoryId) : undefined,
      ),
    );
  return sql<number>`${n}`;
}

/** How a page's rows are read: course rows (courseRowsWithTotalQuery) or course rows with their cards (cardRowsQuery). */
type RowsQuery = typeof courseRowsWithTotalQuery;

/** A page of course rows with their total: the page's ids from the index alone (a deferred join). */
function pageQuery(
  db: Db,
  where: SQL | undefined,
  total: SQL<number>,
  limit: Limit,
  offset: Limit,
  rowsQuery: RowsQuery,
) {
  const pageIds = db
    .select({ id: courses.id })
    .from(courses)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return rowsQuery(db, total)
    .where(inArray(courses.id, pageIds))
    .orderBy(...newestFirst);
}
type Limit = number | ReturnType<typeof sql.placeholder>;

/**
 * A page of course rows, newest first, and their total (a scalar subquery, `total` by default counts `where`) in one
 * statement. Only a page past the end, which has no row to carry the total, costs a second one. With `preparedAs`
 * (a name and the values of the placeholders in `where` and `total`) the statement is prepared once and reused.
 */
async function pageOf(
  db: Db,
  where: SQL | undefined,
  page: Page,
  total: SQL<number> = sql<number>`${db.select({ n: count() }).from(courses).where(where)}`,
  preparedAs?: { name: string; values: Record<string, unknown> },
  rowsQuery: RowsQuery = courseRowsWithTotalQuery,
): Promise<{ rows: CourseRow[]; total: number }> {
  const limit = page.pageSize;
  const offset = page.pageNo * page.pageSize;
  const withTotal = preparedAs
    ? await prepared(db, preparedAs.name, () =>
        pageQuery(db, where, total, sql.placeholder('limit'), sql.placeholder('offset'), rowsQuery).prepare(
          preparedAs.name,
        ),
      ).execute({ ...preparedAs.values, limit, offset })
    : await pageQuery(db, where, total, limit, offset, rowsQuery);
  // The rows keep their `total` column: copying each without it (object rest) was ~5 % of a list miss's CPU.
  const rows: CourseRow[] = withTotal;
  if (withTotal[0]) return { rows, total: withTotal[0].total };
  // No row: nothing matches at all on the first page; past the end, the total is asked for alone.
  if (page.pageNo === 0) return { rows, total: 0 };
  // Selected from a one-row table so that it can be prepared like the page (its placeholders, if any).
  const alone = db
    .select({ n: sql<number>`${total}`.mapWith(Number) })
    .from(sql`(select 1) as one`)
    .$dynamic();
  const totalName = `${preparedAs?.name}_total`;
  const [beyond] = preparedAs
    ? await prepared(db, totalName, () => alone.prepare(totalName)).execute(preparedAs.values)
    : await alone;
  return { rows, total: beyond?.n ?? 0 };
}

/** The id of the category whose code is the `category` placeholder, as a scalar subquery. */
const categoryByCode = sql`(select ${courseCategories.id} from ${courseCategories} where ${courseCategories.code} = ${sql.placeholder('category')})`;
/** Published courses, of every category or of the one whose code is the `category` placeholder (built once). */
const publishedWhere = {
  all: publishedSql,
  inCategory: and(publishedSql, eq(courses.categoryId, categoryByCode)),
};

/**
 * Pages starting this deep read their ids from the listing's id list, loaded if need be, instead of an OFFSET scan.
 * A shallower page uses the list when it is already loaded, and an OFFSET scan otherwise: the front pages do not
 * wait for the whole list after each change to the listing.
 */
export const DEEP_OFFSET = 1000;

/** Where a listing's ordered id list is kept (the answer cache: `CatalogueCache.ids`, `cachedIds`). */
export type IdLists = Pick<CatalogueCache, 'ids' | 'cachedIds'>;

/**
 * The public catalogue: Approved courses, newest first, optionally of one category (by code). The category is
 * looked up inside the page and total statement, so a miss costs two round trips: page with total, then the
 * presenter's outline with counts.
 *
 * A deep page (from `DEEP_OFFSET`) with `idLists` is a slice of the listing's id list, kept in the answer cache and
 * invalidated with the listing: 10 primary-key reads instead of skipping tens of thousands of index entries. The
 * list's length is the total. Its first load is one more statement (all ids of the listing, in order). A shallower
 * page is a slice too while the list is loaded: an OFFSET within a category scans the newest courses of every
 * category up to the offset, and PostgreSQL plans that statement again for each offset.
 */
export function publicCourses(
  db: Db,
  page: Page & { category?: string; language?: string },
  idLists?: IdLists,
  deepOffset = DEEP_OFFSET,
): Promise<{ rows: CourseRow[]; total: number }> {
  return publicPage(db, page, idLists, deepOffset, 'rows');
}

/**
 * publicCourses with each course's card (queries/course-cards.ts) and student count: a guest's page whose cards are
 * all built is one statement.
 */
export async function publicCourseCards(
  db: Db,
  page: Page & { category?: string; language?: string },
  idLists?: IdLists,
  deepOffset = DEEP_OFFSET,
): Promise<{ rows: CardRow[]; total: number }> {
  // The card statements select cardRowsQuery's columns (see publicPage).
  return (await publicPage(db, page, idLists, deepOffset, 'cards')) as { rows: CardRow[]; total: number };
}

async function publicPage(
  db: Db,
  page: Page & { category?: string; language?: string },
  idLists: IdLists | undefined,
  deepOffset: number,
  shape: 'rows' | 'cards',
): Promise<{ rows: CourseRow[]; total: number }> {
  const inCategory = page.category !== undefined;
  const where = inCategory ? publishedWhere.inCategory : publishedWhere.all;
  const values = { category: page.category };
  const skip = page.pageNo * page.pageSize;
  const cards = shape === 'cards';
  // cardRowsQuery selects every column of courseRowsWithTotalQuery and more: the statements differ by name only.
  const rowsQuery: RowsQuery = cards ? (cardRowsQuery as unknown as RowsQuery) : courseRowsWithTotalQuery;
  const named = (name: string) => (cards ? `${name}_cards` : name);
  if (page.language !== undefined) {
    // The courses taught in one language: an OFFSET page counted by its own filter (no kept id list; a
    // language's listing is a small part of the catalogue).
    const name = named(inCategory ? 'language_page_category' : 'language_page');
    const inLanguage = and(where, eq(courses.language, sql.placeholder('language')));
    return pageOf(
      db,
      inLanguage,
      page,
      undefined,
      { name, values: { ...values, language: page.language } },
      rowsQuery,
    );
  }
  const key = `ids|${page.category ?? ''}`;
  const loaded = idLists?.cachedIds(key);
  if (!idLists || (skip < deepOffset && !loaded)) {
    const name = named(inCategory ? 'public_page_category' : 'public_page');
    const total = countedTotal(db, PUBLISHED_STATUS, inCategory ? categoryByCode : undefined);
    return pageOf(db, where, page, total, { name, values }, rowsQuery);
  }
  const ids =
    loaded ??
    (await idLists.ids(
      key,
      page.category ? [tag.list(page.category), tag.taxonomy] : [tag.list()],
      async () => {
        const name = inCategory ? 'listing_ids_category' : 'listing_ids';
        const [row] = await prepared(db, name, () =>
          db
            .select({
              ids: sql<
                number[] | null
              >`array_agg(${courses.id} order by ${courses.createdAt} desc, ${courses.id} desc)`,
            })
            .from(courses)
            .where(where)
            .prepare(name),
        ).execute(values);
        return row?.ids ?? [];
      },
    ));
  const slice = Array.from(ids.subarray(skip, skip + page.pageSize));
  if (slice.length === 0) return { rows: [], total: ids.length };
  // The status check stays: another instance's invalidation may be a few milliseconds away.
  if (cards) {
    // Read with the other requests of this turn (card-rows.ts), checked here as the statement below checks them.
    const listed = (await cardRowsByIds(db, slice)).filter(
      (r) => isPublished(r) && (!inCategory || r.listedIn === page.category),
    );
    return { rows: listed as unknown as CourseRow[], total: ids.length };
  }
  const name = named(inCategory ? 'deep_page_category' : 'deep_page');
  // Each row carries the page's total, as an OFFSET page's rows do.
  const rows = await prepared(db, name, () =>
    rowsQuery(db, sql<number>`${sql.placeholder('total')}::int`)
      .where(and(sql`${courses.id} = any(${sql.placeholder('ids')}::int[])`, where))
      .orderBy(...newestFirst)
      .prepare(name),
  ).execute({ ...values, ids: slice, total: ids.length });
  return { rows, total: ids.length };
}

/** Every published course's id and last change, newest first (the sitemap). */
export const publishedCourseDates = (db: Db, limit: number) =>
  db
    .select({ id: courses.id, updatedAt: courses.updatedAt })
    .from(courses)
    .where(publishedSql)
    .orderBy(...newestFirst)
    .limit(limit);

/** Live courses by status, of one tutor or of everyone (the dashboards). */
export async function liveStatusCounts(db: Db, tutorId?: number): Promise<TStatusCounts> {
  // Everyone's: the trigger-kept counts (a few rows) instead of counting every course.
  const rows =
    tutorId === undefined
      ? await db
          .select({
            status: sql<TCourseStatus>`${courseCounts.status}`,
            n: sql<number>`sum(${courseCounts.n})::int`,
          })
          .from(courseCounts)
          .groupBy(courseCounts.status)
      : await db
          .select({ status: courses.status, n: count() })
          .from(courses)
          .where(and(live, eq(courses.tutorId, tutorId)))
          .groupBy(courses.status);
  const counts: TStatusCounts = { Pending: 0, Approved: 0, Rejected: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** The newest live courses (the admin dashboard). */
export const recentCourses = (db: Db, limit: number) =>
  courseRowsQuery(db)
    .where(live)
    .orderBy(...newestFirst)
    .limit(limit);

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

/** A course's id and tutor, deleted ones included (who may see its buyers). */
export async function courseOwner(db: Db, id: number): Promise<{ id: number; tutorId: number } | undefined> {
  const [row] = await db
    .select({ id: courses.id, tutorId: courses.tutorId })
    .from(courses)
    .where(eq(courses.id, id))
    .limit(1);
  return row;
}

/** One course row by id, deleted ones included (the caller decides who may see it). */
export async function courseRow(db: Db, id: number): Promise<CourseRow | undefined> {
  const [row] = await prepared(db, 'course_row', () =>
    courseRowsQuery(db)
      .where(eq(courses.id, sql.placeholder('id')))
      .limit(1)
      .prepare('course_row'),
  ).execute({ id });
  return row;
}

/**
 * One course row by id with its card (queries/course-cards.ts) and student count, deleted ones included; read with
 * the other requests of this turn (card-rows.ts).
 */
export async function courseCardRow(db: Db, id: number): Promise<CardRow | undefined> {
  const [row] = await cardRowsByIds(db, [id]);
  return row;
}

/**
 * A course's row, locked (`FOR UPDATE`) until the caller's transaction ends, with its category's code; undefined
 * for an unknown id. Writes that check the course's state and then change it or what hangs on it take it first.
 */
export async function lockCourse(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: courses.id,
      status: courses.status,
      tutorId: courses.tutorId,
      title: courses.title,
      deletedAt: courses.deletedAt,
      categoryCode: sql<string>`(select ${courseCategories.code} from ${courseCategories} where ${courseCategories.id} = ${courses.categoryId})`,
    })
    .from(courses)
    .where(eq(courses.id, id))
    .for('update');
  return row;
}

/** The courses of `ids` as a checkout prices them: title, price and whether they are on sale. */
export const coursesToPrice = (db: Db, ids: number[]) =>
  db
    .select({
      id: courses.id,
      title: courses.title,
      priceKobo: courses.priceKobo,
      saleKobo: saleKoboSql,
      status: courses.status,
      deletedAt: courses.deletedAt,
    })
    .from(courses)
    .where(inArray(courses.id, ids));

/** The title and tutor of each course of `ids`, by id. */
export const courseTitles = (db: Db | Tx, ids: number[]) =>
  db
    .select({ id: courses.id, title: courses.title, tutorId: courses.tutorId })
    .from(courses)
    .where(inArray(courses.id, ids))
    .orderBy(courses.id);

/** Whether there is any course at all, deleted ones included. */
export async function anyCourse(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: courses.id }).from(courses).limit(1);
  return Boolean(existing);
}
