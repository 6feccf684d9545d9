import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';

import { SERVICE_UNAVAILABLE_MESSAGE } from '@app/contract/health';
import { TRANSACTION_SUCCESS_MESSAGE } from '@app/contract/payments';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { openDatabase } from '../../src/db/client.ts';
import { startTestApp, type OpCallArgs, type TestApp } from '../harness.ts';
import { needs } from '../needs.ts';
import { startFakePaystack, type FakePaystack } from '../payments/fake-paystack.ts';
import { charge, confirm, enrolmentsOf } from '../payments/helpers.ts';
import { findPostgresBin, startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';
import { OP_ROUTES, opPath, PLAIN_ROUTES, type OpName } from '@app/contract/operation-routes';
import { refusal } from '../refusal.ts';

const skipped = await needs('postgres-binaries');

const TIMEOUT_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `done()` holds, at most `ms`. */
async function until(done: () => boolean, ms: number) {
  const started = performance.now();
  while (!done() && performance.now() - started < ms) await sleep(50);
}

type Seen = { path: string; status: number; ms: number; retryAfter: string | null; message?: string };

describe.skipIf(skipped)(
  `database outage: a private PostgreSQL cluster stopped under load${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let server: PrivatePostgres;
    let t: TestApp;
    let fake: FakePaystack;
    beforeAll(async () => {
      server = await startPrivatePostgres((findPostgresBin() as { bin: string }).bin);
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('CREATE DATABASE devlearn_outage');
      await admin.end();
      fake = await startFakePaystack('sk_test_x');
      t = await startTestApp({
        databaseUrl: server.url.replace(/\/postgres$/, '/devlearn_outage'),
        env: {
          DB_TIMEOUT_MS: String(TIMEOUT_MS),
          PAYSTACK_SECRET_KEY: 'sk_test_x',
          PAYSTACK_BASE_URL: fake.url,
        },
      });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await fake?.close();
      await server?.destroy();
    });

    it('answers 503 with Retry-After while it is down, is ready again within 5 s, and loses no purchase', async () => {
      const tutor = await buildTutor(t);
      const students = await Promise.all([1, 2, 3].map(() => buildStudent(t)));
      const courses: number[] = [];
      for (let i = 0; i < 60; i++)
        courses.push((await buildApprovedCourse(t, tutor, { nairaPrice: 1000 + i })).id);

      const seen: Seen[] = [];
      const call = async <N extends OpName>(name: N, ...args: OpCallArgs<N>) => {
        const started = performance.now();
        const res = await t.op(name, ...args);
        seen.push({
          path: OP_ROUTES[name].path,
          status: res.status,
          ms: performance.now() - started,
          retryAfter: res.headers.get('retry-after'),
          message: (res.body as { responseDto?: { message?: string } }).responseDto?.message,
        });
        return res;
      };
      let stopped = false;
      const completed: { student: TestAccount; courseId: number }[] = [];
      const unconfirmed: { student: TestAccount; courseId: number; reference: string }[] = [];

      // Each student buys its own courses one at a time: charge, pay at the (fake) provider, confirm.
      const buyer = async (student: TestAccount, mine: number[]) => {
        for (const courseId of mine) {
          while (!stopped) {
            const started = performance.now();
            const { res, reference } = await charge(t, student, { courseIds: [courseId] });
            seen.push({
              path: opPath('cardCharge'),
              status: res.status,
              ms: performance.now() - started,
              retryAfter: res.headers.get('retry-after'),
              message: res.body.responseDto?.message,
            });
            if (res.status !== 200 || !reference) {
              await sleep(20);
              continue;
            }
            fake.settle(reference, { status: 'success' });
            const done = await call('customerTransaction', {
              body: { reference, transactionDtoList: [{ courseId }] },
              token: student.token,
            });
            if (done.status === 200 && done.body.responseDto.message === TRANSACTION_SUCCESS_MESSAGE)
              completed.push({ student, courseId });
            else unconfirmed.push({ student, courseId, reference });
            break;
          }
          if (stopped) return;
        }
      };
      const reader = async (student: TestAccount) => {
        while (!stopped)
          if ((await call('userAllCourses', { token: student.token })).status !== 200) await sleep(20);
      };
      const load = [
        ...students.map((s, i) => buyer(s, courses.slice(i * 20, (i + 1) * 20))),
        reader(students[0]!),
        reader(students[1]!),
      ];

      // Load first: some purchases complete before the outage (a busy machine may take a while).
      await until(() => completed.length >= 3, 20_000);
      const beforeOutage = completed.length;
      await server.stop();
      const countAtStop = seen.length;

      // While it is down: readiness says so, liveness does not, and a call that needs the database says 503.
      const ready = await t.api(PLAIN_ROUTES.ready.path);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect(ready.body.responseDto.message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
      expect((await t.api(PLAIN_ROUTES.health.path)).status).toBe(200);
      const during = await t.op('userAllCourses', { token: students[2]!.token });
      expect(during.status).toBe(503);
      expect(during.headers.get('retry-after')).toBe('5');
      expect(during.body).toEqual({ responseDto: refusal(SERVICE_UNAVAILABLE_MESSAGE) });
      await sleep(1500);

      await server.start();
      const restarted = performance.now();
      while ((await t.api(PLAIN_ROUTES.ready.path)).status !== 200) {
        expect(performance.now() - restarted).toBeLessThan(5000);
        await sleep(50);
      }
      const recoveryMs = performance.now() - restarted;
      expect(recoveryMs).toBeLessThan(5000);
      const afterRecovery = completed.length;
      await until(() => completed.length > afterRecovery, 20_000);
      stopped = true;
      await Promise.all(load);

      // No answer other than 503 at 500 or above, every 503 readable with Retry-After, none waited unbounded.
      expect(seen.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
      const unavailable = seen.slice(countAtStop).filter((s) => s.status === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      for (const s of unavailable)
        expect(s).toMatchObject({ retryAfter: '5', message: SERVICE_UNAVAILABLE_MESSAGE });
      expect(Math.max(...seen.map((s) => s.ms))).toBeLessThan(TIMEOUT_MS + 2000);
      // Purchases went on before the outage and again after it.
      expect(beforeOutage).toBeGreaterThan(0);
      expect(completed.length).toBeGreaterThan(afterRecovery);

      // Every purchase that answered success is owned; one cut off before its confirmation completes on retry.
      for (const { student, courseId, reference } of unconfirmed) {
        const again = await confirm(t, student, reference, [courseId]);
        expect(again.status).toBe(200);
        completed.push({ student, courseId });
      }
      for (const student of students) {
        const owned = (await enrolmentsOf(t, student.id)).map((e) => e.courseId);
        const bought = completed.filter((c) => c.student === student).map((c) => c.courseId);
        expect(owned.sort()).toEqual(bought.sort());
      }
    }, 120_000);

    it('answers 503 within DB_TIMEOUT_MS when the server accepts connections but stops answering', async () => {
      const student = await buildStudent(t);
      expect((await t.op('userAllCourses', { token: student.token })).status).toBe(200);
      server.freeze();
      try {
        for (const path of [opPath('userAllCourses'), PLAIN_ROUTES.ready.path]) {
          const started = performance.now();
          const res = await t.api(path, { token: student.token });
          expect(res.status).toBe(503);
          expect(res.headers.get('retry-after')).toBe('5');
          expect(res.body.responseDto.message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
          expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
        }
      } finally {
        server.thaw();
      }
      const thawed = performance.now();
      while ((await t.op('userAllCourses', { token: student.token })).status !== 200) {
        expect(performance.now() - thawed).toBeLessThan(5000);
        await sleep(50);
      }
    }, 30_000);

    it('gives every connection back after transactions that failed while the server did not answer: the pool serves again and closes', async () => {
      const database = await openDatabase({
        url: server.url.replace(/\/postgres$/, '/devlearn_outage'),
        dataDir: null,
        poolSize: 2,
        timeoutMs: 300,
      });
      const one = () => database.db.transaction((tx) => tx.execute(sql`select 1 as one`));
      try {
        await Promise.all([one(), one()]); // two open connections in the pool
        server.freeze();
        try {
          const failed = await Promise.allSettled([one(), one(), one(), one()]);
          expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
        } finally {
          server.thaw();
        }
        // More transactions than the pool holds succeed again, each within a few retries.
        const thawed = performance.now();
        for (let i = 0; i < 5; i++) {
          while (
            !(await one().then(
              () => true,
              () => false,
            ))
          ) {
            expect(performance.now() - thawed).toBeLessThan(5000);
            await sleep(50);
          }
        }
      } finally {
        const closed = await Promise.race([
          database.close().then(() => 'closed'),
          sleep(5000).then(() => 'hung'),
        ]);
        expect(closed).toBe('closed');
      }
    }, 30_000);
  },
);
