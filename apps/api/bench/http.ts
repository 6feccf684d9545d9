// `npm run bench:http`: the built server under autocannon, on PostgreSQL with 100,000 courses.
//
// Fills the database devlearn_bench_http once (the bench:catalogue data set) and reuses it afterwards, builds the
// app (BENCH_SKIP_BUILD=1 skips it), starts `node apps/api/dist/main.js` on BENCH_PORT (3121), then loads each
// public call for BENCH_DURATION seconds (10) at BENCH_CONNECTIONS (100) after a short warm-up:
// - cached: the same request repeated (the answer cache serves it after the first);
// - uncached: every request distinct (random pages, course ids, search words from the data), so the cache cannot help:
//   each call walks a random order of all its requests, and starts that order again only when it is used up (a list
//   has fewer pages than a run sends: by then the least recently used answers, the ones asked for next, are gone from
//   the cache). The answers the cache served anyway are counted (x-cache: hit) and printed.
// GET /dl/api/v1/health is the baseline, loaded in the same run before the cached calls, before the uncached ones and
// after each uncached one: a call's share is of the mean of the baselines just before and just after it, so a machine
// that slows down or speeds up during the run (a shared one does) moves both alike.
// Then RENDER_PAGES (2,000) course pages never asked for before, one at a time (a render's own latency, the target),
// then 2,000 more, 4 at a time: the p50/p95/p99 of an uncached render. Every request asks as a browser does
// (Accept-Encoding: br, gzip).
// Prints req/s, p50, p99, the share of the baseline, the server's and PostgreSQL's CPU per request (utime + stime
// from /proc, which moves less with the machine than req/s; PostgreSQL's only when it runs on this machine) and the
// server's peak RSS (VmHWM), and a Markdown table.
// BENCH_DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/postgres); BENCH_REFILL=1 refills;
// BENCH_PREPARE_ONLY=1 only fills the database.
import { execSync } from 'node:child_process';
import type { IncomingHttpHeaders } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { cpuOf, postgresMs } from './cpu.ts';
import { FORMS, TOPICS, fill } from './fill.ts';
import { startBuiltServer, waitForCards } from './server.ts';

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'devlearn_bench_http';
const COURSES = 100_000;
const PORT = Number(process.env.BENCH_PORT ?? 3121);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const origin = `http://127.0.0.1:${PORT}`;
const API = '/dl/api/v1';

async function adminQuery<T extends pg.QueryResultRow>(query: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return (await c.query<T>(query)).rows;
  } finally {
    await c.end();
  }
}

/** Creates and fills the database unless it already holds the data set. Returns its URL. */
async function prepareDatabase(): Promise<string> {
  const url = new URL(base);
  url.pathname = `/${NAME}`;
  const exists = (await adminQuery(`select 1 from pg_database where datname = '${NAME}'`)).length > 0;
  if (exists && process.env.BENCH_REFILL === '1') await adminQuery(`DROP DATABASE ${NAME} WITH (FORCE)`);
  if (!exists || process.env.BENCH_REFILL === '1') await adminQuery(`CREATE DATABASE ${NAME}`);
  const database = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 2 });
  try {
    await database.migrate();
    const result = (await database.db.execute(sql`select count(*)::int as n from courses`)) as unknown as {
      rows: { n: number }[];
    };
    if ((result.rows[0]?.n ?? 0) < COURSES) {
      console.log(`Filling ${NAME} with ${COURSES.toLocaleString('en')} courses…`);
      await database.db.execute(sql`truncate courses, accounts restart identity cascade`);
      await fill(database.db, COURSES);
    } else console.log(`Reusing ${NAME} (${result.rows[0]!.n.toLocaleString('en')} courses).`);
  } finally {
    await database.close();
  }
  return url.toString();
}

type Req = { method: 'GET' | 'POST'; path: string; body?: string };
type Call = { name: string; variant: 'baseline' | 'cached' | 'uncached'; next: () => Req };
type Row = {
  call: Call;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  hits: number;
  answers: number;
  /** CPU per request in ms: the server's, and all local PostgreSQL processes' (0 when it runs elsewhere). */
  serverMs: number;
  postgresMs: number;
};

