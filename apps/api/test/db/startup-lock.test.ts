import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../../src/db/client.ts';
import { needs } from '../needs.ts';

// Several instances starting together on one PostgreSQL server: needs a server (TEST_DATABASE_URL), as in CI.
const base = inject('databaseServerUrl');
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.skipIf(await needs('postgres'))('start-up on a shared PostgreSQL database', () => {
  const name = `devlearn_lock_${Date.now()}_${process.pid}`;
  let url: string;
  const opened: Database[] = [];

  async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      return await run(c);
    } finally {
      await c.end();
    }
  }

  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const u = new URL(base!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('applies the migrations once when four instances start at the same moment', async () => {
    const instances = await Promise.all(
      [1, 2, 3, 4].map(() => openDatabase({ url, dataDir: null, poolSize: 3 })),
    );
    opened.push(...instances);
    const results = await Promise.allSettled(instances.map((d) => d.migrate()));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);

    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const applied = await c.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    const groups = await c.query(
      'SELECT code, count(*)::int AS n FROM course_groups GROUP BY code HAVING count(*) > 1',
    );
    await c.end();
    expect(applied.rows[0].n).toBe(journal.entries.length);
    expect(groups.rows).toEqual([]);
  });

  it('runs start-up work of one instance at a time', async () => {
    const [a, b] = opened;
    const log: string[] = [];
    const work = (who: string) => async () => {
      log.push(`${who} in`);
      await new Promise((r) => setTimeout(r, 150));
      log.push(`${who} out`);
    };
    await Promise.all([a!.exclusive(work('a')), b!.exclusive(work('b'))]);
    // Whoever got the lock first finished before the other began.
    const first = log[0]!.split(' ')[0];
    const second = first === 'a' ? 'b' : 'a';
    expect(log).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`]);
  });
});
