// `npm run bench:cohorts -w @app/api`: issue 46's two figures for cohorts (docs/PERFORMANCE.md).
//
// 1. BENCH_JOINS (1,000) members of one cohort ask to join one live session (the pasted-link engine, so the figure
//    is the server's own: auth, membership, the join window, the attendance row) over HTTP, arriving evenly within
//    BENCH_JOIN_SECONDS (60): the latency of each answer (p50, p99; the target is p99 <= 200 ms).
// 2. The 1-hour reminder of that session to BENCH_MEMBERS (5,000) members through the job queue, one worker: the
//    time from the job coming due to every member's notification and email (outbox) written (target: a minute).
//
// On PostgreSQL at BENCH_DATABASE_URL (a database `devlearn_bench_cohorts` made afresh), or in-process PGlite when
// it is unset.
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { benchDatabase } from './in-process.ts';
import { COHORT_REMINDER_JOB } from '../src/commands/cohort-reminders.ts';
import { accounts, courseCategories, courses, jobs, notifications, outbox } from '../src/db/schema.ts';
import { cohorts, liveSessions } from '../src/db/schema-cohorts.ts';
import { signToken } from '../src/lib/tokens.ts';

const JOINS = Number(process.env.BENCH_JOINS ?? 1000);
const MEMBERS = Math.max(JOINS, Number(process.env.BENCH_MEMBERS ?? 5000));
/** The joins arrive evenly over this many seconds ("within a minute"). */
const JOIN_SECONDS = Number(process.env.BENCH_JOIN_SECONDS ?? 60);

const { database, config } = await benchDatabase('cohorts', { JOB_WORKER: 'true' });
const { db } = database;
// The worker takes only the reminders, polling every 50 ms.
const app = await buildApp({ config, db, logger: false, jobs: { pollMs: 50, names: [COHORT_REMINDER_JOB] } });
const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/dl/api/v1`;

// A tutor's course, a running cohort of MEMBERS paid seats, and a session starting in 5 minutes.
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
const [course] = await db
  .insert(courses)
  .values({
    tutorId: tutor!.id,
    title: 'Bench course',
    description: 'Bench',
    priceKobo: 100_000,
    imageRef: 'images/none.png',
    categoryId: category!.id,
    status: 'Approved',
    searchText: 'bench course',
  })
  .returning();
const now = Date.now();
const [cohort] = await db
  .insert(cohorts)
  .values({
    courseId: course!.id,
    name: 'Bench cohort',
    startsAt: new Date(now - 86_400_000),
    endsAt: new Date(now + 30 * 86_400_000),
    enrolOpensAt: new Date(now - 10 * 86_400_000),
    enrolClosesAt: new Date(now + 86_400_000),
    capacity: MEMBERS,
  })
  .returning();
await db.execute(sql`
  insert into accounts (role, full_name, email, user_name, password_hash)
  select 'user', 'Member ' || i, 'm' || i || '@bench.ng', 'm' || i, 'x' from generate_series(1, ${MEMBERS}) i`);
await db.execute(sql`
  insert into orders (reference, student_id, status, amount_kobo, provider, paid_at)
  select 'BENCH-' || id, id, 'paid', 100000, 'sandbox', now() from accounts where role = 'user'`);
await db.execute(sql`
  insert into cohort_seats (cohort_id, student_id, order_id, status, held_until, taken_at)
  select ${cohort!.id}, o.student_id, o.id, 'taken', now(), now() from orders o where o.reference like 'BENCH-%'`);
const startsAt = new Date(now + 5 * 60_000);
const [session] = await db
  .insert(liveSessions)
  .values({
    cohortId: cohort!.id,
    title: 'Bench class',
    startsAt,
    durationMinutes: 60,
    provider: 'link',
    room: 'bench',
    link: 'https://meet.example.com/bench',
    moderatorPassword: 'm',
    attendeePassword: 'a',
  })
  .returning();

// 1. Joins.
const members = await db
  .select({ id: accounts.id, role: accounts.role, tokenVersion: accounts.tokenVersion })
  .from(accounts)
  .where(eq(accounts.role, 'user'))
  .limit(JOINS);
const tokens = await Promise.all(members.map(async (m) => (await signToken(config.jwtSecret, m)).token));
const latencies: number[] = [];
const join = async (token: string) => {
  const t0 = performance.now();
  const res = await fetch(`${base}/live/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apiKey: token },
    body: JSON.stringify({ sessionId: session!.id }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`join answered ${res.status}`);
  latencies.push(performance.now() - t0);
};
// Warm-up (connections, prepared statements), then the asks arrive evenly over JOIN_SECONDS, each on its own.
await Promise.all(tokens.slice(0, 20).map(join));
latencies.length = 0;
const began = performance.now();
await Promise.all(
  tokens.map(
    (token, i) =>
      new Promise<void>((resolve, reject) =>
        setTimeout(() => void join(token).then(resolve, reject), (i * JOIN_SECONDS * 1000) / tokens.length),
      ),
  ),
);
const joinSeconds = (performance.now() - began) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
console.log(
  `joins: ${JOINS} arriving over ${JOIN_SECONDS} s (done in ${joinSeconds.toFixed(1)} s): p50 ${pct(50).toFixed(1)} ms, ` +
    `p99 ${pct(99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
);

// 2. The 1-hour reminder to every member, from the moment its job comes due.
const t0 = performance.now();
await db.insert(jobs).values({
  name: COHORT_REMINDER_JOB,
  payload: { kind: 'session-1h', id: session!.id, at: startsAt.toISOString(), afterStudentId: 0 },
  runAt: new Date(),
});
app.ctx.worker?.wake();
const count = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);
for (;;) {
  const told = await count(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.type, 'cohort-reminder')),
  );
  const mailed = await count(
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(sql`${outbox.subject} like 'Live class in 1 hour%'`)),
  );
  if (told >= MEMBERS && mailed >= MEMBERS) break;
  if (performance.now() - t0 > 600_000) throw new Error(`reminders stalled at ${told} / ${mailed}`);
  await new Promise((r) => setTimeout(r, 100));
}
console.log(
  `reminders: ${MEMBERS} members notified and emailed in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
await app.close();
await database.close();
