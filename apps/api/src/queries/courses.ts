import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, or, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TCourseStatus, TSearchHit, TSearchSort, TStatusCounts } from '@app/contract/courses';
import { koboToNaira, nairaToKobo } from '@app/contract/money';
import type { Db } from '../db/client.ts';
import { isPublished, PUBLISHED_STATUS, publishedSql } from '../policies/course.ts';
import {
  accounts,
  courseCategories,
  courseCounts,
  courses,
  enrolments,
  searchTokens,
  searchWords,
} from '../db/schema.ts';
import { tag, type CatalogueCache } from '../cache/index.ts';
import { averageOf } from './reviews.ts';
import { mediaPath } from '../services/storage/signing.ts';
import {
  cardRowsQuery,
  courseRowsQuery,
  courseRowsWithTotalQuery,
  type CardRow,
  type CourseRow,
} from '../presenters/course.ts';
import { cardRowsByIds } from './card-rows.ts';
import { prepared } from './prepared.ts';
import { runBatched, type Pool } from './search-batch.ts';
import type { WordStats } from './word-stats.ts';

/** Which words the word index looks up (queries/word-stats.ts); every word when undefined. */
type WordChoice = Pick<WordStats, 'choose'> | undefined;

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
  page: Page & { category?: string },
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
  page: Page & { category?: string },
  idLists?: IdLists,
  deepOffset = DEEP_OFFSET,
): Promise<{ rows: CardRow[]; total: number }> {
  // The card statements select cardRowsQuery's columns (see publicPage).
  return (await publicPage(db, page, idLists, deepOffset, 'cards')) as { rows: CardRow[]; total: number };
}

async function publicPage(
  db: Db,
  page: Page & { category?: string },
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** totalData of a search counts at most this many matches ("1,000 or more"); see docs/PERFORMANCE.md. */
export const SEARCH_TOTAL_CAP = 1000;
/** A typo may be corrected to up to this many dictionary words, when they are about as close as the best. */
const MAX_CORRECTIONS = 3;

/**
 * Search statements are built once per shape (`shaped`) with placeholders for every value; `runBuilt` binds them. A
 * placeholder for an array binds it as one parameter.
 */
type SearchPage = {
  skip: Placeholder;
  size: Placeholder;
  /** skip + size: how many ranked rows the page needs. */
  need: Placeholder;
  visible: SQL | undefined;
  order?: SQL[];
};
type SearchResult = { hits: TSearchHit[]; total: number; correctedSearch?: string };
const none: SearchResult = { hits: [], total: 0 };

// Same expression as courses_title_order_idx: a title prefix as a range, and the tier's order, read that index.
const titleLower = sql`(lower(${courses.title}) collate "C")`;

/**
 * What one search statement answers: the capped total on every row and the page's hits in order (`part`, `n`),
 * or one row with a null id when the page is empty. `corrections` is set on the first statement only, and only
 * when nothing matched (see `correctionsOf`); `step` tells apart the searches of a combined statement.
 */
type SearchRow = {
  total: number;
  id: number | null;
  title: string | null;
  author: string | null;
  corrections: string | Correction[] | null;
  step?: number;
};
export type Correction = { known: boolean; alts: { word: string; sim: number }[] };

/**
 * Where a guest's search keeps what it learnt of each word when a phrase matched nothing (known, or its closest
 * dictionary words): the answer cache (`CatalogueCache.wordCorrections`), dropped with every change to what guests
 * can find (tag `search`), on every instance. `generation` is read before the statement and handed back to `store`,
 * which keeps nothing learnt while such a change happened.
 */
export type CorrectionMemo = {
  get(word: string): Correction | undefined;
  generation(): number;
  store(word: string, correction: Correction, since: number): void;
};

/**
 * What a search looks for in title + author (search_text): for every entry, one of its alternatives (a phrase is one
 * entry of one alternative; every corrected word is an entry of its corrections).
 */
type Contains = Needle[][];
/** A string a search looks for, and the same as a `LIKE` pattern (`%string%`, escaped). */
type Needle = { text: Placeholder; like: Placeholder };
const containsLike = (text: string) => `%${escapeLike(text)}%`;

/**
 * The `Contains` condition: as `LIKE`, which the trigram index answers, or as `strpos`, the same match that no index
 * answers (for the rows the word index found).
 */
function containsAll(contains: Contains, as: 'like' | 'strpos'): SQL | undefined {
  return and(
    ...contains.map((alts) =>
      or(
        ...alts.map((w) =>
          as === 'like'
            ? sql`${courses.searchText} like ${w.like}`
            : sql`strpos(${courses.searchText}, ${w.text}) > 0`,
        ),
      ),
    ),
  );
}

/** A query word standing for more dictionary words than this is left to the trigram index. */
const MAX_WORD_EXPANSIONS = 16;

/**
 * Words made of letters, marks, digits, punctuation and symbols only: no character in them is whitespace to
 * PostgreSQL either, so each lies inside one word of the search text.
 */
const PLAIN_WORD = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]+$/u;

