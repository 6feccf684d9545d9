// `npm run bench:keys -w @app/api`: issue 49's key figure (docs/PERFORMANCE.md). BENCH_VIEWERS (200) students who
// own a course open its encrypted lesson at the same moment: each asks `POST /playback/start` (device, stream, key
// token) and then `GET /media/key/<ladder>/0` with its token, as the player does before the first segment. Each
// viewer is signed in with a session, as people are. The target is key p99 <= 50 ms.
//
// The server is the built one (`apps/api/dist/main.js`, with the flags every server runs with) in a process of its
// own. The viewers are this process, each on a keep-alive connection of its own that writes a request as one string
// and reads the answer by its length (viewer-connection.ts): Node's http client would cost this process about as
// much CPU per request as the server spends on a key, and its work on the last answers would be counted in their
// latency. PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) holds a database
// `devlearn_bench_keys`, made afresh.
//
// Each round: `/health` asked by as many viewers at once (the baseline: what a burst of that size costs on this
// machine with no database read), then the starts at once, then the keys at once, then the stops. The first
// BENCH_WARMUP_ROUNDS (2) rounds are printed but not counted: they stand for the traffic a server in service has
// already answered, since V8 runs a just-started server's request code unoptimized for its first thousand or so
// requests (two to three times the CPU per request). Then BENCH_ROUNDS (3) rounds.
// Printed per step: p50, p99 and max latency across the viewers, the server's, PostgreSQL's and the viewers' CPU per
// request and the load average; at the end, the key latencies of all counted rounds together and where the key
// requests' streams were checked (the live-streams table or the database).
// BENCH_SKIP_BUILD=1 skips `npm run build -w @app/api`; BENCH_PORT (3122) is the server's port.
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { API_BASE } from '@app/contract/common';
import { accounts, courseCategories, courses, media, sections, series } from '../src/db/schema.ts';
import { sessions } from '../src/db/schema-trust.ts';
import { signToken } from '../src/lib/tokens.ts';
import { newLadderKeys, sealKeys } from '../src/services/video/hls-crypto.ts';
import { cpuOf, postgresMs } from './cpu.ts';
import { benchDatabase } from './in-process.ts';
import { BENCH_JWT_SECRET, startBuiltServer } from './server.ts';
import { type Answer, ViewerConnection } from './viewer-connection.ts';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP_ROUNDS ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3122);
const METRICS_TOKEN = 'bench-metrics-token-0000000000';
const root = fileURLToPath(new URL('../../../', import.meta.url));

process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const { database, config } = await benchDatabase('keys', { JWT_SECRET: BENCH_JWT_SECRET });
const { db } = database;

// A tutor's approved course with one lesson whose encrypted ladder is ready (its keys sealed as a transcode leaves
// them), and VIEWERS students who bought it.
const [tutor] = await db
  .insert(accounts)
  .values({
    role: 'tutor',
    fullName: 'Bench Tutor',
    email: 'tutor@bench.ng',
    userName: 'tutor',
    passwordHash: 'x',
  })
  .returning();
const [category] = await db.select().from(courseCategories).limit(1);
const ladder = randomUUID();
const videoRef = `videos/${randomUUID()}.mp4`;
await db.insert(media).values({
  key: videoRef,
  kind: 'video',
  ownerId: tutor!.id,
  contentType: 'video/mp4',
  size: 1_000_000,
  videoStatus: 'ready',
  hlsPrefix: `hls/${ladder}`,
  durationSeconds: 600,
  hlsKeys: sealKeys(BENCH_JWT_SECRET, newLadderKeys(100, 10)),
});
const [course] = await db
  .insert(courses)
  .values({
    tutorId: tutor!.id,
    title: 'Bench course',
    description: 'Bench',
    priceKobo: 100_000,
    imageRef: 'images/none.png',
    videoRef,
    categoryId: category!.id,
    status: 'Approved',
    searchText: 'bench course',
  })
  .returning();
const [section] = await db
  .insert(sections)
  .values({ courseId: course!.id, position: 0, title: 'Start' })
  .returning();
const [lesson] = await db
  .insert(series)
  .values({ sectionId: section!.id, position: 0, title: 'Welcome', videoRef })
  .returning();
await db.execute(sql`
  insert into accounts (role, full_name, email, user_name, password_hash)
  select 'user', 'Viewer ' || i, 'v' || i || '@bench.ng', 'v' || i, 'x' from generate_series(1, ${VIEWERS}) i`);
await db.execute(sql`
  insert into enrolments (student_id, course_id, price_paid_kobo)
  select id, ${course!.id}, 100000 from accounts where role = 'user'`);
const viewers = await db
  .select({ id: accounts.id, role: accounts.role, tokenVersion: accounts.tokenVersion })
  .from(accounts)
  .where(eq(accounts.role, 'user'));
// Each viewer signed in as a person does: a session row, and a token that names it.
const sessionIds = viewers.map(() => randomUUID());
await db.insert(sessions).values(viewers.map((v, i) => ({ id: sessionIds[i]!, accountId: v.id })));
const tokens = await Promise.all(
  viewers.map(async (v, i) => (await signToken(BENCH_JWT_SECRET, v, sessionIds[i])).token),
);
await database.close();

if (process.env.BENCH_SKIP_BUILD !== '1')
  execSync('npm run build -w @app/api', { cwd: root, stdio: 'inherit' });
process.env.METRICS_TOKEN = METRICS_TOKEN;
const server = await startBuiltServer(config.databaseUrl!, PORT, 'keys');
const pid = server.pid!;

