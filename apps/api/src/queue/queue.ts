import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { jobFailures } from '../lib/metrics.ts';
import { outsideRequests, requestIdForJob, runAsJob } from '../lib/request-context.ts';

/**
 * What a handler learns about the run it is in. `ctx` is what the worker was started with (`startWorker`): the app
 * starts its worker with its AppContext, and its handlers name that type (`registerJob<Payload, AppContext>`).
 */
export type JobRun<C = unknown> = {
  id: number;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  ctx: C;
  /** True when a failure now is final (no retry follows). */
  lastAttempt: boolean;
  /** Aborted when the worker stops (shutdown): long work (ffmpeg) should stop and let a later start redo it. */
  signal: AbortSignal;
};
export type JobHandler<P, C = unknown> = (payload: P, run: JobRun<C>) => Promise<void>;
/** A failure that no retry can fix (for example a file that is not a video): the job fails at once. */
export class PermanentJobError extends Error {}

type Registered = { handler: JobHandler<never, never>; maxAttempts: number };

const handlers = new Map<string, Registered>();

/**
 * Declares what a job name does. Call once per name at module load; every worker in this process runs it.
 * `maxAttempts` counts the first run: 5 means one run and up to four retries with growing pauses.
 */
export function registerJob<P, C = unknown>(
  name: string,
  handler: JobHandler<P, C>,
  opts: { maxAttempts?: number } = {},
) {
  handlers.set(name, { handler: handler as JobHandler<never, never>, maxAttempts: opts.maxAttempts ?? 5 });
}

/**
 * Queues a job inside the caller's transaction: it exists only if that transaction commits, and no worker
 * sees it before then. The job keeps the id of the request (or job) queuing it, which its run then carries in
 * its log lines and audit entries. Returns the job id.
 */