/**
 * A search's words, each with its alternatives, for the word index: a course may match only if, for every word, it
 * has a word (whitespace-separated, as in search_words) containing one of the alternatives. Undefined when a word is
 * not a plain word (the trigram index answers alone).
 */
const indexWordsOf = (words: string[][]): string[][] | undefined =>
  words.every((alts) => alts.every((w) => PLAIN_WORD.test(w))) ? words : undefined;

/**
 * The words of a search the word index looks up (`use`, from WordStats.choose; every word when undefined or when it
 * chose none), for `wordQuery`, as arrays (one parameter each, whatever the number of words: the statement's text
 * stays the same): each alternative's word number and `LIKE` pattern. The other words are neither looked up in the
 * dictionary nor in the index: the search checks every word on the rows found (`containsAll`).
 */
type WordArrays = { index: Placeholder; patterns: Placeholder };
function wordArrays(words: string[][], use: boolean[] | undefined) {
  const looked = use?.some(Boolean) ? words.map((alts, i) => (use[i] ? alts : [])) : words;
  return {
    index: looked.flatMap((alts, i) => alts.map(() => i)),
    patterns: looked.flatMap((alts) => alts.map(containsLike)),
  };
}

/**
 * One row: `found`, whether every word looked up is inside some dictionary word (when not, no course can match),
 * and `q`, the tsquery of the courses' words that may match: for each query word, any dictionary word containing it
 * (or one of its alternatives), ANDed over the words. Words inside more than MAX_WORD_EXPANSIONS dictionary words are
 * left out; `q` is null when every word is, and the trigram index answers instead. Lexemes are quoted for the
 * tsquery input syntax (quotes and backslashes doubled).
 */
function wordQuery({ index, patterns }: WordArrays): SQL {
  const quoted = sql`chr(39) || replace(replace(d.word, chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || chr(39)`;
  return sql`select coalesce(bool_and(e.n > 0), false) as found,
      (string_agg(e.alts, ' & ') filter (where e.n <= ${MAX_WORD_EXPANSIONS}))::tsquery as q
    from (select p.i, count(distinct d.word) as n, '(' || string_agg(distinct ${quoted}, ' | ') || ')' as alts
          from unnest(${index}::int[], ${patterns}::text[]) as p(i, pat)
          left join ${searchWords} d on d.word like p.pat
          group by p.i) e`;
}

/** The visible courses matching `contains`, as `LIKE`s the trigram index answers. */
const matching = (page: SearchPage, contains: Contains): SQL =>
  and(page.visible, containsAll(contains, 'like')) ?? sql`true`;

/**
 * One search as one SQL statement: the page of the visible courses matching `contains` and their total, counted no further
 * than SEARCH_TOTAL_CAP.
 * - A chosen order (newest, price, rating) ranks every match by it.
 * - Otherwise the `tier` (title prefixes, `tier` itself as a condition) is read first from the title index in
 *   index order: in C order a title equal to the phrase sorts before every longer title starting with it, so
 *   exact titles come first, then the title prefixes, and no more rows than the page needs. The rest of the page
 *   comes from one trigram scan of at most SEARCH_TOTAL_CAP matches (which also gives the total), the ones the
 *   tier did not cover ranked by word prefix (`wordPrefix`), then shorter titles; the scan's rows are ranked only
 *   when the tier left room on the page.
 * `onEmpty` (a json scalar subquery) is evaluated only when nothing matched: PostgreSQL runs a CASE branch's
 * subquery only when the branch is taken. With `indexWords` (see `indexWordsOf`) the candidates come from the word
 * index when its words are selective enough (`wordQuery`), from the trigram index otherwise.
 */
