import { createHash } from 'node:crypto';
import type DataLoader from 'dataloader';
import { perTurnLoader } from './per-turn.ts';

/**
 * Searches of one shape that arrive in the same turn of the event loop, run as one statement on a PostgreSQL server.
 *
 * Each search is a round trip of its own. Under load that is one socket write waking a backend, a bind and an execute,
 * and a result to parse, all on 2 cores shared by the server, its backends and the load. Searches of one shape
 * (the same statement text, queries/search/shapes.ts `shaped`) are read together, as guests' cards are
 * (queries/card-rows.ts):
 *
 *     select b.k, r.* from json_array_elements($1::json) with ordinality as b(v, k)
 *       cross join lateral (select (b.v ->> 0)::integer as p1, ... offset 0) as p
 *       cross join lateral (<the search, with p.p1 for $1, ...>) as r
 *
 * - Each search keeps its own parameters, and PostgreSQL runs it for its row of `b`, as it would alone.
 * - A lateral subquery is joined by a nested loop, so each search's rows come out in the order its own statement
 *   gives them. A single search statement relies on the same order for its page.
 * - Each `$n` becomes `p.pn`, read from the json once per search as `(b.v ->> n-1)::type`, with the type PostgreSQL
 *   infers for `$n` in the search alone: it is read once per shape by preparing the statement (`PREPARE`, then
 *   `pg_prepared_statements`). The values go in as the text node-postgres would send (`prepareValue`).
 * - A search alone in its turn runs as a statement of its own. If a combined statement fails on an error of PostgreSQL's, each
 *   search of that batch runs alone, so each gets what it would have got alone; when PostgreSQL refused the combined
 *   statement itself, its shape is never combined again (`refused`). When the connection failed it (lost, timed
 *   out), every search of the batch fails with that error, as each would have alone.
 */
export type BoundSearch = { name: string; text: string; values: unknown[] };
export type Rows = Record<string, unknown>[];

type Query = { name?: string; text: string; values?: unknown[] };
/** What this module needs of a node-postgres pool. */
export type Pool = {
  query(q: Query): Promise<{ rows: Rows }>;
  query(text: string): Promise<{ rows: Rows } | { rows: Rows }[]>;
  connect(): Promise<PoolClient>;
};
type PoolClient = {
  query(q: Query | string): Promise<{ rows: Rows }>;
  release(destroy?: boolean): void;
};

/** At most this many searches in one statement. */
const MAX_BATCH = 32;

type Shape = {
  loader: DataLoader<unknown[], Rows>;
  /** The combined statement's text, built once from the parameter types. */
  combined?: Promise<string>;
  /** PostgreSQL refused the combined statement: the shape runs one search at a time from then on. */
  refused?: boolean;
};
const pools = new WeakMap<Pool, Map<string, Shape>>();
/** Connections on which JIT compilation is off (see runCombined). */
const withoutJit = new WeakSet<PoolClient>();

