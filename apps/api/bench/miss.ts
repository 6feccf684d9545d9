// `npm run bench:miss -w @app/api`: what one cache miss costs the server, and what a full answer cache weighs.
//
// On the bench:http database (100,000 courses; filled first if missing), starts the built server (`apps/api/dist`,
// built by `npm run build`) and sends BENCH_MISSES (3,000) distinct requests of each kind, 16 at a time: course
// details, deep list pages, category pages and three-word searches. Prints the server's own CPU time per request and that of the local PostgreSQL processes
// (utime + stime from /proc/<pid>/stat), which does not depend much on what else the machine runs, and, after
// 20,000 distinct course details, the server's RSS and peak RSS (VmRSS, VmHWM).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuOf, postgresMs } from './cpu.ts';
import { FORMS, TOPICS } from './fill.ts';
import { startBuiltServer, waitForCards } from './server.ts';

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3122);
const MISSES = Number(process.env.BENCH_MISSES ?? 3000);
const API = '/dl/api/v1';

const here = path.dirname(fileURLToPath(import.meta.url));
execFileSync(process.execPath, ['--import', 'tsx', path.join(here, 'http.ts')], {
  env: { ...process.env, BENCH_PREPARE_ONLY: '1' },
  stdio: 'inherit',
});
const url = new URL(base);
url.pathname = '/devlearn_bench_http';
const c = new pg.Client({ connectionString: url.toString() });
await c.connect();
const ids = (
  await c.query<{ id: number }>(`select id from courses where status = 'Approved' and deleted_at is null`)
).rows.map((r) => r.id);
const cats = (await c.query<{ code: string }>('select code from course_categories order by id')).rows.map(
  (r) => r.code,
);
await c.end();

const server = await startBuiltServer(url.toString(), PORT, 'miss');
await waitForCards(url.toString());
const status = () => readFileSync(`/proc/${server.pid}/status`, 'utf8');
const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())![1]) / 1024;
const cpuMs = () => cpuOf(server.pid!);
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const post = (p: string, body: unknown) =>
  new Promise<void>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: API + p,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json' },
      },
      (res) => res.resume().on('end', resolve),
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
/** Sends `n` requests made by `make(i)`, 16 at a time. */
async function send(n: number, make: (i: number) => [string, unknown]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < n) await post(...make(next++));
    }),
  );
}

try {
  // Spread over the data, each request distinct within its kind; a different stride per kind.
  const at = <T>(xs: T[], i: number, stride: number) => xs[(i * stride) % xs.length]!;
  const kinds: [string, (i: number) => [string, unknown]][] = [
    ['course detail', (i) => ['/course/view/singlecourse', { courseId: at(ids, i, 7919) }]],
    [
      'deep list page',
      (i) => ['/course/all/view/student/courses', { pageSize: 10, pageNo: 100 + ((i * 31) % 9000) }],
    ],
    [
      'category page (first 1,000 entries)',
      (i) => [
        '/course/all/view/student/courses',
        { pageSize: 10, pageNo: Math.floor(i / cats.length) % 100, category: cats[i % cats.length] },
      ],
    ],
    [
      'search (three words)',
      (i) => [
        '/course/search',
        {
          search: `${at(TOPICS, i, 1).toLowerCase()} ${at(FORMS, i, 3).toLowerCase()} ${i % 210}`,
          pageSize: 10,
          pageNo: 0,
        },
      ],
    ],
  ];
  console.log(`\nCPU per distinct request (${MISSES} each, 16 at a time):`);
  for (const [name, make] of kinds) {
    await send(100, (i) => make(MISSES + i)); // warm-up, outside the measured set
    const [before, pgBefore] = [cpuMs(), postgresMs()];
    const t0 = performance.now();
    await send(MISSES, make);
    const seconds = (performance.now() - t0) / 1000;
    const per = (ms: number) => (ms / MISSES).toFixed(2);
    console.log(
      `  ${name.padEnd(38)} server ${per(cpuMs() - before)} ms CPU, PostgreSQL ${per(postgresMs() - pgBefore)} ms   (${(MISSES / seconds).toFixed(0)} req/s here)`,
    );
  }
  await send(20_000, (i) => ['/course/view/singlecourse', { courseId: at(ids, i, 1) }]);
  console.log(
    `\nAfter 20,000 distinct course details: RSS ${mb('VmRSS').toFixed(0)} MB, peak ${mb('VmHWM').toFixed(0)} MB`,
  );
} finally {
  server.kill();
}
