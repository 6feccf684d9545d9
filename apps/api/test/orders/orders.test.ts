import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { PENDING_ORDER_MESSAGE } from '@app/contract/orders';
import { abandonExpiredOrders } from '../../src/commands/orders.ts';
import { orders } from '../../src/db/schema-money.ts';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { confirm, enrolmentsOf } from '../payments/helpers.ts';
import { chargeWith, eventually, orderRow, runSandboxJobs, sandboxWithJobs, submitForm } from './helpers.ts';
import { refusal } from '../refusal.ts';

describe('orders that wait for the money', () => {
  const t = useTestApp(sandboxWithJobs());

  const setup = async () => {
    const student = await buildStudent(t);
    const tutor = await buildTutor(t);
    const a = await buildApprovedCourse(t, tutor, { nairaPrice: 3000 });
    const b = await buildApprovedCourse(t, tutor, { nairaPrice: 4500 });
    return { student, a, b };
  };
  const expire = (reference: string) =>
    t.ctx.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(orders.reference, reference));

  it('gives every order a 30-minute life, its channel and its lines', async () => {
    const { student, a, b } = await setup();
    const { reference } = await chargeWith(t, student, [a.id, b.id], 'ussd');
    const row = await orderRow(t, reference);
    expect(row).toMatchObject({ status: 'pending', channel: 'ussd', amountKobo: 750000 });
    const minutes = (row.expiresAt!.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
    const res = await t.op('orderGet', { params: { reference }, token: student.token });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({
      reference,
      status: 'pending',
      channel: 'ussd',
      amount: 7500,
      paidAt: null,
      items: [
        { courseId: a.id, amount: 3000, refund: null, refundable: false },
        { courseId: b.id, amount: 4500, refund: null, refundable: false },
      ],
    });
    expect(res.body.order.expiresAt).toBe(row.expiresAt!.toISOString());
    expect(res.body.refundPolicy).toEqual({ days: 14, maxWatchedPercent: 30 });
  });

  it('refuses, by any channel, a course a pending transfer order holds, until it is cancelled', async () => {
    const { student, a, b } = await setup();
    const { reference } = await chargeWith(t, student, [a.id], 'bank_transfer');
    for (const channel of ['card', 'bank_transfer', 'ussd', undefined] as const) {
      const again = await t.op('cardCharge', {
        body: { courseIds: [b.id, a.id], ...(channel ? { channel } : {}) },
        token: student.token,
      });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        responseDto: refusal(PENDING_ORDER_MESSAGE),
        pendingReference: reference,
      });
    }
    // Another course, or another student, is not held.
    expect((await chargeWith(t, student, [b.id], 'card')).reference).toBeTruthy();
    expect((await chargeWith(t, await buildStudent(t), [a.id], 'bank_transfer')).reference).toBeTruthy();

    // Only the owner cancels it; then the course can be bought again.
    const other = await buildStudent(t);
    expect((await t.op('orderCancel', { body: { reference }, token: other.token })).status).toBe(404);
    const cancelled = await t.op('orderCancel', { body: { reference }, token: student.token });
    expect(cancelled.status).toBe(200);
    const row = await orderRow(t, reference);
    expect(row.status).toBe('abandoned');
    expect(row.cancelledAt).not.toBeNull();
    expect((await chargeWith(t, student, [a.id], 'ussd')).reference).not.toBe(reference);
  });

  it('lets a new checkout replace an unpaid card order, and blocks nothing once a transfer order expired', async () => {
    const { student, a } = await setup();
    const card = await chargeWith(t, student, [a.id], 'card');
    const any = await chargeWith(t, student, [a.id]);
    expect((await orderRow(t, card.reference)).status).toBe('abandoned');
    expect((await orderRow(t, any.reference)).status).toBe('pending');
    const transfer = await chargeWith(t, student, [a.id], 'bank_transfer');
    expect((await orderRow(t, any.reference)).status).toBe('abandoned');
    await expire(transfer.reference);
    // Past its time it holds nothing, even before the sweep has marked it.
    const next = await chargeWith(t, student, [a.id], 'card');
    expect(next.reference).toBeTruthy();
    expect(
      (await t.op('orderGet', { params: { reference: transfer.reference }, token: student.token })).body.order
        .status,
    ).toBe('abandoned');
  });

  it('sweeps unpaid orders past their time to abandoned, and honours a payment that arrives later', async () => {
    const { student, a, b } = await setup();
    const { reference, url } = await chargeWith(t, student, [a.id, b.id], 'bank_transfer');
    const sent = await submitForm(t, await (await fetch(url)).text(), "I've sent the money");
    expect(sent.status).toBe(303);
    await expire(reference);
    expect(await abandonExpiredOrders(t.ctx.db)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t, reference)).status).toBe('abandoned');

    // The money arrives after all: the student paid, so they get the courses.
    await runSandboxJobs(t, reference);
    await eventually(async () => expect((await orderRow(t, reference)).status).toBe('paid'));
    expect(await enrolmentsOf(t, student.id)).toEqual([
      { courseId: a.id, pricePaidKobo: 300000 },
      { courseId: b.id, pricePaidKobo: 450000 },
    ]);
    expect((await confirm(t, student, reference, [a.id, b.id])).status).toBe(200);
  });

  it('honours a card payment on an order the student cancelled', async () => {
    const { student, a } = await setup();
    const { reference, url } = await chargeWith(t, student, [a.id], 'card');
    const html = await (await fetch(url)).text();
    expect((await t.op('orderCancel', { body: { reference }, token: student.token })).status).toBe(200);
    expect((await submitForm(t, html, 'Pay')).status).toBe(303);
    expect((await orderRow(t, reference)).status).toBe('paid');
    expect(await enrolmentsOf(t, student.id)).toHaveLength(1);
    const again = await t.op('orderCancel', { body: { reference }, token: student.token });
    expect(again.status).toBe(400);
    expect(again.body.responseDto.message).toContain('This order is paid');
  });

  it('runs the sweep from the job queue when an order expires', async () => {
    const { student, a } = await setup();
    const { reference } = await chargeWith(t, student, [a.id], 'ussd');
    await expire(reference);
    await t.ctx.db.execute(
      sql`update jobs set run_at = now() where name = 'order-expiry' and state = 'queued'`,
    );
    t.ctx.worker!.wake();
    await eventually(async () => expect((await orderRow(t, reference)).status).toBe('abandoned'));
  });

  it("shows an order to its owner only, and lists the student's orders newest first", async () => {
    const { student, a, b } = await setup();
    const first = await chargeWith(t, student, [a.id], 'ussd');
    const second = await chargeWith(t, student, [b.id], 'card');
    const other = await buildStudent(t);
    const theirs = await t.op('orderGet', { params: { reference: first.reference }, token: other.token });
    expect(theirs.status).toBe(404);
    expect(
      (await t.op('orderGet', { params: { reference: 'DL-unknown-0' }, token: student.token })).status,
    ).toBe(404);
    expect((await t.op('orderGet', { params: { reference: first.reference } })).status).toBe(401);

    const list = await t.op('orderList', { body: { pageNo: 0, pageSize: 10 }, token: student.token });
    expect(list.status).toBe(200);
    expect(list.body.totalData).toBe(2);
    expect(list.body.orders.map((o) => o.reference)).toEqual([second.reference, first.reference]);
    expect(list.body.orders[1]).toMatchObject({
      status: 'pending',
      channel: 'ussd',
      amount: 3000,
      items: [{ courseId: a.id, title: expect.any(String), amount: 3000 }],
    });
    const page2 = await t.op('orderList', { body: { pageNo: 1, pageSize: 1 }, token: student.token });
    expect(page2.body.orders.map((o) => o.reference)).toEqual([first.reference]);
    expect(
      (await t.op('orderList', { body: { pageNo: 0, pageSize: 10 }, token: other.token })).body.totalData,
    ).toBe(0);
  });
});