function searchStatement(
  page: SearchPage,
  contains: Contains,
  opts: {
    tier?: { where: SQL; wordPrefixLike: Placeholder };
    onEmpty?: SQL;
    indexWords?: WordArrays;
    /** Candidates from the `shared` rows of a typo search (see `SHARED`); relevance order only. */
    shared?: 'all' | 'subset';
  } = {},
): SQL {
  const { tier, onEmpty, indexWords, shared } = opts;
  const corrections = onEmpty ? sql`case when t.total = 0 then ${onEmpty} end` : sql`null::json`;
  // The author's name is read for the page's rows only, by primary key, after the page is cut.
  const head = sql`select t.total, h.id, h.title,
      (select ${accounts.fullName} from ${accounts} where ${accounts.id} = h.tutor_id) as author,
      h.part, h.n, ${corrections} as corrections`;
  if (page.order) {
    const where = matching(page, contains);
    const capped = sql`(select count(*)::int as total from (select 1 from ${courses} where ${where} limit ${SEARCH_TOTAL_CAP}) c) t`;
    return sql`${head} from ${capped} left join lateral (
      select p.*, 1 as part, row_number() over () as n from (
        select ${courses.id} as id, ${courses.title} as title, ${courses.tutorId} as tutor_id
        from ${courses} where ${where}
        order by ${sql.join(page.order, sql`, `)} limit ${page.size} offset ${page.skip}) p) h on true`;
  }
  const { need } = page;
  const covered = tier ? sql`coalesce(${tier.where}, false)` : sql`false`;
  const rank = sql.join(
    [
      ...(tier ? [sql`(x.search_text like ${tier.wordPrefixLike}) desc`] : []),
      sql`length(x.title)`,
      sql`x.id desc`,
    ],
    sql`, `,
  );
  const tierRows = tier
    ? sql`select ${courses.id} as id, ${courses.title} as title, ${courses.tutorId} as tutor_id, ${titleLower} as k
           from ${courses}
           where ${and(page.visible, tier.where)} order by ${titleLower}, ${courses.id} desc limit ${need}`
    : sql`select null::int as id, null::text as title, null::int as tutor_id, null::text as k where false`;
  const candidates =
    shared === 'all'
      ? sql`candidates as materialized (select * from ${SHARED})`
      : candidateCtes(page, contains, covered, indexWords, shared === 'subset');
  return sql`with tier as materialized (${tierRows}),
    ${candidates}
    ${head}
    from (select count(*)::int as total from candidates) t
    left join lateral (
      select u.* from (
        (select id, title, tutor_id, 1 as part, row_number() over (order by k, id desc) as n from tier)
        union all
        (select x.id, x.title, x.tutor_id, 2 as part, row_number() over (order by ${rank}) as n
         from candidates x
         where not x.covered and (select count(*) from tier) < ${need}
         order by ${rank} limit ${need})
      ) u order by u.part, u.n offset ${page.skip} limit ${page.size}) h on true`;
}

/**
 * The rows of a typo search's every-word search (`shared as materialized (...)`, before the statements of
 * `firstMatching`), which contain every row of the corrected phrase: the phrase keeps those containing it
 * (`shared: 'subset'`) and the every-word search takes them all (`shared: 'all'`), so the courses are read once
 * instead of twice. Only when they reach SEARCH_TOTAL_CAP may the phrase's rows lie beyond them: the phrase then
 * runs its own scan.
 */
const SHARED = sql.raw('shared');
const sharedComplete = sql`(select count(*) from ${SHARED}) < ${SEARCH_TOTAL_CAP}`;

/**
 * The `candidates` CTE (and the `words` CTE it reads): the visible courses matching `contains`, at most
 * SEARCH_TOTAL_CAP, with whether the tier covers them. With `fromShared`, the `shared` rows containing it when
 * they are complete (see SHARED), the scan otherwise.
 */
