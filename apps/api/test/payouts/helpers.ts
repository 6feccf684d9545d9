import { and, desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { accounts, outbox } from '../../src/db/schema.ts';
import { payoutAccounts, payouts } from '../../src/db/schema-money.ts';
import { SANDBOX_EVENT_JOB } from '../../src/services/payments/sandbox.ts';
import type { TestAccount } from '../factories.ts';
import type { StartOptions, TestApp } from '../harness.ts';

export const GTBANK = '058';

/**
 * A sandbox app whose job worker delivers the sandbox's transfer webhooks (`sandbox-event` jobs) as soon as they
 * are due: SANDBOX_CONFIRM_DELAY_MS 0 unless `env` says otherwise.
 */
export const withTransferEvents = (opts: StartOptions = {}): StartOptions => ({
  ...opts,
  env: { SANDBOX_CONFIRM_DELAY_MS: '0', ...opts.env },
  jobs: { pollMs: 25, retryBaseMs: 50, names: [SANDBOX_EVENT_JOB] },
});

/** The newest payout-account code emailed to `email` (read from the outbox). */
export async function emailedCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.ctx.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.subject, 'Your DevLearn payout account code')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = /is: (\d{6})/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no payout code emailed to ${email}`);
  return code;
}

/** Sets the tutor's payout account the way the settings screen does: code by email, then password and code. */
export async function setAccount(t: TestApp, tutor: TestAccount, accountNumber: string, bankCode = GTBANK) {
  const asked = await t.op('payoutAccountCode', { body: {}, token: tutor.token });
  expect(asked.status).toBe(200);
  const code = await emailedCode(t, tutor.email);
  return t.op('payoutAccountSet', {
    body: { bankCode, accountNumber, password: tutor.password, code },
    token: tutor.token,
  });
}

/** Ends the hold of the tutor's payout account (as if PAYOUT_HOLD_HOURS had passed). */
export async function endHold(t: TestApp, tutorId: number) {
  await t.ctx.db
    .update(payoutAccounts)
    .set({ holdUntil: sql`now() - interval '1 second'` })
    .where(eq(payoutAccounts.tutorId, tutorId));
}

/** A tutor with a verified payout account past its hold. */
export async function readyAccount(t: TestApp, tutor: TestAccount, accountNumber: string) {
  const res = await setAccount(t, tutor, accountNumber);
  expect(res.status, res.text).toBe(200);
  await endHold(t, tutor.id);
}

/** Buys courses through the sandbox: charge, Pay on its page (its webhook fulfils the order). */
export async function buyInSandbox(t: TestApp, student: TestAccount, courseIds: number[]) {
  const res = await t.op('cardCharge', { body: { courseIds }, token: student.token });
  expect(res.status, res.text).toBe(200);
  const { authorization_url: url, reference } = res.body.initializeTransactionResponse.data;
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return reference;
}

/** The tutor's payouts, newest first. */
export const payoutsOf = (t: TestApp, tutorId: number) =>
  t.ctx.db.select().from(payouts).where(eq(payouts.tutorId, tutorId)).orderBy(desc(payouts.id));

/** Waits until `check` answers true (the sandbox's transfer webhooks arrive a moment after the transfer). */
export async function eventually(check: () => Promise<boolean>, what: string, ms = 5000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The account row of a test account (for calling commands directly). */
export async function accountRow(t: TestApp, id: number) {
  const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, id));
  return row!;
}
