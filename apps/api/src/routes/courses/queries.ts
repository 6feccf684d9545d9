import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TCourseStatus, TSearchHit } from '@app/contract/courses';
import type { Db } from '../../db/client.ts';
import { accounts, courseCategories, courseCounts, courses, searchWords } from '../../db/schema.ts';
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
  // Deferred join: the page's ids come from the index alone, so a deep page joins 10 rows, not every skipped one.
  const pageIds = db
    .select({ id: courses.id })
    .from(courses)
    .where(where)
    .orderBy(...newestFirst)
    .limit(page.pageSize)
    .offset(page.pageNo * page.pageSize);
  const [rows, n] = await Promise.all([
    courseRowsQuery(db)
      .where(inArray(courses.id, pageIds))
      .orderBy(...newestFirst),
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

/** totalData of a search counts at most this many matches ("1,000 or more"); see docs/PERFORMANCE.md. */
export const SEARCH_TOTAL_CAP = 1000;
/** A typo may be corrected to up to this many dictionary words, when they are about as close as the best. */
const MAX_CORRECTIONS = 3;

type SearchPage = { skip: number; size: number; visible: SQL | undefined };
type SearchResult = { hits: TSearchHit[]; total: number };
const none: SearchResult = { hits: [], total: 0 };

// Same expression as courses_title_lower_idx: equality, LIKE prefix and order all read that index.
const titleLower = sql`(lower(${courses.title}) collate "C")`;
const hitFields = { id: courses.id, title: courses.title, author: accounts.fullName };
const hitsWhere = (db: Db, where: SQL | undefined) =>
  db.select(hitFields).from(courses).innerJoin(accounts, eq(accounts.id, courses.tutorId)).where(where);

/** How many visible courses match, counting no further than SEARCH_TOTAL_CAP. */
async function cappedCount(db: Db, where: SQL | undefined): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(courses)
    .where(where)
    .limit(SEARCH_TOTAL_CAP)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

/**
 * The matches the index-read tiers did not cover (`covered`), best first (word prefix, then shorter titles), and
 * the capped total, from one trigram scan of at most SEARCH_TOTAL_CAP matches: a search matching many thousands
 * of courses never reads them all. Only those first SEARCH_TOTAL_CAP matches are ranked.
 */
async function restAndTotal(
  db: Db,
  matches: SQL | undefined,
  covered: SQL,
  wordPrefix: string | undefined,
  limit: number,
): Promise<SearchResult> {
  const result = (await db.execute(sql`
    with candidates as materialized (
      select ${courses.id} as id, ${courses.title} as title, ${courses.tutorId} as tutor_id,
             ${courses.searchText} as search_text, coalesce(${covered}, false) as covered
      from ${courses} where ${matches ?? sql`true`} limit ${SEARCH_TOTAL_CAP})
    select t.total, r.id, r.title, r.author
    from (select count(*)::int as total from candidates) t
    left join lateral (
      select x.id, x.title, a.full_name as author from candidates x join accounts a on a.id = x.tutor_id
      where not x.covered
      order by ${wordPrefix === undefined ? sql`` : sql`(x.search_text like ${`% ${wordPrefix}%`}) desc,`}
               length(x.title), x.id desc
      limit ${limit}) r on true`)) as unknown as {
    rows: { total: number; id: number | null; title: string | null; author: string | null }[];
  };
  const hits = result.rows
    .filter((r) => r.id !== null)
    .map((r) => ({ id: r.id!, title: r.title!, author: r.author! }));
  return { hits, total: result.rows[0]?.total ?? 0 };
}

/**
 * Fills the page from the index-read tiers (short queries in index order), then from the remaining matches;
 * totalData counts at most SEARCH_TOTAL_CAP matches.
 */
async function tiered(
  db: Db,
  page: SearchPage,
  tiers: ((limit: number) => Promise<TSearchHit[]>)[],
  matches: SQL | undefined,
  covered: SQL,
  wordPrefix?: string,
): Promise<SearchResult> {
  const need = page.skip + page.size;
  const rows: TSearchHit[] = [];
  for (const tier of tiers) {
    if (rows.length >= need) break;
    rows.push(...(await tier(need - rows.length)));
  }
  let total: number;
  if (rows.length >= need) total = await cappedCount(db, matches);
  else {
    const rest = await restAndTotal(db, matches, covered, wordPrefix, need - rows.length);
    rows.push(...rest.hits);
    total = rest.total;
  }
  return { hits: rows.slice(page.skip, need), total };
}

/** The phrase as typed, as a substring of title + author: exact titles, then title prefixes, then the rest. */
function phraseSearch(db: Db, term: string, page: SearchPage): Promise<SearchResult> {
  const like = escapeLike(term);
  const prefix = sql`${titleLower} like ${`${like}%`}`;
  const contains = and(page.visible, sql`${courses.searchText} like ${`%${like}%`}`);
  // In C order a title equal to the phrase sorts before every longer title starting with it: exact titles come
  // first, then the title prefixes, straight from the index.
  const titleTier = (limit: number) =>
    hitsWhere(db, and(page.visible, prefix)).orderBy(titleLower, desc(courses.id)).limit(limit);
  return tiered(db, page, [titleTier], contains, prefix, like);
}

/**
 * For each query word: itself when some course word contains it, otherwise the closest dictionary words
 * (pg_trgm similarity on the small search_words table). Undefined when a word is neither found nor close to any.
 */
async function correctWords(db: Db, words: string[]): Promise<string[][] | undefined> {
  const queryWords = sql.join(
    words.map((w, i) => sql`(${i}::int, ${w}::text, ${`%${escapeLike(w)}%`}::text)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select q.i, exists(select 1 from ${searchWords} d where d.word like q.pat) as known,
      coalesce((select json_agg(json_build_object('word', a.word, 'sim', a.sim) order by a.sim desc, a.word)
                from (select d.word, similarity(d.word, q.w) as sim from ${searchWords} d
                      where d.word % q.w order by sim desc, d.word limit ${MAX_CORRECTIONS}) a), '[]'::json) as alts
    from (values ${queryWords}) as q(i, w, pat) order by q.i`)) as unknown as {
    rows: { i: number; known: boolean; alts: { word: string; sim: number }[] | string }[];
  };
  const out: string[][] = [];
  for (const row of result.rows) {
    if (row.known) {
      out.push([words[row.i]!]);
      continue;
    }
    const alts =
      typeof row.alts === 'string' ? (JSON.parse(row.alts) as { word: string; sim: number }[]) : row.alts;
    if (alts.length === 0) return undefined;
    // Keep the runners-up only when they are nearly as close: a stale or hidden word must not hide the right one.
    out.push(alts.filter((a) => a.sim >= alts[0]!.sim - 0.1).map((a) => a.word));
  }
  return out;
}

/** Every word (or one of its corrections) somewhere in title + author, in any order. */
function allWordsSearch(db: Db, words: string[][], page: SearchPage): Promise<SearchResult> {
  const matches = and(
    page.visible,
    ...words.map((alts) => or(...alts.map((w) => sql`${courses.searchText} like ${`%${escapeLike(w)}%`}`))),
  );
  return tiered(db, page, [], matches, sql`false`);
}

/**
 * Course search on title and author (lower-cased search_text, trigram-indexed). The phrase as typed is looked
 * up first, ranked in tiers (exact title, title prefix, the rest) so that no tier reads more rows than the page
 * needs. Only when nothing contains the phrase are typos corrected: each unknown word becomes its closest
 * words from the search_words dictionary, and the corrected phrase, then every corrected word in any order,
 * is searched the same way. totalData counts at most SEARCH_TOTAL_CAP matches.
 */
export async function searchCourses(
  db: Db,
  search: string,
  opts: Page & { everyStatus: boolean },
): Promise<SearchResult> {
  const term = search.trim().toLowerCase().replace(/\s+/g, ' ');
  const page: SearchPage = {
    skip: opts.pageNo * opts.pageSize,
    size: opts.pageSize,
    visible: and(live, opts.everyStatus ? undefined : eq(courses.status, 'Approved')),
  };
  const direct = await phraseSearch(db, term, page);
  if (direct.total > 0) return direct;
  const words = term.split(' ');
  const corrected = await correctWords(db, words);
  if (!corrected) return none;
  const best = corrected.map((alts) => alts[0]!).join(' ');
  if (best !== term) {
    const fixed = await phraseSearch(db, best, page);
    if (fixed.total > 0) return fixed;
  }
  return words.length > 1 ? allWordsSearch(db, corrected, page) : none;
}