function candidateCtes(
  page: SearchPage,
  contains: Contains,
  covered: SQL,
  indexWords: WordArrays | undefined,
  fromShared = false,
): SQL {
  const where = matching(page, contains);
  const columns = sql`${courses.id} as id, ${courses.title} as title, ${courses.tutorId} as tutor_id,
             ${courses.searchText} as search_text, ${covered} as covered`;
  // The shared rows are visible already; named "courses" here, the same conditions read their columns.
  const first = fromShared
    ? sql`(select ${columns} from ${SHARED} as ${courses}
       where ${containsAll(contains, 'strpos')} and ${sharedComplete}) union all `
    : sql``;
  const scanIf = fromShared ? sql`not ${sharedComplete} and ` : sql``;
  if (!indexWords)
    return sql`candidates as materialized (${first}(
      select ${columns} from ${courses} where ${scanIf}${where} limit ${SEARCH_TOTAL_CAP}))`;
  return sql`words as materialized (${wordQuery(indexWords)}),
    candidates as materialized (${first}
      (select ${columns} from ${courses}
       where ${scanIf}${searchTokens(courses.searchText)} @@ (select q from words) and (select found from words)
         and ${and(page.visible, containsAll(contains, 'strpos'))} limit ${SEARCH_TOTAL_CAP})
      union all
      (select ${columns} from ${courses}
       where ${scanIf}(select q from words) is null and (select found from words) and ${where}
       limit ${SEARCH_TOTAL_CAP}))`;
}

const hitsOf = (rows: SearchRow[]): TSearchHit[] =>
  rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, title: r.title!, author: r.author! }));

const dialect = new PgDialect();
/** Three letters or digits in a row: a LIKE pattern containing them has a trigram the trigram index can look up. */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** A search statement built once: its text, its parameters (placeholders among them) and a name of its own. */
type BuiltSearch = { text: string; params: unknown[]; name: string };

function built(statement: SQL): BuiltSearch {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, params, name: `search_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}` };
}

/**
 * Runs a built statement with its placeholders' values. With `named` on a PostgreSQL server it is a named prepared
 * statement: PostgreSQL parses it once per connection and, once its generic plan is no dearer than the custom ones,
 * stops planning it per search. The name is the text's hash, so a shape (which filters, which sort) never reuses
 * another's name. Named searches of one shape in the same turn run as one statement (search-batch.ts). PGlite runs
 * it unnamed.
 */
async function runBuilt(
  db: Db,
  { text, params, name }: BuiltSearch,
  values: Record<string, unknown>,
  named: boolean,
): Promise<SearchRow[]> {
  const { $client: client } = db as unknown as {
    $client: {
      totalCount?: number;
      query(q: { name?: string; text: string; values: unknown[] }): Promise<{ rows: SearchRow[] }>;
      query(text: string, values: unknown[]): Promise<{ rows: SearchRow[] }>;
    };
  };
  const bound = params.map((p) => (p instanceof Placeholder ? values[p.name] : p));
  if (typeof client.totalCount !== 'number') return (await client.query(text, bound)).rows;
  if (named)
    return (await runBatched(client as unknown as Pool, { name, text, values: bound })) as SearchRow[];
  return (await client.query({ text, values: bound })).rows;
}

/**
 * Several searches in one statement, in order of preference: the first one that matches anything answers. The
 * later ones run only when the earlier ones matched nothing (a WHERE on an uncorrelated subquery is a one-time
 * filter in PostgreSQL: the search behind it is not run when it is false). `before` is a CTE they may read.
 */
function firstMatching(statements: SQL[], before?: SQL): SQL {
  const ctes = [
    ...(before ? [before] : []),
    ...statements.map((st, i) => sql`${sql.raw(`s${i}`)} as (${st})`),
  ];
  const selects = statements.map((_, i) => {
    const earlier = statements
      .slice(0, i)
      .map((__, j) => sql`not exists (select 1 from ${sql.raw(`s${j}`)} where total > 0)`);
    return sql`(select ${sql.raw(String(i))} as step, ${sql.raw(`s${i}`)}.* from ${sql.raw(`s${i}`)}${
      earlier.length ? sql` where ${sql.join(earlier, sql` and `)}` : sql``
    })`;
  });
  return sql`with ${sql.join(ctes, sql`, `)} select * from (${sql.join(selects, sql` union all `)}) r
      order by r.step, r.part, r.n`;
}

