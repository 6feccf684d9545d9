import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { jobs } from '../../src/db/schema.ts';
import { fileDatabaseUrl } from '../harness.ts';
import { enqueue, registerJob, retryDelayMs, startWorker, startWorkers } from '../../src/queue/queue.ts';

const silent = { warn() {}, error() {}, info() {}, debug() {} } as unknown as AppContext['log'];
const ctxOf = (database: Database) => ({ db: database.db, log: silent }) as unknown as AppContext;
const unique = (name: string) => `test-${name}-${process.pid}-${Math.random().toString(36).slice(2)}`;
const rowOf = async (database: Database, id: number) =>
  (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

let database: Database;
beforeAll(async () => {
  const url = await fileDatabaseUrl();
  database = await openDatabase({ url, dataDir: null, poolSize: 3 });
  if (!url) await database.migrate();
});
afterAll(async () => {
  await database.close();
});

describe('job queue', () => {
  it('runs a job only once its transaction commits, and records it as done', async () => {
    const name = unique('commit');
    const seen: unknown[] = [];
    registerJob<{ n: number }>(name, async (payload) => {
      seen.push(payload.n);
    });
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, name, { n: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const id = await database.db.transaction((tx) => enqueue(tx, name, { n: 2 }));
    const worker = startWorker(ctxOf(database), { pollMs: 20 });
    await worker.drain(10_000);
    await worker.stop();
    expect(seen).toEqual([2]);
    const row = await rowOf(database, id);
    expect(row.state).toBe('done');
    expect(row.attempts).toBe(1);
    expect(row.finishedAt).not.toBeNull();
  });

  it('retries a failing job with a growing pause and finishes it when a retry succeeds', async () => {
    const name = unique('retry');
    const runs: number[] = [];
    registerJob(name, async (_p, run) => {
      runs.push(run.attempt);
      if (run.attempt < 3) throw new Error(`flaky ${run.attempt}`);
    });
    const id = await enqueue(database.db, name, {});
    const worker = startWorker(ctxOf(database), { pollMs: 20, retryBaseMs: 150 });
    // After the first failure the job waits about retryBaseMs before its second run.
    await new Promise((r) => setTimeout(r, 80));
    const afterFirst = await rowOf(database, id);
    expect(afterFirst.state).toBe('queued');
    expect(afterFirst.lastError).toBe('flaky 1');
    expect(afterFirst.runAt.getTime()).toBeGreaterThan(Date.now() - 20);
    await expect.poll(async () => (await rowOf(database, id)).state, { timeout: 10_000 }).toBe('done');
    await worker.stop();
    expect(runs).toEqual([1, 2, 3]);
    expect(retryDelayMs(1, 150)).toBe(150);
    expect(retryDelayMs(3, 150)).toBe(600);
    expect(retryDelayMs(30, 150)).toBe(3_600_000);
  });

  it('marks a job failed with the reason once it is out of attempts', async () => {
    const name = unique('fail');
    let runs = 0;
    registerJob(
      name,
      async () => {
        runs++;
        throw new Error('The video could not be read.');
      },
      { maxAttempts: 2 },
    );
    const id = await enqueue(database.db, name, {});
    const worker = startWorker(ctxOf(database), { pollMs: 20, retryBaseMs: 10 });
    await expect.poll(async () => (await rowOf(database, id)).state, { timeout: 10_000 }).toBe('failed');
    await worker.stop();
    const row = await rowOf(database, id);
    expect(runs).toBe(2);
    expect(row.attempts).toBe(2);
    expect(row.lastError).toBe('The video could not be read.');
  });

  it('gives a job interrupted by a shutdown to the next worker without counting the run', async () => {
    const name = unique('shutdown');
    let started = 0;
    let finished = 0;
    registerJob(name, async (_p, run) => {
      started++;
      if (started === 1) {
        await new Promise((_, reject) =>
          run.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      }
      finished++;
    });
    const id = await enqueue(database.db, name, {});
    const first = startWorker(ctxOf(database), { pollMs: 20 });
    await expect.poll(() => started, { timeout: 10_000 }).toBe(1);
    await first.stop();
    const between = await rowOf(database, id);
    expect(between.state).toBe('queued');
    expect(between.attempts).toBe(0);
    const second = startWorker(ctxOf(database), { pollMs: 20 });
    await expect.poll(async () => (await rowOf(database, id)).state, { timeout: 10_000 }).toBe('done');
    await second.stop();
    expect(finished).toBe(1);
  });

  it('takes back a job whose worker crashed once its lease has run out', async () => {
    const name = unique('crash');
    let runs = 0;
    registerJob(name, async () => {
      runs++;
    });
    // What a crash leaves behind: a running row whose lease is over.
    const [row] = await database.db
      .insert(jobs)
      .values({ name, state: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .returning();
    const worker = startWorker(ctxOf(database), { pollMs: 20 });
    await expect.poll(async () => (await rowOf(database, row!.id)).state, { timeout: 10_000 }).toBe('done');
    await worker.stop();
    expect(runs).toBe(1);
    expect((await rowOf(database, row!.id)).attempts).toBe(2);
  });

  it('runs a quick job while a slow one (a video conversion) is still running, and drains both', async () => {
    const slow = unique('slow');
    const quick = unique('quick');
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const order: string[] = [];
    registerJob(slow, async () => {
      order.push('slow started');
      await slowGate;
      order.push('slow done');
    });
    registerJob(quick, async () => {
      order.push('quick done');
    });
    await enqueue(database.db, slow, {});
    const workers = startWorkers(ctxOf(database), { pollMs: 20, names: [slow, quick] }, [slow]);
    await expect.poll(() => order.includes('slow started'), { timeout: 10_000 }).toBe(true);
    await enqueue(database.db, quick, {});
    workers.wake();
    // The quick job is done while the slow one still holds its lane.
    await expect.poll(() => order.includes('quick done'), { timeout: 10_000 }).toBe(true);
    expect(order).not.toContain('slow done');
    releaseSlow();
    await workers.drain(10_000);
    await workers.stop();
    expect(order).toEqual(['slow started', 'quick done', 'slow done']);
  });

  it('keeps queued jobs across a restart of the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'devlearn-jobs-'));
    try {
      const name = unique('restart');
      const seen: string[] = [];
      registerJob<{ word: string }>(name, async (p) => {
        seen.push(p.word);
      });
      const before = await openDatabase({ dataDir });
      await before.migrate();
      const id = await before.db.transaction((tx) => enqueue(tx, name, { word: 'kept' }));
      await before.close();

      const after = await openDatabase({ dataDir });
      const worker = startWorker(ctxOf(after), { pollMs: 20 });
      await worker.drain(10_000);
      await worker.stop();
      expect(seen).toEqual(['kept']);
      expect((await rowOf(after, id)).state).toBe('done');
      await after.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two on-disk PGlite starts (one with initdb and every migration): on a loaded 2-core CI machine that alone
    // has taken over 30 s.
  }, 120_000);
});
