import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@app/contract/common';
import { enqueue, registerJob } from '../../src/queue/queue.ts';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { postWebhook } from '../payments/helpers.ts';
import { buyInSandbox, eventually } from '../payouts/helpers.ts';

const TOKEN = 'metrics-token-0123456789';
const FAILING_JOB = 'ops-metrics-always-fails';
registerJob(FAILING_JOB, async () => {
  throw new Error('this job always fails');
});

/** GET /metrics on `base` with the token (or none). */
const scrape = (base: string, token?: string) =>
  fetch(`${base}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe('metrics on the main port (METRICS_TOKEN)', () => {
  const t = useTestApp({
    env: { METRICS_TOKEN: TOKEN, SANDBOX_CONFIRM_DELAY_MS: '0' },
    jobs: { pollMs: 25, retryBaseMs: 50, names: [FAILING_JOB] },
  });

  it('answers 401 without the right token', async () => {
    expect((await scrape(t.url)).status).toBe(401);
    expect((await scrape(t.url, 'wrong-token-0123456789')).status).toBe(401);
  });

  it('exports every series after traffic, labelled by route pattern and never by a raw id', async () => {
    // HTTP traffic: a course by id, and one that does not exist (999999999, past any test's ids on a shared database).
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor);
    const viewer = await buildStudent(t);
    const read = await t.op('singleCourse', { params: { id: course.id }, token: viewer.token });
    expect(read.status).toBe(200);
    await fetch(`${t.url}${API_BASE}/course/singlecourse/999999999`, { headers: { apiKey: viewer.token } });
    // A payment, a webhook with a bad signature, a throttled sign-in, a failed statement, a failing job.
    await buyInSandbox(t, await buildStudent(t), [course.id]);
    expect((await postWebhook(t, '{"event":"charge.success"}', 'ab'.repeat(64))).status).toBe(401);
    const student = await buildStudent(t);
    let last = 0;
    for (let i = 0; i < 6 && last !== 429; i++) {
      last = (
        await t.op('loginCustomer', { body: { userName: student.email, password: 'not-the-password' } })
      ).status;
    }
    expect(last).toBe(429);
    await expect(t.ctx.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    await t.ctx.db.transaction(async (tx) => enqueue(tx, FAILING_JOB));
    t.ctx.worker!.wake();

    const text = await eventually(async () => {
      const body = await (await scrape(t.url, TOKEN)).text();
      return /devlearn_job_failures_total\{name="ops-metrics-always-fails",final="false"\} [1-9]/.test(body);
    }, 'a failed job to be counted').then(async () => {
      const res = await scrape(t.url, TOKEN);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    });

    const route = `${API_BASE}/course/singlecourse/:id`;
    expect(text).toMatch(
      new RegExp(
        `devlearn_http_request_duration_seconds_count\\{method="GET",route="${route}",status="2xx"\\} [1-9]`,
      ),
    );
    expect(text).toMatch(new RegExp(`route="${route}",status="4xx"`));
    expect(text).not.toContain('singlecourse/999999999');
    expect(text).not.toContain(`singlecourse/${course.id}`);
    expect(text).toMatch(/devlearn_http_requests_in_flight \d/);
    expect(text).toMatch(/devlearn_db_pool_waiting \d/);
    expect(text).toMatch(/devlearn_db_query_errors_total\{class="22"\} [1-9]/);
    expect(text).toMatch(/devlearn_job_queue_depth\{name="[\w-]+",state="(queued|running)"\} \d/);
    expect(text).toContain('# TYPE devlearn_transcode_seconds histogram');
    expect(text).toMatch(/devlearn_payments_total\{channel="[a-z_]+",status="paid"\} [1-9]/);
    expect(text).toMatch(/devlearn_webhook_signature_failures_total [1-9]/);
    expect(text).toMatch(/devlearn_sign_in_throttled_total [1-9]/);
    expect(text).toMatch(/process_cpu_user_seconds_total \d/);
    expect(text).toMatch(/nodejs_heap_size_used_bytes \d/);
    // A guest's catalogue page twice: the second comes from the answer cache, and the cache holds its bytes.
    // On a PostgreSQL run every test file shares the database, so another file's course write can invalidate
    // the page (correctly) between the read and the scrape: read and scrape again until one pair is undisturbed.
    let cached = '';
    await eventually(async () => {
      await t.op('studentCourses', { body: { pageNo: 0, pageSize: 5 } });
      await t.op('studentCourses', { body: { pageNo: 0, pageSize: 5 } });
      cached = await (await scrape(t.url, TOKEN)).text();
      return /devlearn_answer_cache_bytes [1-9]/.test(cached);
    }, 'a cached answer to be counted in bytes');
    expect(cached).toMatch(/devlearn_answer_cache_lookups_total\{result="hit"\} [1-9]/);
    expect(cached).toMatch(/devlearn_answer_cache_lookups_total\{result="miss"\} [1-9]/);
    // No label value holds a number of its own (an id) or a query string.
    for (const line of text.split('\n').filter((l) => l.startsWith('devlearn_'))) {
      for (const [, value] of line.matchAll(/="([^"]*)"/g)) {
        expect(value, line).not.toMatch(/\/\d+(\/|$)|\?/);
      }
    }
  });
});

describe('metrics on METRICS_PORT', () => {
  const t = useTestApp({ env: { METRICS_PORT: '0' } });

  it('serves them on their own port, and not on the main one', async () => {
    const address = t.app.metricsAddress();
    expect(address).not.toBeNull();
    const res = await scrape(`http://127.0.0.1:${address!.port}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('devlearn_http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${address!.port}/other`)).status).toBe(404);
    expect((await scrape(t.url)).status).toBe(404);
  });
});

describe('metrics without configuration', () => {
  const t = useTestApp();

  it('answers 404', async () => {
    expect((await scrape(t.url)).status).toBe(404);
    expect((await scrape(t.url, TOKEN)).status).toBe(404);
  });
});