/** The answer of a `firstMatching` statement: the rows of its first search that matched anything. */
function firstMatched(rows: SearchRow[]): { hits: TSearchHit[]; total: number } {
  const chosen = rows.find((r) => r.total > 0)?.step;
  if (chosen === undefined) return { hits: [], total: 0 };
  return {
    hits: hitsOf(rows.filter((r) => r.step === chosen)),
    total: rows.find((r) => r.step === chosen)!.total,
  };
}

/** What a phrase statement binds: the phrase, its patterns and its words' arrays (see phraseValues). */
type Phrase = {
  term: Placeholder;
  /** `LIKE` patterns: search texts containing the phrase, and containing it at a word's start. */
  containsLike: Placeholder;
  wordPrefixLike: Placeholder;
  words?: WordArrays;
};

function phraseValues(term: string, wordStats: WordChoice) {
  const like = escapeLike(term);
  const words = indexWordsOf(term.split(' ').map((w) => [w]));
  return {
    term,
    containsLike: containsLike(term),
    wordPrefixLike: `% ${like}%`,
    words: words && wordArrays(words, wordStats?.choose(words)),
  };
}

/** A phrase statement's placeholders, named with `prefix` (see phraseBindings). */
function phrasePlaceholders(prefix: string, plain: boolean): Phrase {
  const ph = (name: string) => sql.placeholder(`${prefix}${name}`);
  return {
    term: ph('term'),
    containsLike: ph('containsLike'),
    wordPrefixLike: ph('wordPrefixLike'),
    words: plain ? { index: ph('index'), patterns: ph('patterns') } : undefined,
  };
}

/** The values of phrasePlaceholders(prefix, ...). */
function phraseBindings(prefix: string, phrase: ReturnType<typeof phraseValues>): Record<string, unknown> {
  const { words, ...values } = phrase;
  return Object.fromEntries(
    Object.entries({ ...values, ...words }).map(([name, value]) => [`${prefix}${name}`, value]),
  );
}

/** The phrase as typed, as a substring of title + author: exact titles, then title prefixes, then the rest. */
function phraseStatement(phrase: Phrase, page: SearchPage, onEmpty?: SQL, shared?: 'subset'): SQL {
  const { term } = phrase;
  // Titles starting with the phrase, as a range of the title index, which a generic plan reads too (it cannot
  // derive a range from a LIKE pattern it does not know). In C order (code points) every title starting with the
  // phrase sorts from the phrase itself to below the phrase followed by U+10FFFF, the last code point, and nothing
  // else does (only a title going on with U+10FFFF, a noncharacter, would be ranked with the rest instead). No LIKE
  // beside it: PostgreSQL cannot estimate an unknown pattern and took the prefix for one row, so a generic plan
  // read every title of a common prefix ("react": 2,500) and sorted them instead of stopping after the page's.
  const prefix = sql`(${titleLower} >= ${term} and ${titleLower} < (${term} || chr(1114111)))`;
  return searchStatement(page, [[{ text: term, like: phrase.containsLike }]], {
    tier: { where: prefix, wordPrefixLike: phrase.wordPrefixLike },
    onEmpty,
    indexWords: phrase.words,
    shared,
  });
}

/**
 * For each query word, as a json array in word order: whether some course word contains it (`known`), and when
 * none does, its closest dictionary words (pg_trgm similarity on the small search_words table). A known word is not
 * compared with the dictionary: on a small one PostgreSQL computes the similarity of every word (0.3 ms for 587 words).
 */
function correctionsOf(words: Placeholder, patterns: Placeholder): SQL {
  return sql`(select json_agg(json_build_object('known', k.known,
      'alts', case when k.known then '[]'::json else coalesce(
        (select json_agg(json_build_object('word', a.word, 'sim', a.sim) order by a.sim desc, a.word)
         from (select d.word, similarity(d.word, k.w) as sim from ${searchWords} d
               where d.word % k.w order by sim desc, d.word limit ${MAX_CORRECTIONS}) a), '[]'::json) end)
      order by k.i)
    from (select q.w, q.i, exists(select 1 from ${searchWords} d where d.word like q.pat) as known
          from unnest(${words}::text[], ${patterns}::text[]) with ordinality as q(w, pat, i)) k)`;
}

/** The corrections column of a search's first statement: one per query word, in order. */
const parseCorrections = (found: SearchRow['corrections']): Correction[] =>
  typeof found === 'string' ? JSON.parse(found) : (found ?? []);

