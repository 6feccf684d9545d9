import { afterAll, beforeAll } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { API_BASE } from '@app/contract/common';

import { enrolments, orderLines, orders } from '../../src/db/schema-money.ts';
import type { TestAccount } from '../factories.ts';
import { standIn, startTestApp, type StartOptions, type TestApp } from '../harness.ts';
import { startFakePaystack, type FakePaystack } from './fake-paystack.ts';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';

/** The app configured for Paystack (and `opts`), pointed at a fresh fake Paystack server. */
export async function startPaystackApp(opts: StartOptions = {}): Promise<{ t: TestApp; fake: FakePaystack }> {
  const fake = await startFakePaystack('sk_test_x');
  const t = await startTestApp({
    ...opts,
    env: { PAYSTACK_SECRET_KEY: 'sk_test_x', PAYSTACK_BASE_URL: fake.url, ...opts.env },
  });
  return { t, fake };
}

/**
 * The file's (or describe block's) Paystack app and fake Paystack: started in a `beforeAll`, then `setup` on the
 * app; closed in an `afterAll` (the app first). Returns their stand-ins.
 */
export function usePaystackApp(
  opts: StartOptions = {},
  setup?: (t: TestApp) => unknown,
): { t: TestApp; fake: FakePaystack } {
  const t = standIn<TestApp>('the test app');
  const fake = standIn<FakePaystack>('the fake Paystack');
  beforeAll(async () => {
    const started = await startPaystackApp(opts);
    fake.set(started.fake);
    t.set(started.t);
    await setup?.(t.value);
  });
  afterAll(async () => {
    await t.current()?.close();
    await fake.current()?.close();
  });
  return { t: t.value, fake: fake.value };
}

/** POST /card/charge as the student; returns the answer and the reference. */
export async function charge(
  t: TestApp,
  student: TestAccount,
  body: { courseIds?: number[]; amount?: number },
) {
  const res = await t.op('cardCharge', { body, token: student.token });
  return { res, reference: res.body.initializeTransactionResponse?.data.reference };
}

/** POST /customertransaction/add as the student. */
export const confirm = (t: TestApp, student: TestAccount, reference: string, courseIds: number[] = []) =>
  t.op('customerTransaction', {
    body: { reference, transactionDtoList: courseIds.map((courseId) => ({ courseId })) },
    token: student.token,
  });

/** Buys courses end to end through the fake Paystack: charge, pay in full, verify. */
export async function buyWithPaystack(
  t: TestApp,
  fake: FakePaystack,
  student: TestAccount,
  courseIds: number[],
) {
  const { res, reference } = await charge(t, student, { courseIds });
  if (res.status !== 200 || !reference) throw new Error(`charge failed: ${res.text}`);
  fake.settle(reference, { status: 'success' });
  const done = await confirm(t, student, reference, courseIds);
  if (done.status !== 200) throw new Error(`verify failed: ${done.text}`);
  return reference;
}

/** The student's enrolments as rows: course and kobo paid, by course id. */
export async function enrolmentsOf(t: TestApp, studentId: number) {
  return t.ctx.db
    .select({ courseId: enrolments.courseId, pricePaidKobo: enrolments.pricePaidKobo })
    .from(enrolments)
    .where(eq(enrolments.studentId, studentId))
    .orderBy(asc(enrolments.courseId));
}

/** The order under a reference, with its lines. */
export async function orderOf(t: TestApp, reference: string) {
  const [order] = await t.ctx.db.select().from(orders).where(eq(orders.reference, reference));
  const lines = order
    ? await t.ctx.db
        .select({ courseId: orderLines.courseId, priceKobo: orderLines.priceKobo })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(asc(orderLines.courseId))
    : [];
  return { order, lines };
}

/** POSTs raw bytes to the webhook with a signature header (or none). */
export async function postWebhook(t: TestApp, body: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['x-paystack-signature'] = signature;
  const res = await fetch(`${t.url}${API_BASE}${PLAIN_ROUTES.paystackWebhook.path}`, {
    method: 'POST',
    headers,
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: JSON.parse(text) as { responseDto: { code: string; message: string } },
  };
}
