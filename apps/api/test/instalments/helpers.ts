import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TPaymentChannel } from '@app/contract/payment-rules';
import type { TPlanSaveRequest } from '@app/contract/instalments';
import { jobs, notifications } from '../../src/db/schema.ts';
import { instalmentPlans, instalments, savedCards } from '../../src/db/schema-plans.ts';
import { INSTALMENT_JOB } from '../../src/commands/plan-payments.ts';
import { releaseDueInstalmentSteps } from '../../src/commands/sandbox-test-hooks.ts';
import { NOTIFICATION_EMAIL_JOB } from '../../src/commands/notify.ts';
import { DAY_MS, planClock } from '../../src/lib/plan-schedule.ts';
import { setSandboxCardFunds } from '../../src/services/payments/sandbox.ts';
import type { TestAccount } from '../factories.ts';
import type { TestApp } from '../harness.ts';
import { eventually, orderRow, runSandboxJobs, sandboxWithJobs, submitForm } from '../orders/helpers.ts';

/** A sandbox app whose worker runs the instalments' steps besides the sandbox's events and the order sweep. */
export const plansApp = () => sandboxWithJobs({}, [INSTALMENT_JOB]);

/** The tutor offers a plan on the course (₦ amounts); answers the plan. */
export async function offerPlan(
  t: TestApp,
  tutor: TestAccount,
  courseId: number,
  shape: Partial<TPlanSaveRequest> = {},
) {
  const res = await t.op('planSave', {
    body: {
      courseId,
      firstKind: 'percent',
      firstValue: 40,
      furtherPayments: 2,
      interval: 'month',
      fullPaymentDiscountPercent: 0,
      ...shape,
    },
    token: tutor.token,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.plan;
}

/** `/card/charge` on a plan: answers the reference and the sandbox page. */
export async function chargeOnPlan(
  t: TestApp,
  student: TestAccount,
  courseId: number,
  planId: number,
  opts: { channel?: TPaymentChannel; saveCard?: boolean; coupon?: string } = {},
) {
  const res = await t.op('cardCharge', {
    body: { courseIds: [courseId], planId, ...opts },
    token: student.token,
  });
  expect(res.status, res.text).toBe(200);
  const data = res.body.initializeTransactionResponse.data;
  return { reference: data.reference, url: data.authorization_url };
}

/** Pays a sandbox page by card, ticking "Save this card" when asked (the card's webhook fulfils the order). */
export async function payByCard(url: string, saveCard: boolean) {
  const paid = await fetch(`${url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: saveCard ? 'save=1' : '',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

/** Pays a sandbox page by bank transfer ("I've sent the money"), then lets the money arrive. */
export async function payPageByTransfer(t: TestApp, url: string, reference: string) {
  const sent = await submitForm(
    t,
    await (await fetch(`${url}?channel=bank_transfer`)).text(),
    "I've sent the money",
  );
  expect(sent.status).toBe(303);
  await runSandboxJobs(t, reference);
  await eventually(async () => expect((await orderRow(t, reference)).status).toBe('paid'));
}

/** Buys the course on the plan by card with "Save this card" and the student's consent; answers its plan row. */
export async function buyOnPlanByCard(t: TestApp, student: TestAccount, courseId: number, planId: number) {
  const { reference, url } = await chargeOnPlan(t, student, courseId, planId, {
    channel: 'card',
    saveCard: true,
  });
  await payByCard(url, true);
  expect((await orderRow(t, reference)).status).toBe('paid');
  return { reference, plan: await planOf(t, student.id, courseId) };
}

/** The student's newest plan of the course. */
export async function planOf(t: TestApp, studentId: number, courseId: number) {
  const [plan] = await t.ctx.db
    .select()
    .from(instalmentPlans)
    .where(and(eq(instalmentPlans.studentId, studentId), eq(instalmentPlans.courseId, courseId)))
    .orderBy(sql`${instalmentPlans.id} desc`)
    .limit(1);
  if (!plan) throw new Error('no plan');
  return plan;
}

/** A plan's instalments in order. */
export const instalmentsOf = (t: TestApp, planId: number) =>
  t.ctx.db.select().from(instalments).where(eq(instalments.planId, planId)).orderBy(asc(instalments.number));

/** The plan's status now. */
export const statusOf = async (t: TestApp, planId: number) =>
  (await t.ctx.db.select().from(instalmentPlans).where(eq(instalmentPlans.id, planId)))[0]!.status;

/**
 * Moves the plan clock on by `days` and runs every instalment step now due (on its fake time), as a worker would
 * at that moment; waits until the queue has run them.
 */
export async function advanceDays(t: TestApp, days: number) {
  planClock.advance(days * DAY_MS);
  await releaseDueInstalmentSteps(t.ctx.db);
  await t.ctx.worker!.drain(30_000);
}

/** The student's notifications of a type, oldest first. */
export const notificationsOf = (t: TestApp, studentId: number, type: string) =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.accountId, studentId), sql`${notifications.type} = ${type}`))
    .orderBy(asc(notifications.id));

/** How many emails were queued for these notifications. */
export async function emailsQueuedFor(t: TestApp, notificationIds: number[]) {
  const rows = await t.ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, NOTIFICATION_EMAIL_JOB),
        sql`(${jobs.payload}->>'notificationId')::int = any(${`{${notificationIds.join(',')}}`}::int[])`,
      ),
    );
  return rows.length;
}

/** The test switch of the student's saved card: its next charges fail with 'Insufficient Funds' (or succeed). */
export async function setFunds(t: TestApp, studentId: number, insufficient: boolean) {
  const cards = await t.ctx.db.select().from(savedCards).where(eq(savedCards.studentId, studentId));
  for (const c of cards)
    expect(await setSandboxCardFunds(t.ctx.db, c.authorizationCode, insufficient)).toBe(true);
}

/** Whether the student may watch the course now (the course answer's `canWatch`). */
export async function canWatch(t: TestApp, student: TestAccount, courseId: number) {
  const res = await t.op('singleCourse', { params: { id: courseId }, token: student.token });
  expect(res.status, res.text).toBe(200);
  return (res.body as unknown as { coursesDto: { canWatch: boolean } }).coursesDto.canWatch;
}
