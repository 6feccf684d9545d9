// `npm run test:cluster`: two instances behind a real nginx (deploy/nginx/devlearn.conf) on a fresh PostgreSQL
// database, with a private Redis and s3rver as the S3 store. Under a steady mix of sandbox purchases, catalogue
// reads and uploads it kills one instance with `kill -9`, then prints what survived. Exits 1 when a check fails.
// CLUSTER_PORT_BASE (default 3131) picks 5 ports: Redis, S3, instance A, instance B, nginx.
// CLUSTER_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the server a fresh database goes on.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';
import { createRequire } from 'node:module';
import {
  buildApi,
  client,
  NGINX,
  processes,
  requireBinaries,
  root,
  sleep,
  startNginx,
  waitFor,
} from './lib/stack.mjs';
import { load, setup } from './lib/cluster-steps.mjs';

const require = createRequire(path.join(root, 'apps/api/package.json'));
const pg = require('pg');
const { S3Client, ListObjectsV2Command } = require('@aws-sdk/client-s3');
const S3rver = require('s3rver');

const REDIS = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
requireBinaries(NGINX, REDIS);
const base = Number(process.env.CLUSTER_PORT_BASE ?? 3131);
const port = { redis: base, s3: base + 1, a: base + 2, b: base + 3, nginx: base + 4 };
const pgBase = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOAD_BEFORE_KILL_MS = 8000;

const work = mkdtempSync(path.join(tmpdir(), 'devlearn-cluster-'));
const apiOut = `.cluster-build-${process.pid}`;
const dbName = `devlearn_cluster_${Date.now()}_${process.pid}`;
/** The test database: pgBase with its database name swapped (user, host and any ?query kept). */
const dbUrl = new URL(pgBase);
dbUrl.pathname = `/${dbName}`;
/** One query on the test database, on a connection of its own. */
async function queryTestDb(sql) {
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}
const procs = processes(work);
const { start } = procs;
let built; // the built API
let s3server;
const log = (...a) => console.log(`[${(performance.now() / 1000).toFixed(1).padStart(5)} s]`, ...a);

async function cleanup() {
  await procs.stopAll();
  await s3server?.close().catch(() => {});
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect().catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
  built?.remove();
  if (!process.env.CLUSTER_KEEP) rmSync(work, { recursive: true, force: true });
}
process.on('SIGINT', () => cleanup().then(() => process.exit(130)));

// ---------------------------------------------------------------- the pieces
async function startPieces() {
  start('redis', REDIS, [
    '--port',
    String(port.redis),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  s3server = new S3rver({
    port: port.s3,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'devlearn' }],
  });
  await s3server.run();

  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();

  built = buildApi(apiOut);

  const publicUrl = `http://127.0.0.1:${port.nginx}`;
  const secret = `cluster-secret-${randomUUID()}`;
  const env = (name, p) => ({
    ...SERVER_ENV,
    PORT: String(p),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, `data-${name}`),
    PUBLIC_URL: publicUrl,
    DATABASE_URL: dbUrl.toString(),
    JWT_SECRET: secret,
    REDIS_URL: `redis://127.0.0.1:${port.redis}`,
    TRUST_PROXY: '127.0.0.1',
    S3_BUCKET: 'devlearn',
    S3_ENDPOINT: `http://127.0.0.1:${port.s3}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    ADMIN_EMAIL: 'admin@cluster.test',
    ADMIN_PASSWORD: 'AdminPass123!',
    DEMO_DATA: 'false',
    AUTH_RATE_LIMIT: '20',
    PAYSTACK_SECRET_KEY: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
  });
  const { main } = built;
  // Both start at the same moment on the empty database: the advisory lock lets one migrate.
  const a = start('instance-a', process.execPath, [...SERVER_NODE_FLAGS, main], env('a', port.a));
  const b = start('instance-b', process.execPath, [...SERVER_NODE_FLAGS, main], env('b', port.b));
  await Promise.all([
    waitFor(`http://127.0.0.1:${port.a}/dl/api/v1/openapi.json`, 'instance A', a),
    waitFor(`http://127.0.0.1:${port.b}/dl/api/v1/openapi.json`, 'instance B', b),
  ]);

  // The shipped nginx site, with this run's ports and folders.
  await startNginx(procs, work, {
    upstreams: [port.a, port.b],
    listen: port.nginx,
    mediaDir: path.join(work, 'data-a', 'media'),
  });
  return { a, b, publicUrl };
}