/**
 * For each query word: itself when some course word contains it, otherwise its closest dictionary words.
 * Undefined when a word is neither found nor close to any.
 */
function correctWords(words: string[], each: Correction[]): string[][] | undefined {
  const out: string[][] = [];
  for (const [i, { known, alts }] of each.entries()) {
    if (known) {
      out.push([words[i]!]);
      continue;
    }
    if (alts.length === 0) return undefined;
    // Keep the runners-up only when they are nearly as close: a stale or hidden word must not hide the right one.
    out.push(alts.filter((a) => a.sim >= alts[0]!.sim - 0.1).map((a) => a.word));
  }
  return out.length === words.length ? out : undefined;
}

/**
 * Every word (or one of its corrections) somewhere in title + author, in any order: `count` words of
 * MAX_CORRECTIONS alternatives each, as placeholders (allWordsBindings; an alternative a word does not have is
 * null, which matches nothing).
 */
function allWordsStatement(count: number, plain: boolean, page: SearchPage, shared?: 'all'): SQL {
  const { contains, indexWords } = allWordsParts(count, plain);
  return searchStatement(page, contains, { indexWords, shared });
}

function allWordsParts(count: number, plain: boolean) {
  const ph = sql.placeholder;
  const contains = Array.from({ length: count }, (_, i) =>
    Array.from({ length: MAX_CORRECTIONS }, (__, j) => ({ text: ph(`w${i}_${j}`), like: ph(`l${i}_${j}`) })),
  );
  const indexWords = plain ? { index: ph('aIndex'), patterns: ph('aPatterns') } : undefined;
  return { contains, indexWords };
}

/** The `shared` CTE (see SHARED): the rows of allWordsStatement(count, plain, page). */
function sharedRows(count: number, plain: boolean, page: SearchPage): SQL {
  const { contains, indexWords } = allWordsParts(count, plain);
  return sql`${SHARED} as materialized (
    with ${candidateCtes(page, contains, sql`false`, indexWords)} select * from candidates)`;
}

function allWordsBindings(words: string[][], wordStats: WordChoice): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [i, alts] of words.entries()) {
    for (let j = 0; j < MAX_CORRECTIONS; j++) {
      const alt = alts[j];
      values[`w${i}_${j}`] = alt ?? null;
      values[`l${i}_${j}`] = alt === undefined ? null : containsLike(alt);
    }
  }
  const indexWords = indexWordsOf(words);
  if (indexWords) {
    const arrays = wordArrays(indexWords, wordStats?.choose(indexWords));
    Object.assign(values, { aIndex: arrays.index, aPatterns: arrays.patterns });
  }
  return values;
}

/**
 * Course search on title and author (lower-cased search_text, trigram-indexed). The phrase as typed is looked
 * up first, ranked in tiers (exact title, title prefix, the rest) so that no tier reads more rows than the page
 * needs. Only when nothing contains the phrase are typos corrected: each unknown word becomes its closest
 * words from the search_words dictionary, and the corrected phrase, then every corrected word in any order,
 * is searched the same way. totalData counts at most SEARCH_TOTAL_CAP matches.
 */
export type SearchFilters = {
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  sort?: TSearchSort;
};

const averageRating = sql`(${courses.ratingSum}::float8 / nullif(${courses.ratingCount}, 0))`;
const SEARCH_ORDERS: Record<Exclude<TSearchSort, 'relevance'>, SQL[]> = {
  newest: [desc(courses.createdAt), desc(courses.id)],
  priceAsc: [sql`${courses.priceKobo} asc`, desc(courses.id)],
  priceDesc: [desc(courses.priceKobo), desc(courses.id)],
  rating: [sql`${averageRating} desc nulls last`, desc(courses.ratingCount), desc(courses.id)],
};

/** The search page's filters, prices in kobo. */
type Filters = { category?: string; minKobo?: number; maxKobo?: number; minRating?: number };
const FILTERS = ['category', 'minKobo', 'maxKobo', 'minRating'] as const;

