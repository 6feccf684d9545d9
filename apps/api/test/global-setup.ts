import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated template database (no test connects to it: each file copies it). */
    databaseUrl: string | undefined;
    /** The server's own database, for the statements that create and drop databases. */
    databaseServerUrl: string | undefined;
  }
}

/**
 * With TEST_DATABASE_URL (a PostgreSQL server), makes one migrated template database for this run; each test file
 * then works on its own copy of it (harness `fileDatabaseUrl`), so files never see each other's rows or jobs.
 * Everything the run made is dropped afterwards. Without it, every test file opens its own in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide('databaseUrl', undefined);
    project.provide('databaseServerUrl', undefined);
    return;
  }
  const name = `devlearn_test_${Date.now()}_${process.pid}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      return await c.query<{ datname: string }>(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 2 });
  await database.migrate();
  await database.close();
  project.provide('databaseUrl', url.toString());
  project.provide('databaseServerUrl', base);
  return async () => {
    const made = await admin(`SELECT datname FROM pg_database WHERE datname LIKE '${name}%'`);
    // The copies first: the template cannot go while a copy is being made from it.
    const names = made.rows.map((r) => r.datname).sort((a, b) => b.length - a.length);
    for (const n of names) await admin(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
  };
}
