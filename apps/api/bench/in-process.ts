import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';

/**
 * A migrated database for an in-process benchmark: `devlearn_bench_<name>` made afresh on BENCH_DATABASE_URL, or
 * PGlite in this process when it is unset; and the server's config over it (a temporary data directory, no logs).
 */
export async function benchDatabase(
  name: string,
  env: Record<string, string>,
): Promise<{ database: Database; config: Config }> {
  let url: string | undefined;
  if (process.env.BENCH_DATABASE_URL) {
    const database = `devlearn_bench_${name}`;
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database}`);
    await admin.query(`create database ${database}`);
    await admin.end();
    const u = new URL(process.env.BENCH_DATABASE_URL);
    u.pathname = `/${database}`;
    url = u.toString();
  }
  const database = await openDatabase({ url, dataDir: null });
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `devlearn-bench-${name}-`)),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    LOG_LEVEL: 'silent',
    ...env,
    ...(url ? { DATABASE_URL: url } : {}),
  });
  return { database, config };
}