/** The search page's filters as conditions on courses (on the placeholders of the filters it has). */
function filterWhere(f: { [K in keyof Filters]?: Placeholder }): SQL | undefined {
  return and(
    f.category !== undefined
      ? sql`${courses.categoryId} = (select ${courseCategories.id} from ${courseCategories} where ${courseCategories.code} = ${f.category})`
      : undefined,
    f.minKobo !== undefined ? sql`${courses.priceKobo} >= ${f.minKobo}` : undefined,
    f.maxKobo !== undefined ? sql`${courses.priceKobo} <= ${f.maxKobo}` : undefined,
    f.minRating !== undefined
      ? sql`${courses.ratingCount} > 0 and ${courses.ratingSum} >= ${f.minRating} * ${courses.ratingCount}`
      : undefined,
  );
}

/**
 * Search statements by shape (visibility, sort, which filters, whether the words are plain, and for the typo search the
 * number of words), built once with placeholders: building and serializing one cost the server about as much as
 * PostgreSQL's work on a search.
 */
const shapes = new Map<string, BuiltSearch>();
/** Typo searches of more words than this are built for themselves (their shapes are not kept). */
const MAX_SHAPED_WORDS = 8;

/** The statement of `key` built once (with `build`, from placeholders), or built now when `keep` is false. */
function shaped(key: string, build: () => SQL, keep = true): BuiltSearch {
  let statement = shapes.get(key);
  if (!statement) {
    statement = built(build());
    if (keep) shapes.set(key, statement);
  }
  return statement;
}

/**
 * True when the words learnt earlier (`CorrectionMemo`) say the phrase as typed matches nothing: every word is
 * known to the memo and one of them is in no course word. A word without spaces inside a title or author name is
 * inside one of its words, so a phrase holding a word no course word contains is in no title or name either. The
 * search then goes straight to the corrections, one statement instead of two.
 */
function skipsPhrase(learnt: (Correction | undefined)[]): boolean {
  return learnt.length > 0 && learnt.every((c) => c !== undefined) && learnt.some((c) => !c!.known);
}

/**
 * The first statement of a search: the phrase as typed and, only when it matches nothing, every word's corrections.
 * Resolves to the result when the phrase matched, otherwise to each word's corrections (undefined when a word is
 * neither known nor close to any), which are kept in `memo`.
 */
async function phraseOrCorrections(
  db: Db,
  term: string,
  words: string[],
  shape: ReturnType<typeof pageShape>,
  pageValues: Record<string, unknown>,
  wordStats: WordChoice,
  memo: CorrectionMemo | undefined,
): Promise<SearchResult | string[][] | undefined> {
  const phrase = phraseValues(term, wordStats);
  const since = memo?.generation() ?? 0;
  const plain = phrase.words !== undefined;
  const first = shaped(`first|${shape.key}|${plain}`, () =>
    phraseStatement(
      phrasePlaceholders('', plain),
      shape.page(),
      correctionsOf(sql.placeholder('words'), sql.placeholder('wordPatterns')),
    ),
  );
  // A phrase without three letters or digits in a row has no trigram: the trigram index cannot narrow it, and a
  // generic plan, which does not know that, would scan the whole index. Its custom plan reads the table instead.
  const direct = await runBuilt(
    db,
    first,
    {
      ...pageValues,
      ...phraseBindings('', phrase),
      words,
      wordPatterns: words.map(containsLike),
    },
    HAS_TRIGRAM.test(term),
  );
  const total = direct[0]?.total ?? 0;
  if (total > 0) return { hits: hitsOf(direct), total };
  const found = parseCorrections(direct[0]?.corrections ?? null);
  if (memo && found.length === words.length) found.forEach((c, i) => memo.store(words[i]!, c, since));
  return correctWords(words, found);
}

/** A search page's shape (visibility, sort, which filters) as a key, and its page of placeholders. */
function pageShape(everyStatus: boolean, sort: TSearchSort | undefined, filters: Filters) {
  const has = FILTERS.filter((k) => filters[k] !== undefined);
  const ph = sql.placeholder;
  return {
    key: `${everyStatus}|${sort ?? ''}|${has.join(',')}`,
    page: (): SearchPage => ({
      skip: ph('skip'),
      size: ph('size'),
      need: ph('need'),
      visible: and(
        everyStatus ? live : publishedSql,
        filterWhere(Object.fromEntries(has.map((k) => [k, ph(k)]))),
      ),
      order: sort && sort !== 'relevance' ? SEARCH_ORDERS[sort] : undefined,
    }),
  };
}