export async function enqueue(
  tx: Db | Tx,
  name: string,
  payload: Record<string, unknown> = {},
  opts: { runAt?: Date; maxAttempts?: number } = {},
): Promise<number> {
  const [row] = await tx
    .insert(jobs)
    .values({
      name,
      payload,
      runAt: opts.runAt ?? sql`now()`,
      maxAttempts: opts.maxAttempts ?? handlers.get(name)?.maxAttempts ?? 5,
      requestId: requestIdForJob(),
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/** Jobs waiting or running, by name and state (the queue-depth gauge of `GET /metrics`). */
export async function queueDepth(db: Db): Promise<{ name: string; state: string; count: number }[]> {
  const rows = await db
    .select({ name: jobs.name, state: jobs.state, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.state, ['queued', 'running']))
    .groupBy(jobs.name, jobs.state);
  return rows;
}

export type WorkerOptions = {
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** First retry pause; each further retry doubles it (capped at one hour). */
  retryBaseMs?: number;
  /** A claim lasts this long and is renewed while the handler runs; a crashed worker's job is retaken after it. */
  leaseMs?: number;
  /**
   * Only these job names (default: every registered one). Test files sharing one PostgreSQL database take only
   * the jobs they make, so a worker never runs another file's job against its own storage or mailer.
   */
  names?: string[];
};

export type Worker = {
  /** Look for work now instead of at the next poll (after an enqueue has committed). */
  wake(): void;
  /** Resolves once no due job is left and none is running (tests, seeding). */
  drain(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

/** The pause before retry number `attempt` (1-based count of runs so far). */
export const retryDelayMs = (attempt: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);

/**
 * Starts one worker: it claims one due job at a time (FOR UPDATE SKIP LOCKED, so several instances share the
 * queue), runs its handler, and records done, a retry at a later time, or failed with the error's message.
 */
export function startWorker<C extends { db: Db; log: FastifyBaseLogger }>(
  ctx: C,
  opts: WorkerOptions = {},
): Worker {
  const { db, log } = ctx;
  const pollMs = opts.pollMs ?? 1000;
  const retryBaseMs = opts.retryBaseMs ?? 10_000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  let wakeRequested = false;
  let loop: Promise<void> = Promise.resolve();
  let lastPrune = 0;
  const idleWaiters = new Set<() => void>();

  /** Jobs whose worker died (its lease ran out) go back to the queue, or fail when out of attempts. */
  async function reclaim() {
    await db
      .update(jobs)
      .set({
        state: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed' else 'queued' end`,
        lastError: 'The worker stopped while running this job.',
        finishedAt: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then now() else null end`,
        lockedUntil: null,
        runAt: sql`now()`,
      })
      .where(and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, sql`now()`)));
  }

  async function claim() {
    const names = [...handlers.keys()].filter((n) => !opts.names || opts.names.includes(n));
    if (!names.length) return null;
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), lte(jobs.runAt, sql`now()`), inArray(jobs.name, names)))
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await db
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      })
      .where(inArray(jobs.id, due))
      .returning();
    return job ?? null;
  }

  /** Runs one job in a request context of its own (runAsJob): the id it was queued with, or a new one. */
  function runOne(job: typeof jobs.$inferSelect) {
    return runAsJob(job.requestId, () => runHandler(job));
  }

  async function runHandler(job: typeof jobs.$inferSelect) {
    const entry = handlers.get(job.name)!;
    const renew = setInterval(
      () => {
        void db
          .update(jobs)
          .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
          .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running')))
          .catch(() => undefined);
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    try {
      await entry.handler(job.payload as never, {
        id: job.id,
        attempt: job.attempts,
        lastAttempt: job.attempts >= job.maxAttempts,
        ctx: ctx as never,
        signal: stopping.signal,
      });
      await db
        .update(jobs)
        .set({ state: 'done', lockedUntil: null, finishedAt: sql`now()`, lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (stopping.signal.aborted) {
        // Shutdown interrupted it: not the job's fault, so the run does not count.
        await db
          .update(jobs)
          .set({ state: 'queued', attempts: sql`${jobs.attempts} - 1`, lockedUntil: null })
          .where(eq(jobs.id, job.id))
          .catch(() => undefined);
        return;
      }
      const final = job.attempts >= job.maxAttempts || err instanceof PermanentJobError;
      jobFailures.inc({ name: job.name, final: String(final) });
      log.warn({ job: job.id, name: job.name, attempt: job.attempts, err: message }, 'job failed');
      await db
        .update(jobs)
        .set(
          final
            ? { state: 'failed', lockedUntil: null, finishedAt: sql`now()`, lastError: message }
            : {
                state: 'queued',
                lockedUntil: null,
                lastError: message,
                runAt: sql`now() + ${`${retryDelayMs(job.attempts, retryBaseMs)} milliseconds`}::interval`,
              },
        )
        .where(eq(jobs.id, job.id));
    } finally {
      clearInterval(renew);
    }
  }

  async function tick() {
    if (stopping.signal.aborted) return;
    ticking = true;
    wakeRequested = false;
    let worked = false;
    try {
      if (Date.now() - lastPrune > 60 * 60_000) {
        lastPrune = Date.now();
        await reclaim();
        // Finished jobs are kept a week for inspection, then dropped.
        await db
          .delete(jobs)
          .where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, sql`now() - interval '7 days'`)));
      }
      const job = await claim();
      if (job) {
        worked = true;
        await runOne(job);
      } else {
        await reclaim();
      }
    } catch (err) {
      log.error({ err }, 'job worker: could not reach the queue');
    }
    ticking = false;
    if (!worked && !wakeRequested) for (const w of idleWaiters) w();
    schedule(worked || wakeRequested ? 0 : pollMs);
  }

  function schedule(ms: number) {
    if (stopping.signal.aborted || timer || ticking) return;
    // wake() is called from a request that queued a job: the loop must not run on in that request's context.
    timer = outsideRequests(() =>
      setTimeout(() => {
        timer = null;
        loop = tick();
      }, ms),
    );
    timer.unref?.();
  }

  schedule(0);

  return {
    wake() {
      if (stopping.signal.aborted) return;
      if (ticking) {
        wakeRequested = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = null;
      schedule(0);
    },
    drain(timeoutMs = 60_000) {
      return new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(t);
          idleWaiters.delete(done);
          resolve();
        };
        const t = setTimeout(() => {
          idleWaiters.delete(done);
          reject(new Error(`The job queue did not drain within ${timeoutMs} ms.`));
        }, timeoutMs);
        idleWaiters.add(done);
        this.wake();
      });
    },
    async stop() {
      stopping.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await loop.catch(() => undefined);
    },
  };
}

/**
 * The app's workers: one lane for the `slow` jobs (video conversion and encryption, minutes of ffmpeg each) and one
 * for everything else, so a payment's confirmation, a reminder or an email never waits behind a long upload's
 * conversion. Together they answer as one worker; a drain waits for both, twice, since a job of one lane may queue
 * one for the other.
 */
export function startWorkers<C extends { db: Db; log: FastifyBaseLogger }>(
  ctx: C,
  opts: WorkerOptions,
  slow: readonly string[],
): Worker {
  const chosen = (n: string) => !opts.names || opts.names.includes(n);
  const all = [...handlers.keys()].filter(chosen);
  const lanes = [
    startWorker(ctx, { ...opts, names: all.filter((n) => !slow.includes(n)) }),
    startWorker(ctx, { ...opts, names: all.filter((n) => slow.includes(n)) }),
  ];
  return {
    wake() {
      for (const w of lanes) w.wake();
    },
    async drain(timeoutMs) {
      for (let round = 0; round < 2; round++) await Promise.all(lanes.map((w) => w.drain(timeoutMs)));
    },
    async stop() {
      await Promise.all(lanes.map((w) => w.stop()));
    },
  };
}
