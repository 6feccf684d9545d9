import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { TRANSACTION_SUCCESS_MESSAGE } from '@app/contract/payments';
import { sandboxWebhookSecret } from '../../src/services/payments/types.ts';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { type TestApp, useTestApp } from '../harness.ts';
import { charge, confirm, enrolmentsOf, postWebhook } from './helpers.ts';

/** Submits one of the page's forms as a browser would: urlencoded POST to its action, redirects not followed. */
async function submitForm(t: TestApp, html: string, button: 'Pay' | 'Cancel') {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)];
  const form = forms.find((f) => new RegExp(`>${button}[ <]`).test(f[2]!));
  if (!form) throw new Error(`no ${button} form on the page`);
  return fetch(`${t.url}${form[1]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
}

describe('the sandbox provider (no Paystack key)', () => {
  const t = useTestApp();

  const cartOfTwo = async () => {
    const student = await buildStudent(t);
    const tutor = await buildTutor(t);
    const a = await buildApprovedCourse(t, tutor, { nairaPrice: 12500 });
    const b = await buildApprovedCourse(t, tutor, { nairaPrice: 4999.5 });
    const { res, reference } = await charge(t, student, { courseIds: [a.id, b.id] });
    expect(res.status).toBe(200);
    const url = res.body.initializeTransactionResponse.data.authorization_url;
    return { student, a, b, reference: reference!, url };
  };

  it('shows a payment page with the merchant, the amount in naira, the email, Pay and Cancel', async () => {
    const { student, url, reference } = await cartOfTwo();
    expect(url).toMatch(new RegExp(`^${t.url}/sandbox-pay/[0-9a-f]{24}$`));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('DevLearn');
    expect(html).toContain('₦17,499.50');
    expect(html).toContain(student.email);
    expect(html).toContain(reference);
    expect(html).toMatch(/<button[^>]*>Pay ₦17,499.50<\/button>/);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(html).not.toContain('<script');
    // The app's CSP forbids inline scripts; the page works without them.
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('Pay redirects to /checkout?reference=..., enrols the student, and verification succeeds', async () => {
    const { student, a, b, reference, url } = await cartOfTwo();
    const html = await (await fetch(url)).text();
    const paid = await submitForm(t, html, 'Pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${t.url}/checkout?reference=${reference}&trxref=${reference}`);
    // The sandbox's own signed webhook already delivered the courses.
    expect(await enrolmentsOf(t, student.id)).toEqual([
      { courseId: a.id, pricePaidKobo: 1250000 },
      { courseId: b.id, pricePaidKobo: 499950 },
    ]);
    const res = await confirm(t, student, reference, [a.id, b.id]);
    expect(res.status).toBe(200);
    expect(res.body.responseDto.message).toBe(TRANSACTION_SUCCESS_MESSAGE);
    const mine = await t.op('userAllCourses', { token: student.token });
    expect(mine.body.courses.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    expect(mine.body.courses.every((c) => c.courseVideoUrl !== null)).toBe(true);

    // The link is single use: the page now says so, and another Pay changes nothing.
    const after = await (await fetch(url)).text();
    expect(after).toContain('Payment successful');
    expect(after).not.toContain('<form');
    const again = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(await enrolmentsOf(t, student.id)).toHaveLength(2);
  });

  it('Cancel redirects to /checkout?reference=..., and verification refuses it without enrolling', async () => {
    const { student, a, b, reference, url } = await cartOfTwo();
    const html = await (await fetch(url)).text();
    const cancelled = await submitForm(t, html, 'Cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(
      `${t.url}/checkout?reference=${reference}&trxref=${reference}`,
    );
    const res = await confirm(t, student, reference, [a.id, b.id]);
    expect(res.status).toBe(400);
    expect(res.body.responseDto.message).toBe(
      'The payment was cancelled before it was completed. No courses were added. Please try again from your cart.',
    );
    // A Pay after Cancel cannot turn it into a success.
    expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect((await confirm(t, student, reference, [a.id, b.id])).status).toBe(400);
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
    expect(await (await fetch(url)).text()).toContain('Payment cancelled');
  });

  it('refuses verification before the student pays', async () => {
    const { student, a, b, reference } = await cartOfTwo();
    const res = await confirm(t, student, reference, [a.id, b.id]);
    expect(res.status).toBe(400);
    expect(res.body.responseDto.message).toBe(
      'The payment has not been completed yet. If you paid, please check again in a few minutes.',
    );
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
  });

  it('declares an icon the browser can show, so it asks for no /favicon.ico (which would be a 404)', async () => {
    const { url } = await cartOfTwo();
    const pages = [
      await fetch(url),
      await fetch(`${url}?channel=bank_transfer`),
      await fetch(`${t.url}/sandbox-pay/x`),
    ];
    for (const page of pages) {
      const html = await page.text();
      const href = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
      expect(href, html.slice(0, 400)).toBeDefined();
      const icon = await fetch(new URL(href!, url));
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toMatch(/^image\//);
      expect(await icon.text()).toMatch(/^<svg [^>]*>.*<\/svg>$/);
      // A data: image must be allowed by the page's CSP, or the browser would not show it.
      if (href!.startsWith('data:'))
        expect(page.headers.get('content-security-policy')).toMatch(/img-src [^;]*data:/);
    }
  });

  it('answers an unknown payment link with a 404 page', async () => {
    for (const code of ['0'.repeat(24), 'not-a-code']) {
      const res = await fetch(`${t.url}/sandbox-pay/${code}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Payment link not found');
      const pay = await fetch(`${t.url}/sandbox-pay/${code}/pay`, { method: 'POST', redirect: 'manual' });
      expect(pay.status).toBe(404);
    }
  });

  it('accepts webhooks signed with the sandbox secret only', async () => {
    const { student, reference } = await cartOfTwo();
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference, status: 'success', amount: 1749950, currency: 'NGN' },
    });
    const wrong = createHmac('sha512', 'sk_test_x').update(body).digest('hex');
    expect((await postWebhook(t, body, wrong)).status).toBe(401);
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
    const right = createHmac('sha512', sandboxWebhookSecret(t.config.jwtSecret)).update(body).digest('hex');
    expect((await postWebhook(t, body, right)).status).toBe(200);
    expect(await enrolmentsOf(t, student.id)).toHaveLength(2);
  });
});
