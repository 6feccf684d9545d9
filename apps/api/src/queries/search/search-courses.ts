import { Placeholder, sql } from 'drizzle-orm';
import type { TSearchHit, TSearchSort } from '@app/contract/courses';
import { nairaToKobo } from '@app/contract/money';
import type { Db } from '../../db/client.ts';
import { runBatched, type Pool } from '../../db/statement-batch.ts';
import type { Page } from '../courses.ts';
import {
  allWordsStatement,
  correctionsOf,
  firstMatching,
  pageShape,
  phrasePlaceholders,
  phraseStatement,
  shaped,
  sharedRows,
  MAX_SHAPED_WORDS,
  type BuiltSearch,
  type Filters,
} from './shapes.ts';
import {
  containsLike,
  escapeLike,
  indexWordsOf,
  MAX_CORRECTIONS,
  none,
  wordArrays,
  type Correction,
  type CorrectionMemo,
  type SearchResult,
  type SearchRow,
  type WordChoice,
} from './statements.ts';

const hitsOf = (rows: SearchRow[]): TSearchHit[] =>
  rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, title: r.title!, author: r.author! }));

/** Three letters or digits in a row: a LIKE pattern containing them has a trigram the trigram index can look up. */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

/**
 * Runs a built statement with its placeholders' values. With `named` on a PostgreSQL server it is a named prepared
 * statement: PostgreSQL parses it once per connection and, once its generic plan is no dearer than the custom ones,
 * stops planning it per search. The name is the text's hash, so a shape (which filters, which sort) never reuses
 * another's name. Named searches of one shape in the same turn run as one statement (db/statement-batch.ts). PGlite runs
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

/** The answer of a `firstMatching` statement: the rows of its first search that matched anything. */
function firstMatched(rows: SearchRow[]): { hits: TSearchHit[]; total: number } {
  const chosen = rows.find((r) => r.total > 0)?.step;
  if (chosen === undefined) return { hits: [], total: 0 };
  return {
    hits: hitsOf(rows.filter((r) => r.step === chosen)),
    total: rows.find((r) => r.step === chosen)!.total,
  };
}

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

/** The values of phrasePlaceholders(prefix, ...). */
function phraseBindings(prefix: string, phrase: ReturnType<typeof phraseValues>): Record<string, unknown> {
  const { words, ...values } = phrase;
  return Object.fromEntries(
    Object.entries({ ...values, ...words }).map(([name, value]) => [`${prefix}${name}`, value]),
  );
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

/** The search page's filters and order, prices in naira (the request's). */
export type SearchFilters = {
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  language?: string;
  sort?: TSearchSort;
};

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
    language: opts.language,
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
