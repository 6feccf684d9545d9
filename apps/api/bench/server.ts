import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** The JWT_SECRET the built server runs with: a bench that signs tokens or seals keys for it uses the same. */
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-00';

/**
 * Starts the built server (`apps/api/dist/main.js`, with the flags and environment every server runs with) on `databaseUrl` and
 * `port`, on a fresh data directory (removed when it exits), without demo content; resolves once `/ready` answers
 * 200.
 */
export async function startBuiltServer(
  databaseUrl: string,
  port: number,
  label: string,
): Promise<ChildProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `devlearn-bench-${label}-`));
  // BENCH_NODE_FLAGS (space-separated) come after the server's own flags, so a bench can try another setting.
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const server = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...extra, path.join(root, 'apps/api/dist/main.js')],
    {
      env: {
        ...process.env,
        ...SERVER_ENV,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: BENCH_JWT_SECRET,
        DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  server.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  for (const started = Date.now(); ;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/dl/api/v1/ready`)).status === 200) return server;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 60_000 || server.exitCode !== null) {
      server.kill();
      throw new Error('the server did not become ready');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits until every published course has its card (queries/course-cards.ts): a server builds the missing ones in the
 * background once ready, which on a freshly filled database is every course. Prints how long that took.
 */
export async function waitForCards(databaseUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const started = Date.now();
  try {
    for (let announced = false; ;) {
      const [row] = (
        await c.query<{ n: number }>(
          `select count(*)::int as n from courses c join course_cards k on k.course_id = c.id
           where c.status = 'Approved' and c.deleted_at is null and k.body is null`,
        )
      ).rows;
      if (row!.n === 0) break;
      if (!announced) console.log(`Waiting for the server to build ${row!.n} course cards…`);
      announced = true;
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await c.end();
  }
  if (Date.now() - started > 1500)
    console.log(`Course cards built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
