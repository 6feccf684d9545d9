// One instance of `npm run bench:plans` (bench/plans.ts starts two): the server on the bench's database with its
// job worker taking only the instalments' steps, until no step is left to run; then it says how many it ran.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { INSTALMENT_JOB } from '../src/commands/plan-payments.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { jobs } from '../src/db/schema.ts';

const url = process.env.BENCH_PLANS_DATABASE_URL!;
const database = await openDatabase({ url, dataDir: null, poolSize: 4 });
const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'devlearn-bench-plans-')),
  DATABASE_URL: url,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  LOG_LEVEL: 'silent',
  JOB_WORKER: 'true',
  DEMO_DATA: 'false',
});
const app = await buildApp({
  config,
  db: database.db,
  logger: false,
  jobs: { pollMs: 20, names: [INSTALMENT_JOB] },
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.('ready');
const left = async () =>
  Number(
    (
      await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.name, INSTALMENT_JOB), inArray(jobs.state, ['queued', 'running'])))
    )[0]!.n,
  );
// Wait for the bench's start, then until the queue of steps is empty.
await new Promise<void>((resolve) => process.once('message', () => resolve()));
app.ctx.worker?.wake();
while ((await left()) > 0) await new Promise((r) => setTimeout(r, 200));
await app.close();
await database.close();
process.exit(0);
