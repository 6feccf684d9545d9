import { beforeAll, describe, expect, it } from 'vitest';
import { searchCourses } from '../../src/queries/search/search-courses.ts';
import { combinedText, runBatched, type Pool, type Rows } from '../../src/db/statement-batch.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useAccounts } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { needs } from '../needs.ts';
import { statementsOf } from '../statements.ts';
import type { Db } from '../../src/db/client.ts';

type Sent = { name?: string; text: string; values?: unknown[] };

/**
 * A pool that answers a search `[n, word]` alone with two rows, and a combined statement with what `combined`
 * makes of its searches' values (or throws it). A search of the word "fail" fails alone.
 */
function fakePool(combined: (batch: string[][]) => Rows | Error) {
  const sent: Sent[] = [];
  const pool = {
    async query(q: string | Sent) {
      if (typeof q === 'string') {
        sent.push({ text: q });
        return [{ rows: [] }, { rows: [{ types: ['integer', 'text'] }] }, { rows: [] }];
      }
      sent.push(q);
      if (q.name?.endsWith('_b')) {
        const made = combined(JSON.parse(q.values![0] as string) as string[][]);
        if (made instanceof Error) throw made;
        return { rows: made };
      }
      const [n, word] = q.values as [number, string];
      if (word === 'fail') throw Object.assign(new Error('bad search'), { code: '22003' });
      return {
        rows: [
          { n, word },
          { n, word: `${word}!` },
        ],
      };
    },
  };
  // One connection, on which the first combined statement turns JIT off.
  const client = { query: pool.query, release: () => {} };
  const connect = async () => client;
  return { pool: { ...pool, connect } as unknown as Pool, sent };
}

/** What a combined statement answers: each search's two rows, numbered by search. */
const answer = (batch: string[][]): Rows =>
  batch.flatMap(([n, word], i) => [
    { batch_k: i + 1, n: Number(n), word },
    { batch_k: i + 1, n: Number(n), word: `${word}!` },
  ]);
const search = (name: string, n: number, word: string) => ({
  name,
  text: 'select $1::int as n, $2 as word',
  values: [n, word],
});
/** A statement's name, or the first word of an unnamed one. */
const nameOf = (q: Sent) => q.name ?? q.text.split(' ')[0];
const failing = (code: string) => () => Object.assign(new Error('refused'), { code });