export async function searchCourses(
  db: Db,
  search: string,
  opts: Page & {
    everyStatus: boolean;
    wordStats?: WordChoice;
    /** Guests' searches only: a hidden course's new word does not drop what it holds (see skipsPhrase). */
    corrections?: CorrectionMemo;
  } & SearchFilters,
): Promise<SearchResult> {
  const term = search.trim().toLowerCase().replace(/\s+/g, ' ');
  const { wordStats } = opts;
  const filters: Filters = {
    category: opts.category,
    minKobo: opts.minPrice !== undefined ? nairaToKobo(opts.minPrice) : undefined,
    maxKobo: opts.maxPrice !== undefined ? nairaToKobo(opts.maxPrice) : undefined,
    minRating: opts.minRating,
  };
  const skip = opts.pageNo * opts.pageSize;
  const pageValues = { ...filters, skip, size: opts.pageSize, need: skip + opts.pageSize };
  const shape = pageShape(opts.everyStatus, opts.sort, filters);
  const words = term.split(' ');
  const memo = opts.everyStatus ? undefined : opts.corrections;
  const learnt = memo ? words.map((w) => memo.get(w)) : [];
  const corrected = skipsPhrase(learnt)
    ? correctWords(words, learnt as Correction[])
    : await phraseOrCorrections(db, term, words, shape, pageValues, wordStats, memo);
  if (!Array.isArray(corrected)) return corrected ?? none;
  const best = corrected.map((alts) => alts[0]!).join(' ');
  const correctedSearch = best !== term ? best : undefined;
  // A second statement: the corrected phrase, then (only when that matches nothing) every word in any order.
  const allWords = words.length > 1;
  if (!correctedSearch && !allWords) return none;
  const bestPhrase = correctedSearch ? phraseValues(best, wordStats) : undefined;
  const bestPlain = bestPhrase?.words !== undefined;
  const allPlain = indexWordsOf(corrected) !== undefined;
  const n = allWords ? corrected.length : 0;
  const fallback = shaped(
    `fallback|${shape.key}|${correctedSearch ? bestPlain : '-'}|${n}|${allPlain}`,
    () => {
      const page = shape.page();
      // Both searches in relevance order: the every-word rows are read once, for both (see SHARED).
      const share = correctedSearch && allWords && !page.order;
      return firstMatching(
        [
          ...(correctedSearch
            ? [
                phraseStatement(
                  phrasePlaceholders('c', bestPlain),
                  page,
                  undefined,
                  share ? 'subset' : undefined,
                ),
              ]
            : []),
          ...(allWords ? [allWordsStatement(n, allPlain, page, share ? 'all' : undefined)] : []),
        ],
        share ? sharedRows(n, allPlain, page) : undefined,
      );
    },
    n <= MAX_SHAPED_WORDS,
  );
  const rows = await runBuilt(
    db,
    fallback,
    {
      ...pageValues,
      ...(bestPhrase ? phraseBindings('c', bestPhrase) : {}),
      ...(allWords ? allWordsBindings(corrected, wordStats) : {}),
    },
    // Named (see runBuilt) only when its shape is kept and every string it looks for has a trigram.
    n <= MAX_SHAPED_WORDS && corrected.every((alts) => alts.every((a) => HAS_TRIGRAM.test(a))),
  );
  return { ...firstMatched(rows), correctedSearch };
}

/** The card fields of search hits (price, image, category, rating, students), read for the page's ids only. */
export async function withCardFields(db: Db, hits: TSearchHit[]): Promise<TSearchHit[]> {
  if (hits.length === 0) return hits;
  const rows = await db
    .select({
      id: courses.id,
      priceKobo: courses.priceKobo,
      imageRef: courses.imageRef,
      category: courseCategories.code,
      ratingCount: courses.ratingCount,
      ratingSum: courses.ratingSum,
      students: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.courseId} = ${courses.id})`,
    })
    .from(courses)
    .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .where(
      inArray(
        courses.id,
        hits.map((h) => h.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hits.map((h) => {
    const r = byId.get(h.id);
    if (!r) return h;
    return {
      ...h,
      nairaPrice: koboToNaira(r.priceKobo),
      courseImageUrl: mediaPath(r.imageRef),
      courseCategory: r.category,
      averageRating: averageOf(r.ratingSum, r.ratingCount),
      ratingCount: r.ratingCount,
      studentCount: r.students,
    };
  });
}
