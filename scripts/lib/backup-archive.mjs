// What `npm run backup` and `npm run restore` share (docs/OPERATIONS.md, "Backup and restore"): where the data is
// (the server's own DATA_DIR, DATABASE_URL and S3_BUCKET), the schema version, the lock of an embedded database.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
export const ARCHIVE_FORMAT = 'devlearn-backup/1';
export const MANIFEST = 'manifest.json';
export const PG_DUMP_FILE = 'database.dump';
export const PGLITE_DUMP_FILE = 'pgdata.tar.gz';
export const JWT_SECRET_FILE = 'jwt-secret';

/** A refusal or failure the operator can act on: printed without a stack, exit code 1. */
export class BackupError extends Error {}

const blank = (v) => (v === undefined || v === '' ? undefined : v);

/** Where the data is, read from the environment as the server reads it (apps/api/src/config.ts). */
export function settings(env = process.env) {
  const dataDir = path.resolve(blank(env.DATA_DIR) ?? './data');
  const databaseUrl = blank(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new BackupError('DATABASE_URL must start with postgres:// or postgresql://');
  return { dataDir, databaseUrl, s3Bucket: blank(env.S3_BUCKET), mediaDir: path.join(dataDir, 'media') };
}

/** The migrations this code knows, oldest first (`when` is what the database records of each). */
export function journal() {
  const file = path.join(root, 'apps/api/src/db/migrations/meta/_journal.json');
  return JSON.parse(readFileSync(file, 'utf8')).entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/** The schema version of a database: the tag of the newest migration applied to it, and how many are applied. */
export async function schemaVersion(query) {
  const rows = await query(
    'select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at desc',
  );
  if (!rows.length)
    throw new BackupError('The database has no migrations applied: there is nothing to back up.');
  const newest = Number(rows[0].when);
  const known = journal().find((e) => e.when === newest);
  return { schemaVersion: known?.tag ?? `unknown-${newest}`, migrations: rows.length };
}

/** True when `dir` does not exist or holds nothing (a file system's lost+found aside). */
export function isEmptyDir(dir) {
  return !existsSync(dir) || readdirSync(dir).every((f) => f === 'lost+found');
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Refuses when a running server has the embedded database open (its pgdata.lock names a live process). */
export function assertEmbeddedClosed(dataDir) {
  const lock = path.join(dataDir, 'pgdata.lock');
  if (!existsSync(lock)) return;
  const pid = Number(readFileSync(lock, 'utf8'));
  if (pid && pid !== process.pid && isAlive(pid)) {
    throw new BackupError(
      `The embedded database in ${dataDir} is open in a running server (pid ${pid}). Stop the server first: ` +
        'only one process may open an embedded database. (With PostgreSQL, DATABASE_URL, backups run live.)',
    );
  }
}

/** Opens the embedded database in `dir` as the server does (pg_trgm), optionally loading a dumped data directory. */
export async function openPglite(dir, loadDataDir) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** Runs a query on a PostgreSQL server (a client of its own), answering the rows. */
export async function withServer(url, work) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL client tool (pg_dump, pg_restore) run against `url`: the password goes in PGPASSWORD, not on the
 * command line where other users of the machine could read it.
 */
export function runPgTool(tool, args, url) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const found = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (found.error) {
    throw new BackupError(
      `${tool} is not installed. It comes with PostgreSQL's client tools: apt-get install postgresql-client ` +
        '(its major version at least that of the server).',
    );
  }
  const run = spawnSync(tool, [...args, `--dbname=${u.toString()}`], {
    encoding: 'utf8',
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  if (run.status !== 0) throw new BackupError(`${tool} failed:\n${run.stderr || run.stdout}`);
}

/** Runs `main`, printing a BackupError as a plain message and exiting 1. */
export async function runCli(main) {
  try {
    await main();
  } catch (err) {
    if (err instanceof BackupError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
