import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TPaymentChannel } from '@app/contract/payment-rules';
import { jobs, progress, sections, series } from '../../src/db/schema.ts';
import { orders } from '../../src/db/schema-money.ts';
import { ORDER_EXPIRY_JOB } from '../../src/commands/orders.ts';
import { SANDBOX_EVENT_JOB } from '../../src/services/payments/sandbox.ts';
import type { TestAccount } from '../factories.ts';
import type { StartOptions, TestApp } from '../harness.ts';

/**
 * A sandbox app whose job worker runs the sandbox's delayed events and the order sweep. The confirmation delay is
 * long: a test brings a job forward (`runSandboxJobs`) when it wants the money to arrive, so "still pending" is
 * never a race against the clock.
 */
export const sandboxWithJobs = (env: Record<string, string> = {}, moreJobs: string[] = []): StartOptions => ({
  env: { SANDBOX_CONFIRM_DELAY_MS: '600000', ...env },
  jobs: { pollMs: 25, retryBaseMs: 50, names: [SANDBOX_EVENT_JOB, ORDER_EXPIRY_JOB, ...moreJobs] },
});

/** Polls `check` until it stops throwing (at most `ms`), then answers its value. */
export async function eventually<T>(check: () => Promise<T>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Makes the sandbox's queued events about `key` (a reference or a refund code) due now, and wakes the worker. */
export async function runSandboxJobs(t: TestApp, key: string): Promise<void> {
  await t.ctx.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(
      and(
        eq(jobs.name, SANDBOX_EVENT_JOB),
        eq(jobs.state, 'queued'),
        sql`(${jobs.payload}->>'reference' = ${key} or ${jobs.payload}->>'code' = ${key})`,
      ),
    );
  t.ctx.worker!.wake();
}

/** The sandbox's queued refund jobs' codes of a reference (one per approved refund). */
export async function queuedRefundCodes(t: TestApp): Promise<string[]> {
  const rows = await t.ctx.db
    .select({ code: sql<string>`${jobs.payload}->>'code'` })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, SANDBOX_EVENT_JOB),
        eq(jobs.state, 'queued'),
        sql`${jobs.payload}->>'kind' = 'refund'`,
      ),
    );
  return rows.map((r) => r.code);
}

/** POST /card/charge with a channel; answers the reference and the sandbox page's URL. */
export async function chargeWith(
  t: TestApp,
  student: TestAccount,
  courseIds: number[],
  channel?: TPaymentChannel,
) {
  const res = await t.op('cardCharge', {
    body: { courseIds, ...(channel ? { channel } : {}) },
    token: student.token,
  });
  expect(res.status, res.text).toBe(200);
  const data = res.body.initializeTransactionResponse.data;
  return { reference: data.reference, url: data.authorization_url };
}

/** Submits one of a sandbox page's forms by its button's text, as a browser would (redirect not followed). */
export async function submitForm(t: TestApp, html: string, button: string) {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)];
  const form = forms.find((f) => f[2]!.includes(`>${button}`));
  if (!form) throw new Error(`no "${button}" form on the page`);
  return fetch(`${t.url}${form[1]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
}

/** Pays a transfer order in the sandbox: open the page, "I've sent the money", then let the webhook come. */
export async function payByTransfer(t: TestApp, student: TestAccount, courseIds: number[]) {
  const { reference, url } = await chargeWith(t, student, courseIds, 'bank_transfer');
  const sent = await submitForm(t, await (await fetch(url)).text(), "I've sent the money");
  expect(sent.status).toBe(303);
  await runSandboxJobs(t, reference);
  await eventually(async () => expect((await orderRow(t, reference)).status).toBe('paid'));
  return reference;
}

/** The order's row. */
export async function orderRow(t: TestApp, reference: string) {
  const [row] = await t.ctx.db.select().from(orders).where(eq(orders.reference, reference));
  if (!row) throw new Error(`no order ${reference}`);
  return row;
}

/** Marks `share` (0–1) of the course's lessons watched to the end by the student (rounded down). */
export async function watch(t: TestApp, studentId: number, courseId: number, share: number) {
  const lessons = await t.ctx.db
    .select({ id: series.id })
    .from(series)
    .innerJoin(sections, eq(sections.id, series.sectionId))
    .where(eq(sections.courseId, courseId))
    .orderBy(series.id);
  const n = Math.floor(lessons.length * share);
  if (n === 0) return lessons.length;
  await t.ctx.db
    .insert(progress)
    .values(
      lessons
        .slice(0, n)
        .map((l) => ({ studentId, courseId, seriesId: l.id, completed: true, positionSeconds: 60 })),
    );
  return lessons.length;
}
