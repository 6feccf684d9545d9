// `npm run bench:plans`: issue 48's figure (docs/PERFORMANCE.md, "Instalment plans: 10,000 due charges").
//
// BENCH_INSTALMENTS (10,000) plans, each with its first payment paid, a saved sandbox card and its second payment
// due now, are charged by two instances (two processes, each the server with its job worker) on one PostgreSQL
// database made afresh (BENCH_DATABASE_NAME, default `devlearn_bench_plans`, on BENCH_DATABASE_URL, default the
// local server). Each payment's
// `due` step is queued twice, as a duplicate delivery would be, so the claim is what keeps it to one charge. Then it
// checks that every payment was charged exactly once (one sandbox charge, one paid order and one ledger sale per
// payment) and prints the time from the steps coming due to the last payment paid.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';

const N = Number(process.env.BENCH_INSTALMENTS ?? 10_000);
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: base });
await admin.connect();
// BENCH_DATABASE_NAME lets two runs go side by side, each on a database of its own.
const name = process.env.BENCH_DATABASE_NAME ?? 'devlearn_bench_plans';
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('BENCH_DATABASE_NAME: letters, digits and _ only');
await admin.query(`drop database if exists ${name}`);
await admin.query(`create database ${name}`);
await admin.end();
const u = new URL(base);
u.pathname = `/${name}`;
const url = u.toString();

const database = await openDatabase({ url, dataDir: null, poolSize: 2 });
await database.migrate();
const { db } = database;
const one = async (q: ReturnType<typeof sql>) =>
  Number(((await db.execute(q)) as { rows: { n: number }[] }).rows[0]!.n);

// A tutor's ₦30,000 course and its plan (40 % now, two monthly payments of ₦9,000), and N students who bought it on
// that plan a month ago with a saved card: their first payments paid, their second ones due a minute ago.
console.log(`seeding ${N} plans...`);
await db.execute(sql`
  insert into accounts (role, full_name, email, user_name, password_hash)
  values ('tutor', 'Bench Tutor', 'tutor@bench.ng', 'tutor', 'x')`);
await db.execute(sql`
  insert into courses (tutor_id, title, description, price_kobo, image_ref, category_id, status, search_text)
  select a.id, 'Bench programme', 'Bench', 3000000, 'images/none.png', (select min(id) from course_categories),
         'Approved', 'bench programme'
  from accounts a where a.email = 'tutor@bench.ng'`);
await db.execute(sql`
  insert into course_plans (course_id, first_kind, first_value, further_payments, interval)
  select id, 'percent', 40, 2, 'month' from courses`);
await db.execute(sql`
  insert into accounts (role, full_name, email, user_name, password_hash)
  select 'user', 'Student ' || i, 's' || i || '@bench.ng', 's' || i, 'x' from generate_series(1, ${N}) i`);
await db.execute(sql`
  insert into orders (reference, student_id, status, amount_kobo, provider, channel, paid_at, created_at)
  select 'BENCH-FIRST-' || id, id, 'paid', 1200000, 'sandbox', 'card', now() - interval '31 days',
         now() - interval '31 days'
  from accounts where role = 'user'`);
await db.execute(sql`
  insert into enrolments (student_id, course_id, order_id, price_paid_kobo)
  select o.student_id, (select id from courses), o.id, 1200000 from orders o`);
await db.execute(sql`
  insert into saved_cards (student_id, authorization_code, signature, email, brand, last4, exp_month, exp_year)
  select id, 'AUTH_bench' || id, 'SIG_bench' || id, email, 'visa', '4081', '12', '2030'
  from accounts where role = 'user'`);
await db.execute(sql`
  insert into sandbox_records (kind, code, status, data)
  select 'authorization', authorization_code, 'active',
         jsonb_build_object('email', email, 'insufficientFunds', false, 'authorization', jsonb_build_object(
           'authorization_code', authorization_code, 'bin', '408408', 'last4', '4081', 'exp_month', '12',
           'exp_year', '2030', 'channel', 'card', 'card_type', 'visa', 'bank', 'TEST BANK', 'brand', 'visa',
           'country_code', 'NG', 'reusable', true, 'signature', signature))
  from saved_cards`);
