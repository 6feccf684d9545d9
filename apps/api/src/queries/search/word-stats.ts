import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** How long word statistics are used before they are read again (PostgreSQL's ANALYZE refreshes them). */
const MAX_AGE_MS = 10 * 60_000;
/** How many words' shares are kept between two reads of the statistics. */
const MAX_SHARES = 10_000;

/**
 * Which of a search's words the word index should look up: the rarest first, then the next rarest while more than
 * `enough` courses are still expected and the word is in at most `common` of them (`shares`: each word's estimated
 * share of the courses; `rows`: how many courses there are). A word in nearly every course (say "vol." or "for")
 * narrows nothing, yet reading its long entry in the index costs more than checking the few rows the rare words
 * found: the search checks every word on those rows anyway (queries/search/statements.ts), so the answer does not change.
 * On the bench:http data PostgreSQL's candidate lookup takes ~0.7 ms per title search this way, ~2.5 ms with every
 * word. At least one word is always chosen.
 */
export function chooseIndexWords(shares: number[], rows: number, enough = 100, common = 0.2): boolean[] {
  const order = shares.map((share, i) => ({ share, i })).sort((a, b) => a.share - b.share || a.i - b.i);
  const use = shares.map(() => false);
  let expected = rows;
  for (const [k, { share, i }] of order.entries()) {
    if (k > 0 && (expected <= enough || share > common)) break;
    use[i] = true;
    expected *= share;
  }
  return use;
}

/**
 * How common the courses' words are, from PostgreSQL's own statistics of the word index (`most_common_elems` of
 * courses_search_tokens_idx, which ANALYZE keeps): read when first needed and again once older than MAX_AGE_MS, in
 * the background, so a search never waits for it. Before the first read, and where the database has no statistics
 * (PGlite never analyzes on its own), every word is looked up.
 */
export class WordStats {
  #words: string[] = [];
  #freqs: number[] = [];
  #rows = 0;
  #readAt = -Infinity;
  #reading: Promise<void> | undefined;
  /** Each word's share (by its alternatives) under the statistics read last: searches repeat their words. */
  #shares = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = MAX_AGE_MS,
  ) {}

  /** Reads the statistics now (the background read calls this; tests may too). */
  async refresh(): Promise<void> {
    const result = (await this.db.execute(sql`
      select s.most_common_elems::text::text[] as words, s.most_common_elem_freqs as freqs, c.reltuples::float8 as rows
      from pg_class c
      left join pg_stats s on s.schemaname = (select n.nspname from pg_namespace n where n.oid = c.relnamespace)
        and s.tablename = 'courses_search_tokens_idx'
      where c.oid = 'courses'::regclass`)) as unknown as {
      rows: { words: string[] | null; freqs: number[] | null; rows: number }[];
    };
    const [row] = result.rows;
    this.#words = row?.words ?? [];
    this.#freqs = (row?.freqs ?? []).slice(0, this.#words.length);
    this.#rows = row && row.rows > 0 ? row.rows : 0;
    this.#shares.clear();
    this.#readAt = Date.now();
  }

  /**
   * Which of these words (each with its alternatives) the word index should look up (chooseIndexWords), or
   * undefined when there are no statistics yet. A word's share is the summed frequency of the common course words
   * containing one of its alternatives; a word no common course word contains counts as rare.
   */
  choose(words: string[][]): boolean[] | undefined {
    if (!this.#reading && Date.now() - this.#readAt > this.maxAgeMs) {
      this.#readAt = Date.now(); // one read at a time, and none again for a while if this one fails
      this.#reading = this.refresh()
        .catch(() => undefined)
        .finally(() => (this.#reading = undefined));
    }
    if (this.#rows === 0 || this.#words.length === 0) return undefined;
    return chooseIndexWords(
      words.map((alts) => this.shareOf(alts)),
      this.#rows,
    );
  }

  /** The summed frequency of the common course words containing one of `alts` (at most 1), found once. */
  private shareOf(alts: string[]): number {
    const key = alts.join(' ');
    let share = this.#shares.get(key);
    if (share !== undefined) return share;
    share = 0;
    const common = this.#words;
    // Plain loops over up to a thousand words: a profile of title searches put a tenth of the server's work here.
    for (let k = 0; k < common.length; k++) {
      for (let a = 0; a < alts.length; a++) {
        if (common[k]!.includes(alts[a]!)) {
          share += this.#freqs[k] ?? 0;
          break;
        }
      }
    }
    share = Math.min(1, share);
    // Bounded: a flood of distinct words starts the memo again rather than growing it.
    if (this.#shares.size >= MAX_SHARES) this.#shares.clear();
    this.#shares.set(key, share);
    return share;
  }

  /** Resolves once a background read in progress has finished. */
  settled(): Promise<void> {
    return this.#reading ?? Promise.resolve();
  }
}
