import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as coreSchema from './schema.ts';
import * as moneySchema from './schema-money.ts';
import * as learningSchema from './schema-learning.ts';
import * as qaSchema from './schema-qa.ts';
import * as trustSchema from './schema-trust.ts';
import * as growthSchema from './schema-growth.ts';
import * as cohortSchema from './schema-cohorts.ts';
import * as protectionSchema from './schema-protection.ts';
import * as plansSchema from './schema-plans.ts';
import * as assignmentSchema from './schema-assignments.ts';
import * as referralSchema from './schema-referrals.ts';
import * as giftSchema from './schema-gifts.ts';
import * as captionSchema from './schema-captions.ts';
import * as teamSchema from './schema-teams.ts';
import { countQueryError, watchPool } from '../lib/metrics.ts';

const schema = {
  ...coreSchema,
  ...moneySchema,
  ...learningSchema,
  ...qaSchema,
  ...trustSchema,
  ...growthSchema,
  ...cohortSchema,
  ...protectionSchema,
  ...plansSchema,
  ...assignmentSchema,
  ...referralSchema,
  ...giftSchema,
  ...captionSchema,
  ...teamSchema,
};

/** The same query API whether PGlite or a PostgreSQL server is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; instances starting together apply them once (PostgreSQL advisory lock). */
  migrate(): Promise<void>;
  /** Runs start-up work (admin account, demo content) while no other instance runs its own. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: PGlite calls back in-process; on a server one dedicated connection listens (and
   * reconnects, then calls back once with '': messages may have been missed). Resolves to unlisten.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
};

/** The advisory lock every instance takes around migrations and start-up work: any constant unique to us. */
export const STARTUP_LOCK_KEY = 0x6465766c; // 'devl'

/** Migrations sit beside this file in the source tree and beside main.js in the build. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export class DatabaseLockedError extends Error {}

/**
 * PGlite's shared buffers. Its default (PostgreSQL's 128 MB) is set up inside WebAssembly on every start, about
 * 0.4 s of a restart on a 2-core machine; an embedded database (demo content, one laptop) is a few MB, and
 * 32 MB holds all of it. A PostgreSQL server keeps its own setting.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Opens PostgreSQL: a server when `url` is given (a connection pool), otherwise embedded PGlite with its
 * files in `dataDir` (or in memory when `dataDir` is null, for tests).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string | null;
  /**
   * Connections to a server (DB_POOL_SIZE, default 4). A busy PostgreSQL runs as many queries at once as it has
   * cores; more connections than that only make each query wake a sleeping backend: on the bench machine (2 cores)
   * a guest's list page cost PostgreSQL 0.67-0.69 ms of CPU with 10 connections, 0.46-0.47 ms with 4 and 0.35-0.39
   * ms with 2, at the same server CPU. 4 leaves room for a transaction or a slow query beside the catalogue's reads.
   */
  poolSize?: number;
  /**
   * Longest wait (ms) of a call's query for a connection and for its answer (DB_TIMEOUT_MS): past it the query
   * fails (a 503) instead of hanging while the server is away. Start-up work (the lock, migrations) is not bound.
   */
  timeoutMs?: number;
}): Promise<Database> {
  // Each kind loads only its own driver (start-up time): PGlite's modules are not needed on a server, nor pg's
  // in embedded mode.
  if (opts.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const url = opts.url;
    const bounded = opts.timeoutMs
      ? { connectionTimeoutMillis: opts.timeoutMs, query_timeout: opts.timeoutMs }
      : {};
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 4, ...bounded });
    pool.on('error', () => {}); // an idle client dropped by the server is replaced on next use
    // A client checked out for a transaction has no error listener of the pool's: the server going away between
    // two of its queries would be an uncaught exception (the process ends). Its queries fail (a 503) and the pool
    // drops it on release, so the event itself needs no handling.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      countErrorsOf(client);
    });
    const unwatch = watchPool(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // One drizzle instance per pooled connection, made on its first transaction: making one walks the whole schema
    // (its relations), about as much CPU as a short transaction's own queries.
    const onClient = new WeakMap<pg.PoolClient, Db>();
    db.transaction = pooledTransaction(pool, (client) => {
      let clientDb = onClient.get(client);
      if (!clientDb) onClient.set(client, (clientDb = drizzlePg(client, { schema }) as unknown as Db));
      return clientDb;
    });
    // Session-level lock on a connection of its own, without the timeout: an instance starting beside another
    // waits for that one's migrations and demo content. The work itself may use any connection.
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        await client.end();
      }
    };
    // Migrations get an unbounded connection too: building an index on a large table may take minutes.
    const migrate = () =>
      exclusive(async () => {
        const unbounded = new pg.Pool({ connectionString: url, max: 1 });
        try {
          await migratePg(drizzlePg(unbounded, { schema }) as never, { migrationsFolder });
        } finally {
          await unbounded.end();
        }
      });
    return {
      db,
      kind: 'postgres',
      migrate,
      exclusive,
      close: () => {
        unwatch();
        return pool.end();
      },
      listen: (channel, onMessage) => listenOnServer(url, channel, onMessage),
    };
  }
  let release = () => {};
  let dir: string | undefined;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    release = lockDataDir(opts.dataDir);
    dir = path.join(opts.dataDir, 'pgdata');
  }
  try {
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
      await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
        import('drizzle-orm/pglite'),
        import('drizzle-orm/pglite/migrator'),
      ]);
    const client = await PGlite.create(dir, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    countErrorsOf(client);
    const transaction = client.transaction.bind(client);
    client.transaction = (work) =>
      transaction((tx) => {
        countErrorsOf(tx);
        return work(tx);
      });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      listen: (channel, onMessage) => client.listen(channel, onMessage),
      // One process owns an embedded data directory (lockDataDir), so there is nobody to wait for.
      exclusive: (work) => work(),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

type Queryable = { query: (...args: never[]) => unknown; exec?: (...args: never[]) => unknown };

/**
 * Counts the statements of `client` that fail (devlearn_db_query_errors_total); the caller still gets each error.
 * Promise and callback calls alike (pg's pool queries through a callback).
 */
function countErrorsOf(client: Queryable): void {
  for (const method of ['query', 'exec'] as const) {
    const original = client[method] as ((...args: unknown[]) => unknown) | undefined;
    if (!original) continue;
    (client as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (err: unknown, ...rest: unknown[]) => {
          if (err) countQueryError(err);
          return (last as (...a: unknown[]) => unknown)(err, ...rest);
        };
      }
      const result = original.apply(client, args);
      if (result instanceof Promise) result.then(undefined, countQueryError);
      return result;
    };
  }
}

