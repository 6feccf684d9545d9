import { and, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TSearchHit } from '@app/contract/courses';
import type { Memo } from '../../cache/index.ts';
import { accounts, courses, searchTokens, searchWords } from '../../db/schema.ts';
import type { WordStats } from './word-stats.ts';

/**
 * The SQL of one course search (title and author, lower-cased search_text, trigram-indexed and looked up by word in
 * the search_words dictionary): the page of matches in tiers and the capped total, with its candidate rows from the
 * word index or the trigram index. search-courses.ts runs it; shapes.ts builds the statements a search makes.
 */

/** Which words the word index looks up (word-stats.ts); every word when undefined. */
export type WordChoice = Pick<WordStats, 'choose'> | undefined;

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** totalData of a search counts at most this many matches ("1,000 or more"); see docs/PERFORMANCE.md. */
export const SEARCH_TOTAL_CAP = 1000;
/** A typo may be corrected to up to this many dictionary words, when they are about as close as the best. */
export const MAX_CORRECTIONS = 3;

/**
 * Search statements are built once per shape (`shaped`) with placeholders for every value; `runBuilt` binds them. A
 * placeholder for an array binds it as one parameter.
 */
export type SearchPage = {
  skip: Placeholder;
  size: Placeholder;
  /** skip + size: how many ranked rows the page needs. */
  need: Placeholder;
  visible: SQL | undefined;
  order?: SQL[];
};
export type SearchResult = { hits: TSearchHit[]; total: number; correctedSearch?: string };
export const none: SearchResult = { hits: [], total: 0 };

// Same expression as courses_title_order_idx: a title prefix as a range, and the tier's order, read that index.
export const titleLower = sql`(lower(${courses.title}) collate "C")`;

/**
 * What one search statement answers: the capped total on every row and the page's hits in order (`part`, `n`),
 * or one row with a null id when the page is empty. `corrections` is set on the first statement only, and only
 * when nothing matched (see `correctionsOf`); `step` tells apart the searches of a combined statement.
 */
export type SearchRow = {
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
 * dictionary words): the answer cache (`CatalogueCache.searchMemo`), dropped with every change to what guests
 * can find (tag `search`), on every instance. `generation` is read before the statement and handed back to `store`,
 * which keeps nothing learnt while such a change happened.
 */
export type CorrectionMemo = Memo<Correction>;

/**
 * What a search looks for in title + author (search_text): for every entry, one of its alternatives (a phrase is one
 * entry of one alternative; every corrected word is an entry of its corrections).
 */
type Contains = Needle[][];
/** A string a search looks for, and the same as a `LIKE` pattern (`%string%`, escaped). */
type Needle = { text: Placeholder; like: Placeholder };
export const containsLike = (text: string) => `%${escapeLike(text)}%`;

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
export const indexWordsOf = (words: string[][]): string[][] | undefined =>
  words.every((alts) => alts.every((w) => PLAIN_WORD.test(w))) ? words : undefined;

/**
 * The words of a search the word index looks up (`use`, from WordStats.choose; every word when undefined or when it
 * chose none), for `wordQuery`, as arrays (one parameter each, whatever the number of words: the statement's text
 * stays the same): each alternative's word number and `LIKE` pattern. The other words are neither looked up in the
 * dictionary nor in the index: the search checks every word on the rows found (`containsAll`).
 */
export type WordArrays = { index: Placeholder; patterns: Placeholder };
export function wordArrays(words: string[][], use: boolean[] | undefined) {
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
export function searchStatement(
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
export const SHARED = sql.raw('shared');
const sharedComplete = sql`(select count(*) from ${SHARED}) < ${SEARCH_TOTAL_CAP}`;

/**
 * The `candidates` CTE (and the `words` CTE it reads): the visible courses matching `contains`, at most
 * SEARCH_TOTAL_CAP, with whether the tier covers them. With `fromShared`, the `shared` rows containing it when
 * they are complete (see SHARED), the scan otherwise.
 */
export function candidateCtes(
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
