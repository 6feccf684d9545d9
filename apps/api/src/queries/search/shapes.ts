import { createHash } from 'node:crypto';
import { and, desc, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TSearchSort } from '@app/contract/courses';
import { courseCategories, courses, searchWords } from '../../db/schema.ts';
import { publishedSql } from '../../policies/course.ts';
import {
  candidateCtes,
  MAX_CORRECTIONS,
  SHARED,
  searchStatement,
  titleLower,
  type SearchPage,
  type WordArrays,
} from './statements.ts';

/**
 * The statements a search makes, built from statements.ts: the phrase as typed (with the corrections it falls back
 * to), every word in any order, the first of several that matches; the page's filters and orders; and each
 * statement built once per shape, with placeholders for every value (`shaped`).
 */

/**
 * Several searches in one statement, in order of preference: the first one that matches anything answers. The
 * later ones run only when the earlier ones matched nothing (a WHERE on an uncorrelated subquery is a one-time
 * filter in PostgreSQL: the search behind it is not run when it is false). `before` is a CTE they may read.
 */
export function firstMatching(statements: SQL[], before?: SQL): SQL {
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

/** What a phrase statement binds: the phrase, its patterns and its words' arrays (see phraseValues). */
type Phrase = {
  term: Placeholder;
  /** `LIKE` patterns: search texts containing the phrase, and containing it at a word's start. */
  containsLike: Placeholder;
  wordPrefixLike: Placeholder;
  words?: WordArrays;
};

/** A phrase statement's placeholders, named with `prefix` (see phraseBindings). */
export function phrasePlaceholders(prefix: string, plain: boolean): Phrase {
  const ph = (name: string) => sql.placeholder(`${prefix}${name}`);
  return {
    term: ph('term'),
    containsLike: ph('containsLike'),
    wordPrefixLike: ph('wordPrefixLike'),
    words: plain ? { index: ph('index'), patterns: ph('patterns') } : undefined,
  };
}

/** The phrase as typed, as a substring of title + author: exact titles, then title prefixes, then the rest. */
export function phraseStatement(phrase: Phrase, page: SearchPage, onEmpty?: SQL, shared?: 'subset'): SQL {
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
export function correctionsOf(words: Placeholder, patterns: Placeholder): SQL {
  return sql`(select json_agg(json_build_object('known', k.known,
      'alts', case when k.known then '[]'::json else coalesce(
        (select json_agg(json_build_object('word', a.word, 'sim', a.sim) order by a.sim desc, a.word)
         from (select d.word, similarity(d.word, k.w) as sim from ${searchWords} d
               where d.word % k.w order by sim desc, d.word limit ${MAX_CORRECTIONS}) a), '[]'::json) end)
      order by k.i)
    from (select q.w, q.i, exists(select 1 from ${searchWords} d where d.word like q.pat) as known
          from unnest(${words}::text[], ${patterns}::text[]) with ordinality as q(w, pat, i)) k)`;
}

/**
 * Every word (or one of its corrections) somewhere in title + author, in any order: `count` words of
 * MAX_CORRECTIONS alternatives each, as placeholders (allWordsBindings; an alternative a word does not have is
 * null, which matches nothing).
 */
export function allWordsStatement(count: number, plain: boolean, page: SearchPage, shared?: 'all'): SQL {
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
export function sharedRows(count: number, plain: boolean, page: SearchPage): SQL {
  const { contains, indexWords } = allWordsParts(count, plain);
  return sql`${SHARED} as materialized (
    with ${candidateCtes(page, contains, sql`false`, indexWords)} select * from candidates)`;
}

/** Courses not deleted: what an admin's search covers. */
const live = isNull(courses.deletedAt);

const averageRating = sql`(${courses.ratingSum}::float8 / nullif(${courses.ratingCount}, 0))`;
const SEARCH_ORDERS: Record<Exclude<TSearchSort, 'relevance'>, SQL[]> = {
  newest: [desc(courses.createdAt), desc(courses.id)],
  priceAsc: [sql`${courses.priceKobo} asc`, desc(courses.id)],
  priceDesc: [desc(courses.priceKobo), desc(courses.id)],
  rating: [sql`${averageRating} desc nulls last`, desc(courses.ratingCount), desc(courses.id)],
};

/** The search page's filters, prices in kobo. */
export type Filters = {
  category?: string;
  minKobo?: number;
  maxKobo?: number;
  minRating?: number;
  language?: string;
};
const FILTERS = ['category', 'minKobo', 'maxKobo', 'minRating', 'language'] as const;

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
    f.language !== undefined ? sql`${courses.language} = ${f.language}` : undefined,
  );
}

const dialect = new PgDialect();
/** A search statement built once: its text, its parameters (placeholders among them) and a name of its own. */
export type BuiltSearch = { text: string; params: unknown[]; name: string };

function built(statement: SQL): BuiltSearch {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, params, name: `search_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}` };
}

/**
 * Search statements by shape (visibility, sort, which filters, whether the words are plain, and for the typo search the
 * number of words), built once with placeholders: building and serializing one cost the server about as much as
 * PostgreSQL's work on a search.
 */
const shapes = new Map<string, BuiltSearch>();
/** Typo searches of more words than this are built for themselves (their shapes are not kept). */
export const MAX_SHAPED_WORDS = 8;

/** The statement of `key` built once (with `build`, from placeholders), or built now when `keep` is false. */
export function shaped(key: string, build: () => SQL, keep = true): BuiltSearch {
  let statement = shapes.get(key);
  if (!statement) {
    statement = built(build());
    if (keep) shapes.set(key, statement);
  }
  return statement;
}

/** A search page's shape (visibility, sort, which filters) as a key, and its page of placeholders. */
export function pageShape(everyStatus: boolean, sort: TSearchSort | undefined, filters: Filters) {
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
