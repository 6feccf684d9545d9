import type DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import { MAX_ID } from '@app/contract/common';
import type { Db } from '../db/client.ts';
import { courseCategories, courses } from '../db/schema.ts';
import { perTurnLoader } from '../db/per-turn.ts';
import { prepared } from '../db/prepared.ts';
import { cardRowsQuery } from './course-rows.ts';

/**
 * Course rows with their cards (course-rows.ts `cardRowsQuery`) read by id in batches: the ids that every request
 * handled in one turn of the event loop asks for go to PostgreSQL in one statement. Under load a guest's uncached
 * list, category or detail page each cost a round trip of its own (a socket write that wakes a backend, a bind and
 * an execute, a result to parse); requests arriving together share one. A request alone still sends its own
 * statement in the same turn (`setImmediate`: after the I/O callbacks of the turn, before its timers), so a
 * quiet server answers without waiting. Each caller gets the rows it asked for in its own order, and nothing is
 * kept between turns; two callers asking for the same course in one turn get the same row object, which no reader
 * changes.
 *
 * Beside the card columns each row carries `listedIn`, its category's code, so that a category page can check its
 * rows in the same statement (a course that moved a moment ago, while another instance's invalidation is on its
 * way).
 */
export type ListedCardRow = Awaited<ReturnType<ReturnType<typeof byIdsStatement>['execute']>>[number];

/** At most this many ids in one statement (100 pages of 10 courses). */
const MAX_BATCH = 1000;

const byIdsStatement = (db: Db) =>
  prepared(db, 'card_rows_by_ids', () =>
    cardRowsQuery(db, undefined, {
      listedIn: sql<string>`(select ${courseCategories.code} from ${courseCategories} where ${courseCategories.id} = ${courses.categoryId})`,
    })
      .where(sql`${courses.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('card_rows_by_ids'),
  );

const loaders = new WeakMap<Db, DataLoader<number, ListedCardRow | undefined>>();

function loaderOf(db: Db): DataLoader<number, ListedCardRow | undefined> {
  let loader = loaders.get(db);
  if (!loader) {
    loader = perTurnLoader<number, ListedCardRow | undefined>(async (ids) => {
      // Only ids a course can have go in: one request's impossible id must not fail the others' statement.
      const valid = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID);
      const rows = valid.length ? await byIdsStatement(db).execute({ ids: valid }) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id));
    }, MAX_BATCH);
    loaders.set(db, loader);
  }
  return loader;
}

/**
 * The rows of the courses `ids` with their cards, deleted and unpublished ones included (the caller decides who may
 * see them), in the order of `ids`; an id with no course is left out. Read together with the other requests of this
 * turn of the event loop (see ListedCardRow).
 */
export async function cardRowsByIds(db: Db, ids: readonly number[]): Promise<ListedCardRow[]> {
  const loaded = await loaderOf(db).loadMany(ids);
  const rows: ListedCardRow[] = [];
  for (const row of loaded) {
    if (row instanceof Error) throw row;
    if (row) rows.push(row);
  }
  return rows;
}