// Searches of one shape asked for in the same turn of the event loop run as one statement (db/statement-batch.ts).
describe('searches of one shape read together', () => {
  it('runs the searches of one turn as one statement, each getting its own rows in order', async () => {
    const { pool, sent } = fakePool(answer);
    const rows = await Promise.all([
      runBatched(pool, search('s_one', 1, 'a')),
      runBatched(pool, search('s_one', 2, 'b')),
      runBatched(pool, search('s_one', 3, 'c')),
    ]);
    expect(rows).toEqual([
      [
        { n: 1, word: 'a' },
        { n: 1, word: 'a!' },
      ],
      [
        { n: 2, word: 'b' },
        { n: 2, word: 'b!' },
      ],
      [
        { n: 3, word: 'c' },
        { n: 3, word: 'c!' },
      ],
    ]);
    // The parameters' types once, JIT off on the connection, then one statement with every search's values as
    // node-postgres sends them.
    expect(sent).toHaveLength(3);
    expect(sent[0]!.text).toMatch(
      /^prepare types_\w+ as select \$1::int as n, \$2 as word; select parameter_types/,
    );
    expect(sent[1]!.text).toBe('set jit = off');
    expect(sent[2]!.name).toBe('s_one_b');
    expect(sent[2]!.values).toEqual([
      JSON.stringify([
        ['1', 'a'],
        ['2', 'b'],
        ['3', 'c'],
      ]),
    ]);
    expect(sent[2]!.text).toContain('(b.v ->> 0)::integer as p1, (b.v ->> 1)::text as p2 offset 0');
    expect(sent[2]!.text).toContain('select p.p1::int as n, p.p2 as word');
    // A search alone in its turn is its own statement, under its own name.
    expect(await runBatched(pool, search('s_one', 4, 'd'))).toEqual([
      { n: 4, word: 'd' },
      { n: 4, word: 'd!' },
    ]);
    expect(sent.slice(3)).toEqual([
      { name: 's_one', text: 'select $1::int as n, $2 as word', values: [4, 'd'] },
    ]);
  });

  it("runs each search alone when their statement fails, and only a search's own failure reaches its caller", async () => {
    const { pool, sent } = fakePool(failing('22003'));
    const results = await Promise.allSettled([
      runBatched(pool, search('s_two', 1, 'a')),
      runBatched(pool, search('s_two', 2, 'fail')),
      runBatched(pool, search('s_two', 3, 'c')),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      [
        { n: 1, word: 'a' },
        { n: 1, word: 'a!' },
      ],
      'bad search',
      [
        { n: 3, word: 'c' },
        { n: 3, word: 'c!' },
      ],
    ]);
    expect(sent.map(nameOf)).toEqual(['prepare', 'set', 's_two_b', 's_two', 's_two', 's_two']);
    // Such a failure (here, one search's value) may not happen again: the next turn's searches go together again.
    sent.length = 0;
    await Promise.all([runBatched(pool, search('s_two', 5, 'e')), runBatched(pool, search('s_two', 6, 'f'))]);
    expect(sent.map(nameOf)).toEqual(['prepare', 's_two_b', 's_two', 's_two']);
  });

  it('never combines again a shape whose combined statement PostgreSQL refused', async () => {
    const { pool, sent } = fakePool(failing('42883'));
    const first = await Promise.all([
      runBatched(pool, search('s_three', 1, 'a')),
      runBatched(pool, search('s_three', 2, 'b')),
    ]);
    expect(first.map((rows) => rows[0])).toEqual([
      { n: 1, word: 'a' },
      { n: 2, word: 'b' },
    ]);
    sent.length = 0;
    await Promise.all([
      runBatched(pool, search('s_three', 3, 'c')),
      runBatched(pool, search('s_three', 4, 'd')),
    ]);
    expect(sent.map((q) => q.name)).toEqual(['s_three', 's_three']);
  });

  it('fails every search of a statement the connection failed, without running them again', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const { pool, sent } = fakePool(() => lost);
    const results = await Promise.allSettled([
      runBatched(pool, search('s_four', 1, 'a')),
      runBatched(pool, search('s_four', 2, 'b')),
    ]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual([
      'Connection terminated unexpectedly',
      'Connection terminated unexpectedly',
    ]);
    expect(sent.map(nameOf)).toEqual(['prepare', 'set', 's_four_b']);
    // The shape is combined again once the connection is back.
    sent.length = 0;
    await Promise.allSettled([
      runBatched(pool, search('s_four', 3, 'c')),
      runBatched(pool, search('s_four', 4, 'd')),
    ]);
    expect(sent.map(nameOf)).toEqual(['prepare', 's_four_b']);
  });

  it('reads each parameter by its own number, and takes only plain type names', () => {
    const text = combinedText(
      'select $1, $10, $2',
      Array.from({ length: 10 }, () => 'integer'),
    );
    expect(text).toContain('select p.p1, p.p10, p.p2');
    expect(text).toContain('(b.v ->> 9)::integer as p10');
    expect(() => combinedText('select $1', ['integer); drop table courses; --'])).toThrow();
    expect(() => combinedText('select $2', ['integer'])).toThrow();
  });
});

/** The statements `db` sends while `work` runs: through its pool (statementsOf) and through connections taken from it. */
async function sentDuring(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  type Client = { query: (...args: unknown[]) => unknown };
  const pool = (db as unknown as { $client: { connect: () => Promise<Client> } }).$client;
  const connect = pool.connect;
  const taken: string[] = [];
  // Only the promise form: the pool's own query() takes a connection with a callback.
  pool.connect = function (this: unknown, ...args: unknown[]) {
    if (args.length) return (connect as (...a: unknown[]) => Promise<Client>).apply(this, args);
    return connect.call(this).then((client) => {
      const query = client.query;
      return Object.assign(Object.create(client) as Client, {
        query: (...q: unknown[]) => {
          taken.push(typeof q[0] === 'string' ? q[0] : (q[0] as { text: string }).text);
          return query.apply(client, q);
        },
      });
    });
  };
  try {
    return [...(await statementsOf(db, work)), ...taken];
  } finally {
    pool.connect = connect;
  }
}

