import type { Db } from '../db/client.ts';

const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement built once per database handle and prepared under `name`, for the reads a catalogue miss makes on
 * every request. Building a query with drizzle (its entity checks, field ordering and SQL assembly) took about a
 * fifth of the CPU of an uncached course detail in a profile; a prepared statement is built once, and PostgreSQL
 * parses and plans it once per connection. Values go in as placeholders (`sql.placeholder('id')`) at `execute`.
 * `name` must be unique to the statement's text (PostgreSQL refuses a name reused for other SQL on a connection).
 */
export function prepared<T>(db: Db, name: string, build: () => T): T {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (!statement) byName.set(name, (statement = build()));
  return statement;
}
