import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import type { TestAccount } from '../factories.ts';
import type { TestApp } from '../harness.ts';
import { eventually, orderRow, runSandboxJobs, submitForm } from '../orders/helpers.ts';

/** Buys `seats` seats of each course for the buyer's team by bank transfer in the sandbox, until paid. */
export async function buySeats(
  t: TestApp,
  admin: TestAccount,
  courseIds: number[],
  seats: number,
  companyName = 'Acme Nigeria Ltd',
) {
  const res = await t.op('cardCharge', {
    body: { courseIds, channel: 'bank_transfer', team: { companyName, seats } },
    token: admin.token,
  });
  expect(res.status, res.text).toBe(200);
  const { reference, authorization_url: url } = res.body.initializeTransactionResponse.data;
  const sent = await submitForm(t, await (await fetch(url)).text(), "I've sent the money");
  expect(sent.status).toBe(303);
  await runSandboxJobs(t, reference);
  await eventually(async () => expect((await orderRow(t, reference)).status).toBe('paid'));
  const mine = await t.op('teamMine', { token: admin.token });
  expect(mine.status, mine.text).toBe(200);
  return { reference, teamId: mine.body.team!.id };
}

/** The newest email to `to`, and the invite link and its token in it. */
export async function inviteMail(t: TestApp, to: string) {
  const [mail] = await t.ctx.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to.toLowerCase()))
    .orderBy(desc(outbox.id))
    .limit(1);
  expect(mail, `no email to ${to}`).toBeTruthy();
  const link = /Join the team here: (\S+)/.exec(mail!.body)?.[1];
  expect(link, mail!.body).toBeTruthy();
  return { mail: mail!, link: link!, token: new URL(link!).searchParams.get('token')! };
}