// ---------------------------------------------------------------- checks on both instances (before the kill)
async function crossInstanceChecks(s, apiA, apiB, report) {
  // A token from A works on B.
  const student = s.students[0];
  const res = await apiA('/login/customer', { body: { userName: student.email, password: s.password } });
  const onB = await apiB('/user/allcourses', { token: res.body.token });
  report(
    'token issued by A accepted by B',
    onB.status === 200,
    `A login ${res.status}, B answered ${onB.status}`,
  );

  // The per-client limit counts one client's attempts on A and B together (Redis store). Each attempt names
  // another login, so the per-account throttle below stays out of this count.
  const ip = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  const guess = (api) =>
    api('/login/customer', {
      body: { userName: `nobody-${randomUUID()}@cluster.test`, password: 'wrong-password' },
      headers: { 'x-forwarded-for': ip },
    });
  const statuses = [];
  for (let i = 0; i < 20; i++) statuses.push((await guess(i % 2 ? apiB : apiA)).status);
  const extra = await guess(apiB);
  report(
    'per-client limit (AUTH_RATE_LIMIT=20) shared: 21st attempt, 10 on A + 10 on B before, refused on B',
    extra.status === 429 && statuses.every((st) => st === 400),
    `answers ${statuses.filter((x) => x === 400).length}×400 then ${extra.status}`,
  );

  // The per-account sign-in throttle, each attempt from another address so only the account counts:
  // the 5th wrong password within 15 minutes pauses the account, on every instance (Redis).
  const victim = s.students[1];
  const wrong = [];
  for (let i = 1; i <= 5; i++) {
    const r = await apiA('/login/customer', {
      body: { userName: victim.email, password: 'wrong-password' },
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
    });
    wrong.push(r.status);
  }
  const right = await apiB('/login/customer', {
    body: { userName: victim.email, password: s.password },
    headers: { 'x-forwarded-for': '203.0.113.200' },
  });
  report(
    'sign-in throttle triggered on A holds on B',
    wrong.join(',') === '400,400,400,400,429' && right.status === 429,
    `wrong passwords on A answered ${wrong.join(',')}; right password on B answered ${right.status}: ${right.body.responseDto?.message}`,
  );

  // An approval on A reaches B's public list within 1 s (B has read the list first, so a cache would hold it).
  const list = (api) => api('/course/all/view/student/courses', { body: { pageNo: 0, pageSize: 10 } });
  const fresh = await s.makeCourse(`Approved on A ${randomUUID().slice(0, 6)}`);
  await list(apiB);
  await list(apiB);
  const approved = await s.approve(fresh, apiA);
  const t0 = performance.now();
  let seenAfter = null;
  while (performance.now() - t0 < 3000) {
    const r = await list(apiB);
    if (r.body.coursesDtos?.some((c) => c.id === fresh)) {
      seenAfter = performance.now() - t0;
      break;
    }
    await sleep(25);
  }
  report(
    "approval on A visible in B's public list within 1 s",
    approved.status === 200 && seenAfter !== null && seenAfter <= 1000,
    seenAfter === null ? 'not seen within 3 s' : `seen after ${Math.round(seenAfter)} ms`,
  );
}

// ---------------------------------------------------------------- run
const results = [];
const report = (name, ok, detail) => {
  results.push({ name, ok, detail });
  log(`${ok === true ? 'PASS' : ok === false ? 'FAIL' : 'NOTE'}  ${name}: ${detail}`);
};