const post = (p: string, body: unknown): Req => ({
  method: 'POST',
  path: `${API}${p}`,
  body: JSON.stringify(body),
});
const get = (p: string): Req => ({ method: 'GET', path: p });
const int = (n: number) => Math.floor(Math.random() * n);

/** Each of `all` (made once) in a random order, then again in another, and so on. */
function walk<T>(all: () => T[]): () => T {
  let items: T[] = [];
  let i = 0;
  return () => {
    if (i === items.length) {
      if (items.length === 0) items = all();
      for (let k = items.length - 1; k > 0; k--) {
        const j = int(k + 1);
        [items[k], items[j]] = [items[j]!, items[k]!];
      }
      i = 0;
    }
    return items[i++]!;
  };
}
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

async function load(call: Call, seconds: number, connections: number, pid: number) {
  let hits = 0;
  let answers = 0;
  // Only for uncached calls: autocannon then keeps each body, which costs the load generator a little.
  const count =
    call.variant === 'uncached'
      ? {
          onResponse: (_status: number, _body: string, _context: object, headers?: IncomingHttpHeaders) => {
            answers++;
            if (headers?.['x-cache'] === 'hit') hits++;
          },
        }
      : {};
  const [cpu0, pg0] = [cpuOf(pid), postgresMs()];
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    // As a browser asks: the cached answers' brotli copies are what it is sent.
    headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
    requests: [
      {
        setupRequest: (req) => {
          const r = call.next();
          return { ...req, method: r.method, path: r.path, body: r.body };
        },
        ...count,
      },
    ],
  });
  const n = Math.max(1, result.requests.total);
  return {
    hits,
    answers,
    serverMs: (cpuOf(pid) - cpu0) / n,
    postgresMs: (postgresMs() - pg0) / n,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const RENDER_PAGES = Number(process.env.BENCH_RENDER_PAGES ?? 2000);

/**
 * The latency of pages no one asked for before (the HTML cache cannot answer them): RENDER_PAGES distinct course
 * pages, `concurrency` at a time, each timed to its last byte. One at a time is a render's own latency (the target);
 * four at a time is a server's ordinary load on two cores, not a saturating one.
 */
async function renderLatency(nextPath: () => string, seen: Set<string>, concurrency: number) {
  const times: number[] = [];
  let hits = 0;
  const worker = async () => {
    while (times.length < RENDER_PAGES) {
      let p = nextPath();
      for (let i = 0; i < 10 && seen.has(p); i++) p = nextPath();
      seen.add(p);
      const t0 = performance.now();
      const res = await fetch(origin + p, { headers: { 'accept-encoding': 'br, gzip' } });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.headers.get('x-cache') === 'hit') hits++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { n: times.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), hits };
}

/** Peak resident set size of a process so far (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function main() {
  const databaseUrl = await prepareDatabase();
  if (process.env.BENCH_PREPARE_ONLY === '1') return;
  if (process.env.BENCH_SKIP_BUILD !== '1') execSync('npm run build', { cwd: root, stdio: 'inherit' });

  // What the uncached calls draw from: Approved course ids, the category codes and their page counts.
  const url = new URL(databaseUrl);
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  const ids = (
    await c.query<{ id: number }>(`select id from courses where status = 'Approved' and deleted_at is null`)
  ).rows.map((r) => r.id);
  const cats = (
    await c.query<{ code: string; n: number }>(
      `select cc.code, count(*)::int as n from courses c join course_categories cc on cc.id = c.category_id
       where c.status = 'Approved' and c.deleted_at is null group by cc.code order by cc.code`,
    )
  ).rows;
  const [group] = (await c.query<{ code: string }>('select code from course_groups order by id limit 1'))
    .rows;
  await c.end();
  const pages = Math.floor(ids.length / 10);
  const cat = cats[0]!;
  const detailId = ids[0]!;

  const server = await startBuiltServer(databaseUrl, PORT, 'http');
  await waitForCards(databaseUrl);
  const rows: Row[] = [];
  try {
    const baseline: Call = {
      name: 'GET /health (baseline)',
      variant: 'baseline',
      next: () => get(`${API}/health`),
    };
    const topics = TOPICS.map((t) => t.toLowerCase());
    const forms = FORMS.map((f) => f.toLowerCase());
    const listPage = walk(() => range(pages));
    const categoryPage = walk(() => cats.flatMap((k) => range(Math.floor(k.n / 10)).map((n) => ({ k, n }))));
    const detail = walk(() => ids);
    const pageOfCourse = walk(() => ids);
    const titleWords = walk(() =>
      topics.flatMap((t) => forms.flatMap((f) => range(210).map((v) => `${t} ${f} vol. ${v}`))),
    );
    // A topic's first word with one inner letter dropped (words of 4 letters or fewer as they are), a form's last
    // word, and one of the first ten pages: 19,800 searches. (With five pages, 9,900, a run at 1,000 req/s used them
    // all up and was then answered from the cache.)
    const typos = walk(() =>
      topics.flatMap((t) => {
        const w = t.replace(/\s.*$/, '');
        const typos = w.length > 4 ? range(w.length - 2).map((i) => w.slice(0, i + 1) + w.slice(i + 2)) : [w];
        return typos.flatMap((typo) =>
          forms.flatMap((f) =>
            range(10).map((pageNo) => ({ search: `${typo} ${f.split(' ').pop()!}`, pageNo })),
          ),
        );
      }),
    );
    const cached: Call[] = [
      {
        name: 'public list page',
        variant: 'cached',
        next: () => post('/course/all/view/student/courses', { pageSize: 10, pageNo: 0 }),
      },
      {
        name: 'category page',
        variant: 'cached',
        next: () => post('/course/all/view/student/courses', { pageSize: 10, pageNo: 0, category: cat.code }),
      },
      {
        name: 'course detail',
        variant: 'cached',
        next: () => post('/course/view/singlecourse', { courseId: detailId }),
      },
      {
        name: "search 'kuber'",
        variant: 'cached',
        next: () => post('/course/search', { search: 'kuber', pageSize: 10, pageNo: 0 }),
      },
      {
        name: "search 'kubernets' (typo)",
        variant: 'cached',
        next: () => post('/course/search', { search: 'kubernets', pageSize: 10, pageNo: 0 }),
      },
      {
        name: 'GET /course/allcoursegroups',
        variant: 'cached',
        next: () => get(`${API}/course/allcoursegroups`),
      },
      {
        name: 'GET /course/allcourseCategory/:group',
        variant: 'cached',
        next: () => get(`${API}/course/allcourseCategory/${group!.code}`),
      },
      { name: 'page / (HTML)', variant: 'cached', next: () => get('/') },
      { name: `page /course/${detailId} (HTML)`, variant: 'cached', next: () => get(`/course/${detailId}`) },
    ];
    const uncached: Call[] = [
      {
        name: 'public list page',
        variant: 'uncached',
        next: () => post('/course/all/view/student/courses', { pageSize: 10, pageNo: listPage() }),
      },
      {
        name: 'category page',
        variant: 'uncached',
        next: () => {
          const { k, n } = categoryPage();
          return post('/course/all/view/student/courses', { pageSize: 10, pageNo: n, category: k.code });
        },
      },
      {
        name: 'course detail',
        variant: 'uncached',
        next: () => post('/course/view/singlecourse', { courseId: detail() }),
      },
      {
        name: 'page /course/:id (HTML)',
        variant: 'uncached',
        next: () => get(`/course/${pageOfCourse()}`),
      },
      {
        name: 'search (title words)',
        variant: 'uncached',
        next: () => post('/course/search', { search: titleWords(), pageSize: 10, pageNo: 0 }),
      },
      {
        name: 'search (typo, two words)',
        variant: 'uncached',
        next: () => post('/course/search', { ...typos(), pageSize: 10 }),
      },
    ];
    const calls: Call[] = [baseline, ...cached, baseline, ...uncached.flatMap((call) => [call, baseline])];
    for (const call of calls) {
      await load(call, Math.min(2, DURATION), 10, server.pid!); // warm-up: plans, JIT, the first cache fill
      const r = await load(call, DURATION, CONNECTIONS, server.pid!);
      rows.push({ call, ...r });
      console.log(
        `${`${call.name} [${call.variant}]`.padEnd(50)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(5)} ms  peak RSS so far ${peakRssMb(server.pid!).toFixed(0)} MB${r.answers ? `  cache hits ${r.hits}/${r.answers}` : ''}${r.errors ? `  (${r.errors} errors/non-2xx)` : ''}`,
      );
    }
    const repeated = rows.filter((r) => r.call.variant === 'uncached' && r.hits > 0.1 * r.answers);
    for (const r of repeated)
      console.log(
        `\nNote: ${r.call.name} [uncached] was answered from the cache ${((100 * r.hits) / r.answers).toFixed(0)} % of the time: the run used up its distinct requests, so its rate is not an uncached one.`,
      );
    const rendered = new Set<string>();
    for (const concurrency of [1, 4]) {
      const render = await renderLatency(() => `/course/${pageOfCourse()}`, rendered, concurrency);
      console.log(
        `${concurrency === 1 ? '\n' : ''}Uncached render of /course/:id, ${render.n} distinct pages, ${concurrency} at a time: p50 ${render.p50.toFixed(1)} ms, p95 ${render.p95.toFixed(1)} ms, p99 ${render.p99.toFixed(1)} ms${concurrency === 1 ? ` (target p95 ≤ 20 ms: ${render.p95 <= 20 ? 'met' : 'missed'})` : ''}${render.hits ? `; ${render.hits} came from the cache` : ''}`,
      );
    }
    const rss = peakRssMb(server.pid!);
    const bases = rows.filter((r) => r.call.variant === 'baseline').map((r) => r.rps);
    /** The mean of the baselines loaded just before and just after row i. */
    const around = (i: number) =>
      [
        rows.slice(0, i).findLast((r) => r.call.variant === 'baseline'),
        rows.slice(i + 1).find((r) => r.call.variant === 'baseline'),
      ].filter((r) => r !== undefined);
    const baseOf = (i: number) => around(i).reduce((x, r) => x + r.rps, 0) / around(i).length;
    /** The higher p99 of those baselines: the floor this machine set for a call's p99 at that moment. */
    const baseP99Of = (i: number) => Math.max(...around(i).map((r) => r.p99));
    console.log(
      `\nBaseline: ${bases.map((b) => b.toFixed(0)).join(', ')} req/s (${Math.min(...bases).toFixed(0)}-${Math.max(...bases).toFixed(0)}); peak RSS ${rss.toFixed(0)} MB\n`,
    );
    const ms = (x: number) => (x > 0 ? x.toFixed(2) : '');
    console.log(
      '| call | variant | req/s | share of /health | /health around it | p50 | p99 | /health p99 around it | server CPU ms/req | PostgreSQL CPU ms/req | cache hits | target |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const [i, r] of rows.entries()) {
      if (r.call.variant === 'baseline') continue;
      const base = baseOf(i);
      const share = (100 * r.rps) / base;
      const target =
        r.call.variant === 'cached'
          ? share >= 50 && r.p99 <= 20
            ? 'met (≥ 50 %, p99 ≤ 20 ms)'
            : 'missed (≥ 50 %, p99 ≤ 20 ms)'
          : r.call.name.startsWith('search')
            ? share >= 5
              ? 'met (≥ 5 %)'
              : 'missed (≥ 5 %)'
            : share >= 10
              ? 'met (≥ 10 %)'
              : 'missed (≥ 10 %)';
      console.log(
        `| ${r.call.name} | ${r.call.variant} | ${r.rps.toFixed(0)} | ${share.toFixed(1)} % | ${base.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${baseP99Of(i)} ms | ${ms(r.serverMs)} | ${ms(r.postgresMs)} | ${r.answers ? `${((100 * r.hits) / r.answers).toFixed(1)} %` : ''} | ${target}${r.errors ? `, ${r.errors} errors` : ''} |`,
      );
    }
    const health = rows.filter((r) => r.call.variant === 'baseline');
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
    console.log(
      `| GET /health (baseline, mean) | | ${mean(bases).toFixed(0)} | 100 % | | | | | ${ms(mean(health.map((r) => r.serverMs)))} | | | |`,
    );
    console.log(
      `\nPeak RSS of the server: ${rss.toFixed(0)} MB (target ≤ 250 MB): ${rss <= 250 ? 'met' : 'missed'}`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

await main();
