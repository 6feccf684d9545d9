import type { Db } from '../src/db/client.ts';

/**
 * Records the SQL statements `db` sends while `work` runs: every call of its client's `query` (PGlite, or the pg
 * pool), which is what drizzle calls once per statement, raw, built or prepared. (Drizzle's query logger cannot be
 * used: a prepared statement keeps the logger it was prepared with.)
 */
export async function statementsOf(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  type Query = (...args: unknown[]) => unknown;
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    seen.push(typeof q === 'string' ? q : (q as { text: string }).text);
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return seen;
}