let exitCode = 1;
const runStart = performance.now();
try {
  log(`working in ${work}; ports ${JSON.stringify(port)}; database ${dbName}`);
  const { a, publicUrl } = await startPieces();
  const [{ n: migrated }] = await queryTestDb('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  const journal = JSON.parse(
    readFileSync(path.join(root, 'apps/api/src/db/migrations/meta/_journal.json'), 'utf8'),
  );
  report(
    'two instances started together on an empty database',
    migrated === journal.entries.length,
    `${migrated} migrations recorded for ${journal.entries.length} in the journal (applied once, under the advisory lock)`,
  );
  const api = client(publicUrl);
  const apiA = client(`http://127.0.0.1:${port.a}`);
  const apiB = client(`http://127.0.0.1:${port.b}`);
  log('setting up: admin, tutor, 4 students, 120 approved courses (through nginx)');
  const s = await setup(api, publicUrl);
  await crossInstanceChecks(s, apiA, apiB, report);

  log(`mixed load through nginx; kill -9 of instance A after ${LOAD_BEFORE_KILL_MS / 1000} s`);
  const run = await load(s, api, publicUrl, `http://127.0.0.1:${port.a}`, LOAD_BEFORE_KILL_MS, () => {
    log(`kill -9 instance A (pid ${a.pid})`);
    const gone = new Promise((resolve) => a.once('exit', resolve));
    process.kill(a.pid, 'SIGKILL');
    return gone;
  });
  log(`instance A gone ${Math.round(run.killedAt - run.signalledAt)} ms after the signal`);

  // Requests: before the kill, in flight at the kill, started after it.
  const before = run.records.filter((r) => r.end < run.signalledAt);
  const during = run.records.filter((r) => r.start < run.killedAt && r.end >= run.signalledAt);
  const after = run.records.filter((r) => r.start >= run.killedAt);
  const okCount = (rs) => rs.filter((r) => r.ok).length;
  const byKind = (rs) =>
    ['read', 'purchase', 'upload']
      .map((k) => `${k} ${okCount(rs.filter((r) => r.kind === k))}/${rs.filter((r) => r.kind === k).length}`)
      .join(', ');
  const failedAfter = after.filter((r) => !r.ok);
  log(`requests before the kill: ${okCount(before)}/${before.length} ok (${byKind(before)})`);
  log(
    `requests in flight at the kill: ${okCount(during)}/${during.length} ok (${byKind(during)}); failed: ${
      during
        .filter((r) => !r.ok)
        .map((r) => `${r.kind} ${r.status}`)
        .join(', ') || 'none'
    }`,
  );
  report(
    'requests kept succeeding through the other instance (started after the kill)',
    after.length > 0 && failedAfter.length === 0,
    `${okCount(after)}/${after.length} ok (${byKind(after)})${
      failedAfter.length
        ? `; failed: ${failedAfter
            .slice(0, 5)
            .map(
              (r) => `${r.kind} ${r.status} started ${Math.round(r.start - run.killedAt)} ms after the kill`,
            )
            .join(', ')}`
        : ''
    }`,
  );

  // Purchases: every 'Transaction Process Successfully' is owned afterwards (asked on B, the survivor).
  const succeeded = run.purchases.filter((p) => p.message === 'Transaction Process Successfully');
  // Flows that had begun before the signal and ended after A was gone: the kill fell in the middle of them.
  const straddling = run.purchases.filter((p) => p.start < run.signalledAt && p.end > run.killedAt);
  const straddlingOk = straddling.filter((p) => p.message === 'Transaction Process Successfully');
  const retried = run.purchases.filter((p) => p.retried);
  let lost = 0;
  for (const st of s.students) {
    const mine = await apiB('/user/allcourses', { token: st.token });
    const owned = new Set((mine.body.courses ?? []).map((c) => c.id));
    lost += succeeded.filter((p) => p.student === st && !owned.has(p.courseId)).length;
  }
  report(
    "purchases that answered 'Transaction Process Successfully' all owned afterwards, some straddling the kill",
    succeeded.length > 0 && lost === 0 && straddlingOk.length > 0,
    `${succeeded.length} succeeded, ${lost} lost; ${straddling.length} flow(s) begun before the kill and ended ` +
      `after it, ${straddlingOk.length} of them successful; ${retried.length} flow(s) with a step sent again; ` +
      `${run.purchases.length - succeeded.length} flows ended otherwise, ` +
      `${run.records.filter((r) => r.kind === 'purchase' && !r.ok).length} purchase steps failed (cut off by the kill)`,
  );

  // Uploads: one cut off by the kill leaves nothing visible: every object in the store is a recorded upload.
  const interrupted = run.uploads.filter(
    (u) => u.start < run.killedAt && u.end >= run.signalledAt && u.status !== 200,
  );
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port.s3}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const keys = [];
  for (let token; ;) {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: 'devlearn', ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key));
    if (!page.IsTruncated) break;
    token = page.NextContinuationToken;
  }
  const recorded = new Set((await queryTestDb('SELECT key FROM media')).map((r) => r.key));
  const stray = keys.filter((k) => !recorded.has(k));
  const missing = [...recorded].filter((k) => !keys.includes(k));
  const answered = run.uploads.filter((u) => u.status === 200).length;
  // Visible means reachable through the product: a URL handed out, or a recorded upload a course can use. An
  // object stored just before the kill but never recorded is unreachable garbage; it is counted, not hidden.
  report(
    'an upload interrupted by the kill leaves nothing visible',
    interrupted.length > 0 && interrupted.every((u) => !u.url) && missing.length === 0,
    `${interrupted.length} upload(s) cut off by the kill got no URL; ${answered} completed; recorded uploads ` +
      `${recorded.size}, records without an object ${missing.length}; objects in the store ${keys.length}, of which ` +
      `unrecorded (unreachable) ${stray.length}`,
  );
  exitCode = results.some((r) => r.ok === false) ? 1 : 0;
} catch (err) {
  console.error(err);
  console.error(`logs: ${work} (set CLUSTER_KEEP=1 to keep them)`);
} finally {
  await cleanup();
}
console.log('');
console.log(
  `cluster test ${exitCode === 0 ? 'passed' : 'FAILED'} in ${((performance.now() - runStart) / 1000).toFixed(0)} s`,
);
for (const r of results)
  console.log(`  ${r.ok === true ? 'PASS' : r.ok === false ? 'FAIL' : 'NOTE'}  ${r.name}: ${r.detail}`);
process.exit(exitCode);
