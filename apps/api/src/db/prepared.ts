import { Column, SQL, Subquery, is } from 'drizzle-orm';
import type { Db } from './client.ts';

const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement built once per database handle and prepared under `name`, for the reads a catalogue miss makes on
 * every request. Building a query with drizzle (its entity checks, field ordering and SQL assembly) took about a
 * fifth of the CPU of an uncached course detail in a profile; a prepared statement is built once, and PostgreSQL
 * parses and plans it once per connection. Values go in as placeholders (`sql.placeholder('id')`) at `execute`.
 * `name` must be unique to the statement's text (PostgreSQL refuses a name reused for other SQL on a connection).
 * Its rows are mapped by `mapFlatRows` when its fields allow it.
 */
export function prepared<T>(db: Db, name: string, build: () => T): T {
  let byName = built.get(db);
  if (!byName) built.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (!statement) byName.set(name, (statement = mapFlatRows(build())));
  return statement;
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Field = { path: string[]; field: unknown };
/** What `mapFlatRows` reads and sets on drizzle's prepared queries (node-postgres and PGlite alike, 0.45). */
type PreparedInternals = { fields?: Field[]; customResultMapper?: (rows: unknown[][]) => unknown };

/** The decoder drizzle's `mapResultRow` uses for a selected field (an SQL's `decoder` is internal to drizzle). */
function decoderOf(field: unknown): Decoder {
  const decoder = (s: unknown) => (s as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoder(field);
  if (is(field, Subquery)) return decoder(field._.sql);
  return decoder((field as SQL.Aliased).sql);
}

/**
 * Maps the rows of a prepared select whose fields are all top-level (`{ id: courses.id, n: sql`...` }`, no nested
 * objects) with each field's decoder found once, instead of drizzle's `mapResultRow`, which finds it again for every
 * field of every row (entity checks up the prototype chain, an iterator over the field's path): ~80 us of a guest's
 * list miss (10 rows of 20 columns) in a profile. The rows are the same objects, keys in the same order, values
 * through the same decoders (test/db/prepared.test.ts). Anything else (nested fields, a mapper already set, a
 * drizzle whose prepared queries look otherwise) is left to drizzle. Returns `statement`.
 */
export function mapFlatRows<T>(statement: T): T {
  const s = statement as PreparedInternals;
  if (!Array.isArray(s.fields) || !('customResultMapper' in s) || s.customResultMapper !== undefined)
    return statement;
  const fields = s.fields;
  if (!fields.every((f) => f.path.length === 1)) return statement;
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  s.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        out[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return out;
    });
  return statement;
}

/** True when `statement`'s rows are mapped by `mapFlatRows` (tests). */
export const mapsFlatRows = (statement: unknown) =>
  (statement as PreparedInternals).customResultMapper !== undefined;