/** Each parameter's type in `text` as PostgreSQL infers it (e.g. `integer`, `text[]`). */
async function parameterTypes(pool: Pool, text: string): Promise<string[]> {
  const name = `types_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  // One simple query: the three statements run on the same connection, and the name is gone afterwards.
  const results = await pool.query(
    `prepare ${name} as ${text}; select parameter_types::text[] as types from pg_prepared_statements where name = '${name}'; deallocate ${name}`,
  );
  const selected = (results as { rows: Rows }[])[1]!.rows[0] as { types: string[] };
  return selected.types;
}

/** The statement that runs many searches of `text` at once: `$1` is a json array of each search's values. */
export function combinedText(text: string, types: string[]): string {
  const columns = types.map((type, i) => {
    if (!/^[a-z0-9 _"[\]]+$/i.test(type))
      throw Object.assign(new Error(`no type for $${i + 1}`), { code: 'XX' });
    return `(b.v ->> ${i})::${type} as p${i + 1}`;
  });
  const inner = text.replace(/\$(\d+)/g, (_, n: string) => {
    if (Number(n) > types.length) throw Object.assign(new Error(`no type for $${n}`), { code: 'XX' });
    return `p.p${n}`;
  });
  // The values are read from the json once per search (`offset 0` keeps PostgreSQL from pulling the subquery up
  // into the search, where it would parse the json again for every row a condition checks).
  return `select b.k::int as batch_k, r.* from json_array_elements($1::json) with ordinality as b(v, k)
    cross join lateral (select ${columns.join(', ')} offset 0) as p
    cross join lateral (${inner}) as r`;
}

/** What node-postgres sends for a value (text, or null), loaded on first use: embedded mode never loads pg. */
let prepareValue: ((v: unknown) => unknown) | undefined;

async function runCombined(pool: Pool, search: BoundSearch, shape: Shape, batch: readonly unknown[][]) {
  shape.combined ??= parameterTypes(pool, search.text).then((types) => combinedText(search.text, types));
  const text = await shape.combined;
  prepareValue ??= (
    (await import('pg')).default as unknown as { utils: { prepareValue(v: unknown): unknown } }
  ).utils.prepareValue;
  const values = JSON.stringify(batch.map((vs) => vs.map((v) => prepareValue!(v) ?? null)));
  // PostgreSQL estimates a combined statement at 100 searches (json_array_elements), which passes jit_above_cost:
  // compiling one took 250 ms of a statement that runs in 10. JIT pays off for long analytical queries, and this
  // server's are short, so it is turned off on each connection that runs one, before its first.
  const client = await pool.connect();
  let rows: Rows;
  try {
    if (!withoutJit.has(client)) {
      await client.query('set jit = off');
      withoutJit.add(client);
    }
    ({ rows } = await client.query({ name: `${search.name}_b`, text, values: [values] }));
  } catch (err) {
    client.release(true); // its state is unknown: a new connection replaces it
    throw err;
  }
  client.release();
  const each: Rows[] = batch.map(() => []);
  for (const { batch_k: k, ...row } of rows) each[(k as number) - 1]!.push(row);
  return each;
}

function shapeOf(pool: Pool, search: BoundSearch): Shape {
  let shapes = pools.get(pool);
  if (!shapes) pools.set(pool, (shapes = new Map()));
  let shape = shapes.get(search.name);
  if (!shape) {
    // One search's failure is its own: DataLoader rejects only the callers whose entry is an Error.
    const alone = (values: unknown[]) =>
      pool.query({ name: search.name, text: search.text, values }).then(
        (r) => r.rows,
        (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
      );
    const created: Shape = {
      loader: perTurnLoader<unknown[], Rows>(async (batch) => {
        if (batch.length === 1 || created.refused) return Promise.all(batch.map(alone));
        try {
          return await runCombined(pool, search, created, batch);
        } catch (err) {
          const code = String((err as { code?: unknown }).code ?? '');
          created.combined = undefined;
          // The connection, not the statement: a lost or refused connection, a timeout, a cancel. Alone, each
          // search would have failed the same way, and running them again would double their wait (DB_TIMEOUT_MS).
          if (!code || /^(08|53|57)/.test(code)) {
            const failed = err instanceof Error ? err : new Error(String(err));
            return batch.map(() => failed);
          }
          // A statement PostgreSQL refuses (class 42: a type the combined text gets wrong, say) would be refused
          // again. Anything else may be one search's value: each runs alone and gets its own answer or error.
          if (code.startsWith('42') || code === 'XX') created.refused = true;
          return Promise.all(batch.map(alone));
        }
      }, MAX_BATCH),
    };
    shapes.set(search.name, (shape = created));
  }
  return shape;
}

/** The rows of one named search statement, read with the other searches of its shape in this turn. */
export function runBatched(pool: Pool, search: BoundSearch): Promise<Rows> {
  return shapeOf(pool, search).loader.load(search.values);
}