/**
 * `db.transaction` on a pool, releasing the connection on every path and dropping it when its state is unknown.
 * drizzle-orm 0.45's own pooled transaction runs BEGIN before the try that releases the connection, and releases
 * it as healthy after a failed ROLLBACK (drizzle-team/drizzle-orm#6114, #6241, open). With DB_TIMEOUT_MS a BEGIN
 * that times out during an outage is common: each one kept a connection checked out for good, so an instance
 * never recovered once `poolSize` of them had happened, and closing it waited forever. Here the transaction runs
 * on a connection checked out by us; drizzle rethrows the callback's own error only after a ROLLBACK that
 * succeeded, so any other error (BEGIN, COMMIT or ROLLBACK failed) releases the connection to be destroyed.
 */
function pooledTransaction(pool: pg.Pool, onClient: (client: pg.PoolClient) => Db): Db['transaction'] {
  return async (work, config) => {
    const client = await pool.connect();
    const none = Symbol('none');
    let workError: unknown = none;
    let broken: Error | undefined;
    try {
      return await onClient(client).transaction(async (tx) => {
        try {
          return await work(tx);
        } catch (err) {
          workError = err;
          throw err;
        }
      }, config);
    } catch (err) {
      if (err !== workError) broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.release(broken);
    }
  };
}

/**
 * One connection that LISTENs on `channel` and reconnects every second while it is down. After a reconnect it
 * calls back once with the empty payload '': messages may have been missed meanwhile.
 */
async function listenOnServer(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect(false).catch(retry);
    }, 1000);
  };
  const { Client } = (await import('pg')).default;
  const connect = async (first: boolean) => {
    const c = new Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => {}); // 'end' follows
    c.on('end', () => {
      if (client === c) client = null;
      retry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    client = c;
    if (!first) onMessage('');
  };
  try {
    await connect(true);
  } catch (err) {
    // The caller gets the error and no way to stop us: the 'end' of the failed client must not start retries.
    stopped = true;
    clearTimeout(timer);
    throw err;
  }
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}

/** Only one process may open an embedded data directory: a second one gets a clear error, not corruption. */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pgdata.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dataDir} is already open in another process (pid ${pid}). ` +
            'Stop that process, or set DATA_DIR to another folder.',
        );
      }
      rmSync(file, { force: true }); // left behind by a process that is gone
    }
  }
  throw new DatabaseLockedError(`Could not lock ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
