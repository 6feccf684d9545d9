import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every Prometheus series this process exports (`GET /metrics`, docs/OPERATIONS.md), in one registry. The layers
 * that measure (the HTTP hooks, the database client, the answer cache, the job queue, payments, the sign-in
 * throttle) import the series they feed from here, so this file sits in lib/, below all of them. Labels take only
 * bounded values (route patterns, status classes, job names, payment channels), never ids or raw URLs.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

export const httpDuration = new Histogram({
  name: 'devlearn_http_request_duration_seconds',
  help: 'HTTP request durations by method, route pattern and status class (2xx, 4xx, ...).',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const httpInFlight = new Gauge({
  name: 'devlearn_http_requests_in_flight',
  help: 'HTTP requests being answered now.',
  registers,
});

/** PostgreSQL pools of this process (one per open database), read when Prometheus scrapes. */
const pools = new Set<{ waitingCount: number; totalCount: number; idleCount: number }>();

/** Counts a pool's waiting callers and connections in the pool gauges until the returned function is called. */
export function watchPool(pool: { waitingCount: number; totalCount: number; idleCount: number }): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

const sumPools = (read: (p: { waitingCount: number; totalCount: number; idleCount: number }) => number) =>
  [...pools].reduce((sum, p) => sum + read(p), 0);

new Gauge({
  name: 'devlearn_db_pool_waiting',
  help: 'Queries waiting for a PostgreSQL connection (DATABASE_URL; always 0 on the embedded database).',
  registers,
  collect() {
    this.set(sumPools((p) => p.waitingCount));
  },
});

new Gauge({
  name: 'devlearn_db_pool_connections',
  help: 'Connections the PostgreSQL pool holds, by state.',
  labelNames: ['state'] as const,
  registers,
  collect() {
    const total = sumPools((p) => p.totalCount);
    const idle = sumPools((p) => p.idleCount);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'busy' }, total - idle);
  },
});

export const dbQueryErrors = new Counter({
  name: 'devlearn_db_query_errors_total',
  help: 'Statements the database refused or could not run, by SQLSTATE class (23 = constraint, 57 = shutdown...).',
  labelNames: ['class'] as const,
  registers,
});

/** Counts one failed statement: its SQLSTATE class, or `connection` when it never reached the database. */
export function countQueryError(err: unknown): void {
  const code = (err as { code?: unknown } | null)?.code;
  const cls = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code.slice(0, 2) : 'connection';
  dbQueryErrors.inc({ class: cls });
}

export const cacheLookups = new Counter({
  name: 'devlearn_answer_cache_lookups_total',
  help: 'Answer cache lookups of public answers and pages, by result (hit or miss).',
  labelNames: ['result'] as const,
  registers,
});

export const keyStreamChecks = new Counter({
  name: 'devlearn_key_stream_checks_total',
  help: 'Key requests whose stream was checked, by where: the live-streams table (table) or the database (database).',
  labelNames: ['source'] as const,
  registers,
});

/** The answer caches of this process (one per server; tests run several), read when Prometheus scrapes. */
const answerCaches = new Set<WeakRef<{ readonly bytes: number }>>();

/** Counts `cache`'s bytes in devlearn_answer_cache_bytes for as long as it lives. */
export function watchAnswerCache(cache: { readonly bytes: number }): void {
  answerCaches.add(new WeakRef(cache));
}

export const cacheBytes = new Gauge({
  name: 'devlearn_answer_cache_bytes',
  help: "Bytes the answer caches hold (each one's budget is CACHE_MAX_MB).",
  registers,
  collect() {
    let bytes = 0;
    for (const ref of answerCaches) {
      const cache = ref.deref();
      if (cache) bytes += cache.bytes;
      else answerCaches.delete(ref);
    }
    this.set(bytes);
  },
});

/** Job queue depth is read from the database when Prometheus scrapes; the server sets how. */
let readQueueDepth: (() => Promise<{ name: string; state: string; count: number }[]>) | null = null;

/** Sets how the queue-depth gauge reads the job table (one reader per process: the latest server's). */
export function setQueueDepthReader(read: typeof readQueueDepth): void {
  readQueueDepth = read;
}

new Gauge({
  name: 'devlearn_job_queue_depth',
  help: 'Jobs waiting (queued) or running, by job type.',
  labelNames: ['name', 'state'] as const,
  registers,
  async collect() {
    this.reset();
    if (!readQueueDepth) return;
    try {
      for (const row of await readQueueDepth()) this.set({ name: row.name, state: row.state }, row.count);
    } catch {
      // The database is away: the scrape still answers, without this series.
    }
  },
});

export const jobFailures = new Counter({
  name: 'devlearn_job_failures_total',
  help: 'Job runs that failed, by job type and whether the failure was final (no retry follows).',
  labelNames: ['name', 'final'] as const,
  registers,
});

export const transcodeSeconds = new Histogram({
  name: 'devlearn_transcode_seconds',
  help: 'Time to turn one uploaded video into its HLS ladder and poster, by outcome.',
  labelNames: ['outcome'] as const,
  buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1200, 3600],
  registers,
});

const CHANNELS = new Set(['card', 'bank', 'bank_transfer', 'ussd', 'qr', 'mobile_money', 'eft', 'apple_pay']);

export const payments = new Counter({
  name: 'devlearn_payments_total',
  help: 'Orders that reached a final status (paid, failed, abandoned), by payment channel.',
  labelNames: ['channel', 'status'] as const,
  registers,
});

/** Counts orders settling as `status`; a channel outside Paystack's list is `other`, none is `unknown`. */
export function countPayments(status: 'paid' | 'failed' | 'abandoned', channels: (string | null)[]): void {
  for (const c of channels) {
    payments.inc({ channel: c === null ? 'unknown' : CHANNELS.has(c) ? c : 'other', status });
  }
}

export const webhookSignatureFailures = new Counter({
  name: 'devlearn_webhook_signature_failures_total',
  help: 'Payment webhook deliveries refused for a bad x-paystack-signature.',
  registers,
});

export const signInThrottles = new Counter({
  name: 'devlearn_sign_in_throttled_total',
  help: 'Sign-in (and reset-code) attempts refused or paused by the per-account throttle.',
  registers,
});
