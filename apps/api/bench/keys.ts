// `npm run bench:keys -w @app/api`: issue 49's key figure (docs/PERFORMANCE.md). BENCH_VIEWERS (200) students who
// own a course open its encrypted lesson at the same moment, over HTTP: each asks `POST /playback/start` (device,
// stream, key token) and then `GET /media/key/<ladder>/0` with its token, as the player does before the first
// segment. Each viewer is signed in with a session, as people are. Printed: each step's latency (p50, p99, max) across the viewers; the target is key p99 <= 50 ms. The
// baseline in the same run is `/health` asked by the same number of clients at once.
//
// On PostgreSQL at BENCH_DATABASE_URL (a database `devlearn_bench_keys` made afresh), or in-process PGlite when unset.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { API_BASE } from '@app/contract/common';
import { buildApp } from '../src/app.ts';
import { benchDatabase } from './in-process.ts';
import { accounts, courseCategories, courses, media, sections, series } from '../src/db/schema.ts';
import { sessions } from '../src/db/schema-trust.ts';
import { signToken } from '../src/lib/tokens.ts';
import { newLadderKeys, sealKeys } from '../src/services/video/hls-crypto.ts';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const { database, config } = await benchDatabase('keys', { JOB_WORKER: 'false' });
const { db } = database;
const app = await buildApp({ config, db, logger: false });
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
const base = `${origin}${API_BASE}`;

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
  hlsKeys: sealKeys(config.jwtSecret, newLadderKeys(100, 10)),
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
  viewers.map(async (v, i) => (await signToken(config.jwtSecret, v, sessionIds[i])).token),
);

const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

// Each viewer's browser: one device each, kept across the rounds (an account may use 3).
const devices = new Map(tokens.map((t) => [t, `dev-${randomUUID().replace(/-/g, '')}`]));

type Started = { token: string; deviceId: string; keyToken: string; streamId: string };

/** One viewer opens the lesson (`POST /playback/start`): its latency in ms and the stream it started. */
async function start(token: string): Promise<[number, Started]> {
  const deviceId = devices.get(token)!;
  const t0 = performance.now();
  const res = await fetch(`${base}/playback/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apiKey: token, 'user-agent': UA },
    body: JSON.stringify({ courseId: course!.id, seriesId: lesson!.id, deviceId }),
  });
  const body = (await res.json()) as { playback?: { keyToken: string; streamId: string } };
  if (res.status !== 200 || !body.playback)
    throw new Error(`start answered ${res.status}: ${JSON.stringify(body)}`);
  return [performance.now() - t0, { token, deviceId, ...body.playback }];
}

/** The player asks for key 0 with the stream's key token: its latency in ms. */
async function key(s: Started): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${origin}/media/key/${ladder}/0`, {
    headers: { apiKey: s.token, 'x-device-id': s.deviceId, 'x-key-token': s.keyToken, 'user-agent': UA },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || bytes.length !== 16) throw new Error(`key answered ${res.status}`);
  return performance.now() - t0;
}

/** The viewer closes the player, so the next round's stream is within the account's limit. */
async function stop(s: Started) {
  await fetch(`${base}/playback/stop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apiKey: s.token, 'user-agent': UA },
    body: JSON.stringify({ streamId: s.streamId, deviceId: s.deviceId }),
  }).then((r) => r.arrayBuffer());
}

async function health(): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${origin}/health`);
  await res.arrayBuffer();
  return performance.now() - t0;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  return `p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
};

// Warm-up: connections, prepared statements, the opened keys.
for (const [, w] of await Promise.all(tokens.slice(0, 10).map(start))) {
  await key(w);
  await stop(w);
}
for (let round = 1; round <= ROUNDS; round++) {
  const baseline = await Promise.all(tokens.map(() => health()));
  // The viewers press play at once; then their players ask for the key at once.
  const started = await Promise.all(tokens.map(start));
  const keys = await Promise.all(started.map(([, s]) => key(s)));
  await Promise.all(started.map(([, s]) => stop(s)));
  console.log(
    `round ${round}: ${VIEWERS} viewers at once | /health ${stats(baseline)} | start ${stats(started.map((o) => o[0]))} | key ${stats(keys)}`,
  );
}
await app.close();
await database.close();
