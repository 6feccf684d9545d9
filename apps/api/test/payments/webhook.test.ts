import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { TRANSACTION_SUCCESS_MESSAGE } from '@app/contract/payments';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { charge, confirm, enrolmentsOf, orderOf, postWebhook, usePaystackApp } from './helpers.ts';
import { opPath } from '@app/contract/operation-routes';
import { refusal } from '../refusal.ts';

describe('the Paystack webhook', () => {
  const { t, fake } = usePaystackApp();

  /** A student with a pending order for two courses (₦3,000 + ₦4,500.25) that Paystack says was paid. */
  const paidOrder = async () => {
    const student = await buildStudent(t);
    const tutor = await buildTutor(t);
    const a = await buildApprovedCourse(t, tutor, { nairaPrice: 3000 });
    const b = await buildApprovedCourse(t, tutor, { nairaPrice: 4500.25 });
    const { reference } = await charge(t, student, { courseIds: [a.id, b.id] });
    fake.settle(reference!, { status: 'success' });
    const event = {
      event: 'charge.success',
      data: {
        id: 302961,
        domain: 'test',
        status: 'success',
        reference: reference!,
        amount: 750025,
        currency: 'NGN',
        paid_at: new Date().toISOString(),
        channel: 'card',
        customer: { email: student.email },
      },
    };
    return { student, a, b, reference: reference!, event };
  };

  it('fulfils the order from charge.success alone, for a student who closed the tab after paying', async () => {
    const { student, a, b, reference, event } = await paidOrder();
    const { body, signature } = fake.webhook(event);
    const res = await postWebhook(t, body, signature);
    expect(res.status).toBe(200);
    expect(res.body.responseDto).toEqual({ code: 'dk00', message: 'Order fulfilled' });
    expect(await enrolmentsOf(t, student.id)).toEqual([
      { courseId: a.id, pricePaidKobo: 300000 },
      { courseId: b.id, pricePaidKobo: 450025 },
    ]);
    expect((await orderOf(t, reference)).order?.status).toBe('paid');
    // The callback path afterwards is a harmless replay.
    const later = await confirm(t, student, reference, [a.id, b.id]);
    expect(later.status).toBe(200);
    expect(later.body.responseDto.message).toBe(TRANSACTION_SUCCESS_MESSAGE);
    expect(await enrolmentsOf(t, student.id)).toHaveLength(2);
  });

  it('hashes the raw bytes as received (whitespace kept), not a re-serialised body', async () => {
    const { student, event } = await paidOrder();
    const compact = fake.webhook(event);
    const pretty = JSON.stringify(event, null, 2);
    // Same JSON, other bytes: the compact body's signature does not fit.
    expect((await postWebhook(t, pretty, compact.signature)).status).toBe(401);
    const prettySig = createHmac('sha512', fake.secretKey).update(pretty).digest('hex');
    expect((await postWebhook(t, pretty, prettySig)).status).toBe(200);
    expect(await enrolmentsOf(t, student.id)).toHaveLength(2);
  });

  it('refuses a bad, missing or foreign-key signature with 401 and changes nothing', async () => {
    const { student, reference, event } = await paidOrder();
    const { body, signature } = fake.webhook(event);
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    const attempts = [
      await postWebhook(t, body, flipped),
      await postWebhook(t, body),
      await postWebhook(t, body, fake.webhook(event, 'sk_test_other').signature),
      await postWebhook(t, body, signature.slice(0, 64)),
      await postWebhook(t, body, 'not-hex'),
      // A valid signature of a different body.
      await postWebhook(t, body.replace('"success"', '"success" '), signature),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(401);
      expect(res.body.responseDto).toEqual(refusal('Invalid webhook signature.'));
    }
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
    expect((await orderOf(t, reference)).order?.status).toBe('pending');
  });

  it('treats duplicate deliveries, one after another or at once, as one', async () => {
    const { student, a, b, event } = await paidOrder();
    const { body, signature } = fake.webhook(event);
    const first = await postWebhook(t, body, signature);
    expect(first.body.responseDto.message).toBe('Order fulfilled');
    const again = await postWebhook(t, body, signature);
    expect(again.status).toBe(200);
    expect(again.body.responseDto.message).toBe('Order already fulfilled');
    const burst = await Promise.all(Array.from({ length: 10 }, () => postWebhook(t, body, signature)));
    for (const r of burst) expect(r.status).toBe(200);
    expect(await enrolmentsOf(t, student.id)).toEqual([
      { courseId: a.id, pricePaidKobo: 300000 },
      { courseId: b.id, pricePaidKobo: 450025 },
    ]);
  });

  it('races the webhook against the callback path and still enrols once', async () => {
    const { student, a, b, reference, event } = await paidOrder();
    const { body, signature } = fake.webhook(event);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => postWebhook(t, body, signature)),
      ...Array.from({ length: 5 }, () => confirm(t, student, reference, [a.id, b.id])),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    expect(await enrolmentsOf(t, student.id)).toHaveLength(2);
  });

  it('acknowledges but does not fulfil an event whose amount or currency does not match the order', async () => {
    const { student, reference, event } = await paidOrder();
    const short = fake.webhook({ ...event, data: { ...event.data, amount: 100 } });
    const res = await postWebhook(t, short.body, short.signature);
    expect(res.status).toBe(200);
    expect(res.body.responseDto.message).toBe(
      'The amount paid (₦1.00) does not match the order total (₦7,500.25).',
    );
    const usd = fake.webhook({ ...event, data: { ...event.data, currency: 'USD' } });
    expect((await postWebhook(t, usd.body, usd.signature)).status).toBe(200);
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
    expect((await orderOf(t, reference)).order?.status).toBe('pending');
  });

  it('ignores other events and unknown references', async () => {
    const { student, event } = await paidOrder();
    const failed = fake.webhook({ ...event, event: 'charge.failed' });
    const res = await postWebhook(t, failed.body, failed.signature);
    expect(res.status).toBe(200);
    expect(res.body.responseDto.message).toBe('Event ignored');
    const unknown = fake.webhook({ ...event, data: { ...event.data, reference: 'DL-unknown' } });
    const res2 = await postWebhook(t, unknown.body, unknown.signature);
    expect(res2.status).toBe(200);
    expect(res2.body.responseDto.message).toBe('Unknown reference');
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
  });

  it('waits for the courses of an amount-only order, then the callback names them', async () => {
    const student = await buildStudent(t);
    const tutor = await buildTutor(t);
    const a = await buildApprovedCourse(t, tutor, { nairaPrice: 2500 });
    const { reference } = await charge(t, student, { amount: 2500 });
    fake.settle(reference!, { status: 'success' });
    const hook = fake.webhook({
      event: 'charge.success',
      data: { reference, status: 'success', amount: 250000, currency: 'NGN' },
    });
    const res = await postWebhook(t, hook.body, hook.signature);
    expect(res.status).toBe(200);
    expect(res.body.responseDto.message).toBe('Order awaits its courses');
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
    expect((await confirm(t, student, reference!, [a.id])).status).toBe(200);
    expect(await enrolmentsOf(t, student.id)).toEqual([{ courseId: a.id, pricePaidKobo: 250000 }]);
  });

  it('leaves JSON parsing of every other call alone', async () => {
    const student = await buildStudent(t);
    const res = await t.api(opPath('cardCharge'), { body: '{"courseIds": [', token: student.token });
    expect(res.status).toBe(400);
    expect(res.body.responseDto.message).toBe('The request body is not valid JSON.');
  });
});