await db.execute(sql`
  insert into instalment_plans (student_id, course_id, course_plan_id, first_order_id, status, interval, total_kobo,
                                consent, card_id, created_at)
  select o.student_id, (select id from courses), (select id from course_plans), o.id, 'active', 'month', 3000000,
         true, c.id, now() - interval '31 days'
  from orders o join saved_cards c on c.student_id = o.student_id`);
await db.execute(sql`
  insert into plan_payments (order_id, plan_id, kind, from_number, to_number)
  select first_order_id, id, 'first', 1, 1 from instalment_plans`);
await db.execute(sql`
  insert into instalments (plan_id, number, due_at, amount_kobo, state, order_id, paid_at)
  select id, 1, now() - interval '31 days', 1200000, 'paid', first_order_id, now() - interval '31 days'
  from instalment_plans
  union all select id, 2, now() - interval '1 minute', 900000, 'scheduled', null, null from instalment_plans
  union all select id, 3, now() + interval '29 days', 900000, 'scheduled', null, null from instalment_plans`);
// Each second payment's `due` step, twice and side by side (the two instances claim the copies together and race
// for the payment), held back until both instances are ready.
await db.execute(sql`
  insert into jobs (name, payload, run_at, max_attempts)
  select 'instalment-step', jsonb_build_object('instalmentId', i.id, 'step', 'due', 'at', i.due_at), now() + interval '1 day', 8
  from instalments i, generate_series(1, 2) copy where i.number = 2 order by i.id, copy`);

// Two instances, each its own process with its own job worker, on the same database.
const file = fileURLToPath(new URL('./plans-instance.ts', import.meta.url));
const instances = [0, 1].map(() =>
  fork(file, { env: { ...process.env, BENCH_PLANS_DATABASE_URL: url }, execArgv: ['--import', 'tsx'] }),
);
await Promise.all(instances.map((c) => new Promise((resolve) => c.once('message', resolve))));
const exited = instances.map((c) => new Promise<number | null>((resolve) => c.once('exit', resolve)));

const t0 = performance.now();
await db.execute(sql`update jobs set run_at = now() where name = 'instalment-step'`);
for (const c of instances) c.send('start');
let paid = 0;
for (;;) {
  paid = await one(sql`select count(*)::int as n from instalments where number = 2 and state = 'paid'`);
  if (paid >= N) break;
  if (performance.now() - t0 > 3_600_000) throw new Error(`stalled at ${paid} of ${N}`);
  await new Promise((r) => setTimeout(r, 100));
}
const seconds = (performance.now() - t0) / 1000;
console.log(`all ${N} paid after ${seconds.toFixed(1)} s; the steps left are run before the checks`);
const codes = await Promise.all(exited);
const drained = (performance.now() - t0) / 1000;

// Exactly once: one sandbox charge, one paid order (its plan payment) and one sale in the ledger per payment.
const charges = await one(sql`select count(*)::int as n from sandbox_transactions where status = 'success'`);
const twice = await one(sql`
  select count(*)::int as n from (select i.id from instalments i join plan_payments p on p.plan_id = i.plan_id
    and i.number between p.from_number and p.to_number join orders o on o.id = p.order_id and o.status = 'paid'
    where i.number = 2 group by i.id having count(*) <> 1) x`);
const orders = await one(
  sql`select count(*)::int as n from orders where status = 'paid' and reference not like 'BENCH-%'`,
);
const sales = await one(sql`
  select count(*)::int as n from ledger_entries l join orders o on o.id = l.order_id
  where l.kind = 'sale' and o.reference not like 'BENCH-%'`);
const failedJobs = await one(
  sql`select count(*)::int as n from jobs where name = 'instalment-step' and state = 'failed'`,
);
console.log(
  `charged ${paid} due payments with 2 instances in ${seconds.toFixed(1)} s (${(paid / seconds).toFixed(0)} a second); ` +
    `all ${2 * N} steps run in ${drained.toFixed(1)} s; sandbox charges ${charges}, paid orders ${orders}, ledger sales ${sales}, ` +
    `payments not paid exactly once ${twice}, failed steps ${failedJobs}; instances exited ${codes.join(', ')}`,
);
await database.close();
const once = charges === N && orders === N && sales === N && twice === 0 && failedJobs === 0;
if (!once) console.error('NOT charged exactly once');
process.exit(once ? 0 : 1);
