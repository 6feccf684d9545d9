import { describe, expect, it } from 'vitest';

import { signWebhook, sandboxWebhookSecret } from '../../src/services/payments/types.ts';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { charge, confirm, enrolmentsOf, postWebhook, usePaystackApp } from '../payments/helpers.ts';
import { chargeWith, eventually, orderRow, runSandboxJobs, sandboxWithJobs, submitForm } from './helpers.ts';

const NOT_YET = 'The payment has not been completed yet. If you paid, please check again in a few minutes.';

describe('payment channels in the sandbox', () => {
  const t = useTestApp(sandboxWithJobs());

  const cart = async (nairaPrice = 12500) => {
    const student = await buildStudent(t);
    const course = await buildApprovedCourse(t, await buildTutor(t), { nairaPrice });
    return { student, course };
  };

  it('offers card, transfer and USSD when no channel was chosen, card first', async () => {
    const { student, course } = await cart();
    const { url } = await chargeWith(t, student, [course.id]);
    const html = await (await fetch(url)).text();
    expect(html).toMatch(/<nav class="tabs"[^>]*>.*>Card<.*>Bank transfer<.*>USSD</s);
    expect(html).toMatch(/<button[^>]*>Pay ₦12,500.00<\/button>/);
    expect(html).not.toContain('<script');
    const transfer = await (await fetch(`${url}?channel=bank_transfer`)).text();
    expect(transfer).toContain("I've sent the money");
    expect(transfer).not.toMatch(/<button[^>]*>Pay ₦/);
  });

  it('shows a transfer the one-off account, its bank, the exact amount and a 30-minute countdown', async () => {
    const { student, course } = await cart(4999.5);
    const { url, reference } = await chargeWith(t, student, [course.id], 'bank_transfer');
    const res = await fetch(url);
    const html = await res.text();
    expect(html).not.toContain('<nav class="tabs"');
    expect(html).toContain('Paystack-Titan');
    expect(html).toMatch(/Account number<\/span><strong>99\d{8}<\/strong>/);
    expect(html).toContain('Transfer exactly ₦4,999.50');
    const expires = /data-expires="([^"]+)"/.exec(html)![1]!;
    const minutes = (Date.parse(expires) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(html).toMatch(/>(29:5\d|30:00)</);
    // The countdown script is same-origin (the CSP forbids inline scripts).
    const script = /<script src="([^"]+)"/.exec(html)![1]!;
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${t.url}${script}`)).headers.get('content-type')).toContain('javascript');
    // A card payment is not possible on a transfer-only page.
    expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(400);
    expect((await orderRow(t, reference)).channel).toBe('bank_transfer');
  });

  it("shows USSD a bank picker, then the bank's dial code", async () => {
    const { student, course } = await cart();
    const { url } = await chargeWith(t, student, [course.id], 'ussd');
    const html = await (await fetch(url)).text();
    expect(html).toContain('<select id="bank" name="bank">');
    expect(html).toContain('GTBank (*737#)');
    const picked = await (await fetch(`${url}?channel=ussd&bank=737`)).text();
    expect(picked).toMatch(/<p class="dial">\*737\*000\*\d{4}#<\/p>/);
    expect(picked).toContain("I've completed the USSD payment");
  });

  it('keeps a transfer pending after "I\'ve sent the money" and enrols only when the signed webhook comes', async () => {
    const { student, course } = await cart();
    const { url, reference } = await chargeWith(t, student, [course.id], 'bank_transfer');
    const sent = await submitForm(t, await (await fetch(url)).text(), "I've sent the money");
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`${t.url}/checkout?reference=${reference}&trxref=${reference}`);

    // The browser proves nothing: verify says the money has not arrived, and nobody is enrolled.
    const early = await confirm(t, student, reference, [course.id]);
    expect(early.status).toBe(400);
    expect(early.body.responseDto.message).toBe(NOT_YET);
    expect((await t.ctx.payments.verify(reference))?.status).toBe('pending');
    const waiting = await t.op('orderGet', { params: { reference }, token: student.token });
    expect(waiting.body.order.status).toBe('pending');
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
    expect(await (await fetch(url)).text()).toContain('Waiting for your payment');

    // The sandbox's delayed charge.success arrives.
    await runSandboxJobs(t, reference);
    await eventually(async () => expect((await orderRow(t, reference)).status).toBe('paid'));
    expect(await enrolmentsOf(t, student.id)).toEqual([{ courseId: course.id, pricePaidKobo: 1250000 }]);
    const paid = await t.op('orderGet', { params: { reference }, token: student.token });
    expect(paid.body.order).toMatchObject({ status: 'paid', channel: 'bank_transfer' });
    expect((await orderRow(t, reference)).paidChannel).toBe('bank_transfer');
    expect((await confirm(t, student, reference, [course.id])).status).toBe(200);
  });

  it('pays USSD the same way, recording the channel', async () => {
    const { student, course } = await cart();
    const { url, reference } = await chargeWith(t, student, [course.id], 'ussd');
    const sent = await submitForm(
      t,
      await (await fetch(`${url}?channel=ussd&bank=894`)).text(),
      "I've completed",
    );
    expect(sent.status).toBe(303);
    expect((await orderRow(t, reference)).status).toBe('pending');
    await runSandboxJobs(t, reference);
    await eventually(async () => expect((await orderRow(t, reference)).paidChannel).toBe('ussd'));
    expect(await enrolmentsOf(t, student.id)).toHaveLength(1);
  });

  it('changes nothing for a forged webhook, and nothing more for a replayed one', async () => {
    const { student, course } = await cart();
    const { reference } = await chargeWith(t, student, [course.id], 'bank_transfer');
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference, status: 'success', amount: 1250000, currency: 'NGN', channel: 'bank_transfer' },
    });
    for (const forged of [signWebhook(body, 'not-the-secret'), '', 'zz']) {
      expect((await postWebhook(t, body, forged)).status).toBe(401);
    }
    expect((await postWebhook(t, body)).status).toBe(401);
    expect((await orderRow(t, reference)).status).toBe('pending');
    expect(await enrolmentsOf(t, student.id)).toEqual([]);

    const signature = signWebhook(body, sandboxWebhookSecret(t.config.jwtSecret));
    const first = await postWebhook(t, body, signature);
    expect(first.body.responseDto.message).toBe('Order fulfilled');
    const paidAt = (await orderRow(t, reference)).paidAt;
    for (let i = 0; i < 3; i++) {
      const again = await postWebhook(t, body, signature);
      expect(again.status).toBe(200);
      expect(again.body.responseDto.message).toBe('Order already fulfilled');
    }
    expect(await enrolmentsOf(t, student.id)).toHaveLength(1);
    expect((await orderRow(t, reference)).paidAt).toEqual(paidAt);
  });
});

describe('payment channels with Paystack', () => {
  const { t, fake } = usePaystackApp();

  it("passes the chosen channel as Paystack's channels, and every channel without one", async () => {
    const student = await buildStudent(t);
    const tutor = await buildTutor(t);
    const a = await buildApprovedCourse(t, tutor);
    const b = await buildApprovedCourse(t, tutor);
    await chargeWith(t, student, [a.id], 'ussd');
    expect(fake.initializeCalls.at(-1)!.channels).toEqual(['ussd']);
    await charge(t, student, { courseIds: [b.id] });
    expect(fake.initializeCalls.at(-1)).not.toHaveProperty('channels');
    const bad = await t.api('/card/charge', {
      body: { courseIds: [b.id], channel: 'cash' },
      token: student.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.responseDto.message).toContain('channel must be one of card, bank_transfer, ussd');
  });
});