// Each viewer's browser holds a keep-alive connection: the 200 requests of a step go out at once, each on its own.
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const connections = new Map(tokens.map((t) => [t, new ViewerConnection('127.0.0.1', PORT)]));
await Promise.all([...connections.values()].map((c) => c.opened()));

/** One request on `token`'s viewer's connection: its status, body and latency (to the last byte) in ms. */
function request(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  return connections.get(token)!.request(method, path, { 'user-agent': UA, ...headers }, body);
}

// Each viewer's browser: one device each, kept across the rounds (an account may use 3).
const devices = new Map(tokens.map((t) => [t, `dev-${randomUUID().replace(/-/g, '')}`]));

type Started = { token: string; deviceId: string; keyToken: string; streamId: string };

/** One viewer opens the lesson (`POST /playback/start`): its latency in ms and the stream it started. */
async function start(token: string): Promise<[number, Started]> {
  const deviceId = devices.get(token)!;
  const res = await request(
    token,
    'POST',
    `${API_BASE}/playback/start`,
    { apiKey: token },
    { courseId: course!.id, seriesId: lesson!.id, deviceId },
  );
  const body = JSON.parse(res.body.toString()) as { playback?: { keyToken: string; streamId: string } };
  if (res.status !== 200 || !body.playback)
    throw new Error(`start answered ${res.status}: ${res.body.toString()}`);
  return [res.ms, { token, deviceId, ...body.playback }];
}

/** The player asks for key 0 with the stream's key token: its latency in ms. */
async function key(s: Started): Promise<number> {
  const res = await request(s.token, 'GET', `/media/key/${ladder}/0`, {
    apiKey: s.token,
    'x-device-id': s.deviceId,
    'x-key-token': s.keyToken,
  });
  if (res.status !== 200 || res.body.length !== 16) throw new Error(`key answered ${res.status}`);
  return res.ms;
}

/** The viewer closes the player, so the next round's stream is within the account's limit. */
async function stop(s: Started) {
  const res = await request(
    s.token,
    'POST',
    `${API_BASE}/playback/stop`,
    { apiKey: s.token },
    { streamId: s.streamId, deviceId: s.deviceId },
  );
  if (res.status !== 200) throw new Error(`stop answered ${res.status}`);
}

async function health(token: string): Promise<number> {
  const res = await request(token, 'GET', `${API_BASE}/health`, {});
  if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
  return res.ms;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  return `p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
};

/**
 * Runs a step: its latencies (ms) and a line with their p50, p99 and max and the server's, PostgreSQL's and this
 * process's CPU per request (ms).
 */
async function step<T>(run: () => Promise<T[]>, ms: (r: T) => number) {
  const [cpu0, pg0, own0] = [cpuOf(pid), postgresMs(), process.cpuUsage()];
  const results = await run();
  const n = results.length;
  const own = process.cpuUsage(own0);
  const cpu =
    `server CPU ${((cpuOf(pid) - cpu0) / n).toFixed(2)} ms/req, ` +
    `PostgreSQL ${((postgresMs() - pg0) / n).toFixed(2)} ms/req, ` +
    `viewers ${((own.user + own.system) / 1000 / n).toFixed(2)} ms/req`;
  const latencies = results.map(ms);
  return { latencies, line: `${stats(latencies)} (${cpu})` };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

try {
  // Warm-up: every socket opened, the prepared statements, the opened keys.
  await Promise.all(tokens.map(health));
  for (const [, w] of await Promise.all(tokens.slice(0, 10).map(start))) {
    await key(w);
    await stop(w);
  }
  console.log(
    `${VIEWERS} viewers; server pid ${pid} (built, DB_POOL_SIZE ${process.env.DB_POOL_SIZE ?? 4}); load average ${load()}`,
  );
  const measured: number[] = [];
  for (let round = 1 - WARMUP_ROUNDS; round <= ROUNDS; round++) {
    const before = load();
    const baseline = await step(
      () => Promise.all(tokens.map(health)),
      (ms) => ms,
    );
    // The viewers press play at once; then their players ask for the key at once.
    let started: [number, Started][] = [];
    const starts = await step(
      async () => (started = await Promise.all(tokens.map(start))),
      (o) => o[0],
    );
    const keys = await step(
      () => Promise.all(started.map(([, s]) => key(s))),
      (ms) => ms,
    );
    await Promise.all(started.map(([, s]) => stop(s)));
    if (round > 0) measured.push(...keys.latencies);
    const name = round > 0 ? `round ${round}` : `warm-up round ${round + WARMUP_ROUNDS} (not counted)`;
    console.log(
      `${name} (load average ${before}):\n  /health ${baseline.line}\n  start   ${starts.line}\n  key     ${keys.line}`,
    );
  }
  console.log(`key, all ${measured.length} answers of the ${ROUNDS} rounds: ${stats(measured)}`);
  const metrics = await request(tokens[0]!, 'GET', '/metrics', {
    authorization: `Bearer ${METRICS_TOKEN}`,
  });
  const checks = [
    ...metrics.body.toString().matchAll(/devlearn_key_stream_checks_total\{source="(\w+)"\} (\d+)/g),
  ];
  console.log(`key requests' streams checked in: ${checks.map((m) => `${m[1]} ${m[2]}`).join(', ')}`);
  console.log(`load average at the end ${load()}`);
} finally {
  for (const c of connections.values()) c.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}