// On a PostgreSQL server (as in CI's second run): real searches of every kind, alone and at the same moment.
describe.skipIf(await needs('postgres'))('searches made at the same moment on PostgreSQL', () => {
  const t = useTestApp();
  const [tutor] = useAccounts(t, 'tutor');

  beforeAll(async () => {
    // A word no other test uses, so that other test files' courses cannot change these answers between the runs.
    const titles = [
      'Zubanqo Fundamentals',
      'Zubanqo Fundamentals Two',
      'Zubanqo for Beginners',
      'Advanced Zubanqo Patterns',
      'Zubanqo Crash Course',
      'Beginners Guide to Zubanqo',
    ];
    for (const [i, title] of titles.entries())
      await buildApprovedCourse(t, tutor, { title, nairaPrice: 1000 * (i + 1), category: 'DataAnalyst' });
  });

  it('gives each search what it gives alone, in fewer statements', async () => {
    const all = [
      { search: 'zubanqo', pageNo: 0, pageSize: 2 },
      { search: 'zubanqo', pageNo: 1, pageSize: 2 },
      { search: 'zubanqo', pageNo: 5, pageSize: 2 },
      { search: 'zubanqo fundamentals', pageNo: 0, pageSize: 10 },
      // Typos: the corrected phrase, then every corrected word in any order.
      { search: 'zubnqo fundamentals', pageNo: 0, pageSize: 10 },
      { search: 'zubanq beginners', pageNo: 0, pageSize: 10 },
      { search: 'beginners zubanqo', pageNo: 0, pageSize: 10 },
      { search: 'zubanqo', pageNo: 0, pageSize: 10, sort: 'priceDesc' as const },
      { search: 'zubanqo', pageNo: 0, pageSize: 10, sort: 'newest' as const, maxPrice: 3000 },
      { search: 'zubanqo', pageNo: 0, pageSize: 10, sort: 'priceAsc' as const, minPrice: 2000 },
      { search: 'zubanqo', pageNo: 0, pageSize: 10, category: 'DataAnalyst', minPrice: 4000 },
      { search: 'qqzzqq zubanqo', pageNo: 0, pageSize: 10 },
    ];
    const run = ({ search: s, ...opts }: (typeof all)[number]) =>
      searchCourses(t.ctx.db, s, { ...opts, everyStatus: false, wordStats: t.ctx.wordStats });
    const alone: Awaited<ReturnType<typeof run>>[] = [];
    const sentAlone = await sentDuring(t.ctx.db, async () => {
      for (const s of all) alone.push(await run(s));
    });
    // The answers are the searches' own (a sample, so that a wrong page or order shows).
    expect(alone[0]!.hits.map((h) => h.title)).toEqual(['Zubanqo Crash Course', 'Zubanqo for Beginners']);
    expect(alone[4]).toMatchObject({ correctedSearch: 'zubanqo fundamentals', total: 2 });
    expect(alone[7]!.hits[0]!.title).toBe('Beginners Guide to Zubanqo');
    expect(alone[11]).toMatchObject({ total: 0, hits: [] });

    for (let round = 0; round < 2; round++) {
      let together: typeof alone = [];
      const sent = await sentDuring(t.ctx.db, async () => {
        together = await Promise.all(all.map(run));
      });
      expect(together).toEqual(alone);
      expect(sent.some((text) => text.startsWith('select b.k::int as batch_k'))).toBe(true);
      // Round 0 also reads each new shape's parameter types, once.
      if (round === 1) expect(sent.length).toBeLessThan(sentAlone.length);
    }
  });
});
