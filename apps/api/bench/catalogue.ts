// `npm run bench:catalogue`: fills a fresh PostgreSQL database with 100,000 courses and prints p50/p95/p99
// server times (in-process app.inject) for search, list, category and detail calls, plus an unindexed ILIKE.
// BENCH_DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/postgres); BENCH_COURSES the size.
// BENCH_KEEP=1 keeps the database (its name is printed); BENCH_DATABASE=<name> reuses a kept one (migrated, not refilled).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { fill } from './fill.ts';

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COURSES = Number(process.env.BENCH_COURSES ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const reuse = process.env.BENCH_DATABASE;
const KEEP = process.env.BENCH_KEEP === '1' || Boolean(reuse);
if (reuse && !/^devlearn_bench_\d+$/.test(reuse))
  throw new Error('BENCH_DATABASE must be a devlearn_bench_<n> name');
const name = reuse ?? `devlearn_bench_${Date.now()}`;

async function admin(query: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  return { p50: at(50), p95: at(95), p99: at(99) };
}

async function time(label: string, run: (i: number) => Promise<void>, rows: string[][]) {
  for (let i = 0; i < 20; i++) await run(i); // warm-up: plans, caches, JIT
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await run(i);
    samples.push(performance.now() - t0);
  }
  const { p50, p95, p99 } = stats(samples);
  rows.push([label, p50.toFixed(2), p95.toFixed(2), p99.toFixed(2)]);
  console.log(
    `${label.padEnd(44)} p50 ${p50.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms  p99 ${p99.toFixed(2).padStart(7)} ms`,
  );
}

async function main() {
  if (reuse) console.log(`Reusing database ${name} (migrating it, not refilling it)…`);
  else console.log(`Creating database ${name} and ${COURSES.toLocaleString('en')} courses…`);
  if (!reuse) await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 4 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'devlearn-bench-'));
  try {
    await database.migrate();
    const db = database.db;
    if (reuse) await db.execute(sql.raw('analyze'));
    else await fill(db, COURSES);

    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
    });
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    const call = async (url: string, payload?: unknown) => {
      const res = await app.inject({
        method: payload === undefined ? 'GET' : 'POST',
        url: `/dl/api/v1${url}`,
        payload: payload as object,
      });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      return res.json();
    };
    const exact = 'Kubernetes in Production Vol. 7';
    const check = await call('/course/search', { search: exact, pageSize: 10, pageNo: 0 });
    const typo = await call('/course/search', { search: 'kubernets', pageSize: 10, pageNo: 0 });
    console.log(`exact search → first hit "${check.coursesDtos[0]?.title}" of ${check.totalData}`);
    console.log(`typo "kubernets" → first hit "${typo.coursesDtos[0]?.title}" of ${typo.totalData}`);
    for (const q of ['ngozi eze 26', 'ngozi eze 42', 'kubernets fundamentls']) {
      const res = await call('/course/search', { search: q, pageSize: 10, pageNo: 0 });
      console.log(
        `"${q}" → first hit "${res.coursesDtos[0]?.title}" by ${res.coursesDtos[0]?.author} of ${res.totalData}`,
      );
    }
    console.log('');
    const picked = (await db.execute(
      sql`select id from courses where status = 'Approved' order by random() limit 500`,
    )) as unknown as { rows: { id: number }[] };
    const ids = picked.rows.map((r) => r.id);

    const rows: string[][] = [];
    const search = (q: string) => () => call('/course/search', { search: q, pageSize: 10, pageNo: 0 });
    await time('search exact title', search(exact), rows);
    await time('search prefix "kuber"', search('kuber'), rows);
    await time('search typo "kubernets"', search('kubernets'), rows);
    await time('search author "Ngozi Eze 26" (353 hits)', search('ngozi eze 26'), rows);
    // No tutor is called "Ngozi Eze 42": the phrase finds nothing, so this is the typo-tolerant fallback path.
    await time('search "Ngozi Eze 42" (no such phrase)', search('ngozi eze 42'), rows);
    await time('search two typos "kubernets fundamentls"', search('kubernets fundamentls'), rows);
    // The /search page: a sort or filters, and the card fields of the page's hits.
    const page = (body: Record<string, unknown>) => () =>
      call('/course/search', { search: 'kubernetes', pageSize: 12, pageNo: 0, ...body });
    await time('search page "kubernetes" relevance + cards', page({ sort: 'relevance' }), rows);
    await time('search page "kubernetes" newest', page({ sort: 'newest' }), rows);
    await time('search page "kubernetes" rating', page({ sort: 'rating' }), rows);
    await time(
      'search page "kubernetes" Devops, ≤ ₦8,000, ≥ 3★, price ↑',
      page({ category: 'DevopsEngineer', maxPrice: 8000, minRating: 3, sort: 'priceAsc' }),
      rows,
    );
    await time(
      'list page 0 (10 per page)',
      () => call('/course/all/view/student/courses', { pageSize: 10, pageNo: 0 }),
      rows,
    );
    await time(
      'list page 100',
      () => call('/course/all/view/student/courses', { pageSize: 10, pageNo: 100 }),
      rows,
    );
    await time(
      'category page DevopsEngineer',
      () => call('/course/all/view/student/courses', { pageSize: 10, pageNo: 0, category: 'DevopsEngineer' }),
      rows,
    );
    await time(
      'detail /course/view/singlecourse',
      (i) => call('/course/view/singlecourse', { courseId: ids[i % ids.length] }),
      rows,
    );
    await time(
      'ILIKE "%kuber%" (unindexed, title+author)',
      async () => {
        await db.execute(sql`
        select c.id, c.title, a.full_name, count(*) over () as total
        from courses c join accounts a on a.id = c.tutor_id
        where c.deleted_at is null and c.status = 'Approved'
          and (c.title ilike ${'%kuber%'} or a.full_name ilike ${'%kuber%'})
        order by c.id desc limit 10`);
      },
      rows,
    );
    await app.close();

    console.log('\n| call | p50 ms | p95 ms | p99 ms |\n|---|---:|---:|---:|');
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (KEEP) console.log(`\nKept ${name} (BENCH_DATABASE=${name} reuses it; drop it when done).`);
    else {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      console.log(`\nDropped ${name}.`);
    }
  }
}

await main();
