import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TGiftDetails } from '@app/contract/gifts';
import type { TPaymentChannel } from '@app/contract/payment-rules';
import { jobs, outbox } from '../../src/db/schema.ts';
import { GIFT_SEND_JOB } from '../../src/commands/gifts.ts';
import { giftClock } from '../../src/lib/gift-code.ts';
import type { TestAccount } from '../factories.ts';
import type { TestApp } from '../harness.ts';
import { eventually, orderRow, runSandboxJobs, sandboxWithJobs, submitForm } from '../orders/helpers.ts';

/** A sandbox app whose worker also sends gifts. */
export const giftsApp = () => sandboxWithJobs({}, [GIFT_SEND_JOB]);

/** A recipient's address nobody has an account for yet. */
export const newEmail = () => `friend-${randomUUID().slice(0, 8)}@example.com`;

/** POST /card/charge of `courseIds` as a gift; answers the reference and the sandbox page. */
export async function chargeGift(
  t: TestApp,
  buyer: TestAccount,
  courseIds: number[],
  gift: TGiftDetails,
  more: { channel?: TPaymentChannel; coupon?: string } = {},
) {
  const res = await t.op('cardCharge', { body: { courseIds, gift, ...more }, token: buyer.token });
  expect(res.status, res.text).toBe(200);
  const data = res.body.initializeTransactionResponse.data;
  return { reference: data.reference, url: data.authorization_url };
}

/** Buys `courseIds` as a gift by bank transfer in the sandbox and waits until the order is paid. */
export async function giveByTransfer(
  t: TestApp,
  buyer: TestAccount,
  courseIds: number[],
  gift: TGiftDetails,
  more: { coupon?: string } = {},
) {
  const { reference, url } = await chargeGift(t, buyer, courseIds, gift, {
    channel: 'bank_transfer',
    ...more,
  });
  const sent = await submitForm(t, await (await fetch(url)).text(), "I've sent the money");
  expect(sent.status).toBe(303);
  await runSandboxJobs(t, reference);
  await eventually(async () => expect((await orderRow(t, reference)).status).toBe('paid'));
  return reference;
}

/** The emails to `to`, newest first. */
export const mailsTo = (t: TestApp, to: string) =>
  t.ctx.db.select().from(outbox).where(eq(outbox.to, to.toLowerCase())).orderBy(desc(outbox.id));

/** Waits for the gift email to `to` and answers its code (as printed) and its link. */
export async function giftMail(t: TestApp, to: string) {
  const mail = await eventually(async () => {
    const [m] = await mailsTo(t, to);
    expect(m, `no email to ${to}`).toBeTruthy();
    return m!;
  });
  const code = /enter the code ([0-9A-Z-]{19})/.exec(mail.body)?.[1];
  const link = /Redeem it here \(the link works once\): (\S+)/.exec(mail.body)?.[1];
  expect(code, mail.body).toBeTruthy();
  return { mail, code: code!, link: link! };
}

/** Moves the gift clock on and lets the send jobs now due run (as they would have on that day). */
export async function advanceGiftClock(t: TestApp, ms: number) {
  giftClock.advance(ms);
  await releaseGiftJobs(t);
}

/** Makes every queued gift job due now (the job itself decides whether its day has come) and waits for them. */
export async function releaseGiftJobs(t: TestApp) {
  await t.ctx.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.name, GIFT_SEND_JOB), eq(jobs.state, 'queued')));
  t.ctx.worker!.wake();
  await t.ctx.worker!.drain(30_000);
}
