import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { REFUND_REJECT_NOTE_REQUIRED } from '@app/contract/orders';
import { notifications } from '../../src/db/schema.ts';
import { auditLog, ledgerEntries, orders, refunds } from '../../src/db/schema-money.ts';
import { buildStudent, buildTutor, type TestAccount, useAccounts } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { enrolmentsOf } from '../payments/helpers.ts';
import {
  eventually,
  orderRow,
  payByTransfer,
  queuedRefundCodes,
  runSandboxJobs,
  sandboxWithJobs,
  watch,
} from './helpers.ts';

describe('refunds', () => {
  const t = useTestApp(sandboxWithJobs());
  const [admin] = useAccounts(t, 'admin');

  /** A student who paid for two courses (₦3,000 and ₦4,500) of one tutor in one transfer order. */
  const paidPair = async () => {
    const student = await buildStudent(t);
    const tutor = await buildTutor(t);
    const a = await buildApprovedCourse(t, tutor, { nairaPrice: 3000 });
    const b = await buildApprovedCourse(t, tutor, { nairaPrice: 4500 });
    const reference = await payByTransfer(t, student, [a.id, b.id]);
    return { student, tutor, a, b, reference };
  };
  const ask = (student: TestAccount, reference: string, courseId: number, reason = 'Not what I expected') =>
    t.op('refundRequest', { body: { reference, courseId, reason }, token: student.token });
  /** The audit entries of a refund, oldest first. */
  const auditsOf = (refundId: number) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'refund'), eq(auditLog.subjectId, String(refundId))))
      .orderBy(asc(auditLog.id));
  const typesOf = async (student: TestAccount) =>
    (
      await t.ctx.db
        .select({ type: notifications.type })
        .from(notifications)
        .where(eq(notifications.accountId, student.id))
        .orderBy(asc(notifications.id))
    ).map((n) => n.type);

  it('states the rule before purchase', async () => {
    const res = await t.op('refundPolicy');
    expect(res.body.refundPolicy).toEqual({ days: 14, maxWatchedPercent: 30 });
  });

  it('refunds one course of a two-course order: enrolment gone, order partly refunded, earnings down', async () => {
    const { student, tutor, a, b, reference } = await paidPair();
    const before = await t.op('staffDashboard', { token: tutor.token });
    expect(before.body.totalEarnings).toBe(6000); // the tutor's 80 % of ₦7,500
    const page = await t.op('orderGet', { params: { reference }, token: student.token });
    expect(page.body.order.items.map((i) => i.refundable)).toEqual([true, true]);

    const asked = await ask(student, reference, a.id);
    expect(asked.status, asked.text).toBe(200);
    const listed = await t.op('refundList', {
      body: { pageNo: 0, pageSize: 50, status: 'requested' },
      token: admin.token,
    });
    const mine = listed.body.refunds.find((r) => r.reference === reference)!;
    expect(mine).toMatchObject({
      courseId: a.id,
      amount: 3000,
      studentEmail: student.email,
      studentName: student.fullName,
      status: 'requested',
      watchedPercent: 0,
      reason: 'Not what I expected',
    });

    const approved = await t.op('refundProcess', {
      body: { id: mine.id, approve: true, note: 'Sorry to see you go' },
      token: admin.token,
    });
    expect(approved.status, approved.text).toBe(200);
    const [row] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, mine.id));
    expect(row).toMatchObject({ status: 'approved', adminId: admin.id });
    // Still enrolled until the provider says the money went back.
    expect(await enrolmentsOf(t, student.id)).toHaveLength(2);

    // The decision is audited: the admin, from where, about what.
    const [decision] = await auditsOf(mine.id);
    expect(decision).toMatchObject({
      action: 'refund.approved',
      actorId: admin.id,
      actorRole: 'admin',
      details: {
        reference,
        courseId: a.id,
        studentId: student.id,
        amountKobo: 300000,
        note: 'Sorry to see you go',
      },
    });
    expect(decision!.ip).toBeTruthy();
    expect(decision!.userAgent).toBeTruthy();

    await runSandboxJobs(t, row!.providerRefundId!);
    await eventually(async () => expect((await orderRow(t, reference)).status).toBe('partially_refunded'));
    expect(await enrolmentsOf(t, student.id)).toEqual([{ courseId: b.id, pricePaidKobo: 450000 }]);
    // And the money's return, by the provider.
    const audits = await auditsOf(mine.id);
    expect(audits.map((x) => x.action)).toEqual(['refund.approved', 'refund.processed']);
    expect(audits[1]).toMatchObject({
      actorId: null,
      ip: null,
      userAgent: 'payment provider',
      details: { reference, amountKobo: 300000, providerRefundId: row!.providerRefundId },
    });
    const after = await t.op('staffDashboard', { token: tutor.token });
    expect(after.body.totalEarnings).toBe(3600); // 80 % of the ₦4,500 left
    const buyers = await t.op('boughtCourse', {
      body: { id: a.id, pageNo: 0, pageSize: 10 },
      token: tutor.token,
    });
    expect(buyers.body).toMatchObject({ totalData: 0, totalEarnings: 0 });
    const ledger = await t.ctx.db
      .select({ kind: ledgerEntries.kind, gross: ledgerEntries.grossKobo })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, (await orderRow(t, reference)).id))
      .orderBy(asc(ledgerEntries.id));
    expect(ledger.filter((l) => l.kind === 'refund')).toEqual([{ kind: 'refund', gross: -300000 }]);

    const order = await t.op('orderGet', { params: { reference }, token: student.token });
    expect(order.body.order.status).toBe('partially_refunded');
    expect(order.body.order.items[0]).toMatchObject({ refund: { status: 'processed' }, refundable: false });
    expect(order.body.order.items[1]).toMatchObject({ refund: null, refundable: true });

    // The second course too: the order is refunded.
    await ask(student, reference, b.id);
    const [second] = await t.ctx.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.courseId, b.id), eq(refunds.studentId, student.id)));
    expect(
      (await t.op('refundProcess', { body: { id: second!.id, approve: true }, token: admin.token })).status,
    ).toBe(200);
    const [approvedSecond] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, second!.id));
    await runSandboxJobs(t, approvedSecond!.providerRefundId!);
    await eventually(async () => expect((await orderRow(t, reference)).status).toBe('refunded'));
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
    expect(await typesOf(student)).toEqual([
      'purchase-confirmed',
      'refund-requested',
      'refund-approved',
      'refund-processed',
      'refund-requested',
      'refund-approved',
      'refund-processed',
    ]);
  });

  it('absorbs a replayed refund.processed', async () => {
    const { student, a, reference } = await paidPair();
    await ask(student, reference, a.id);
    const [r] = await t.ctx.db.select().from(refunds).where(eq(refunds.studentId, student.id));
    await t.op('refundProcess', { body: { id: r!.id, approve: true }, token: admin.token });
    const [approved] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, r!.id));
    await runSandboxJobs(t, approved!.providerRefundId!);
    await eventually(async () => expect((await orderRow(t, reference)).status).toBe('partially_refunded'));
    const { deliverSandboxEvent } = await import('../../src/commands/sandbox-delivery.ts');
    const event = {
      event: 'refund.processed',
      data: {
        transaction_reference: reference,
        refund_reference: approved!.providerRefundId,
        amount: 300000,
        currency: 'NGN',
      },
    };
    expect(await deliverSandboxEvent(t.ctx, event)).toBe('Refund already processed');
    expect((await auditsOf(r!.id)).map((x) => x.action)).toEqual(['refund.approved', 'refund.processed']);
    const ledger = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderLineId, r!.orderLineId), eq(ledgerEntries.kind, 'refund')));
    expect(ledger).toHaveLength(1);
    expect((await orderRow(t, reference)).status).toBe('partially_refunded');
  });

  it('refuses what the rule does not allow, each with a clear 400', async () => {
    const { student, a, b, reference } = await paidPair();
    // Owner only: another student's order is not found.
    const other = await buildStudent(t);
    expect((await ask(other, reference, a.id)).status).toBe(404);
    // A course not in the order.
    const stray = await buildApprovedCourse(t, await buildTutor(t));
    const notIn = await ask(student, reference, stray.id);
    expect(notIn.status).toBe(400);
    expect(notIn.body.responseDto.message).toBe('This order does not include that course.');
    // Watched share: 2 of 4 lessons (50%) is too much; 1 of 4 (25%) is fine.
    await watch(t, student.id, b.id, 0.5);
    const watched = await ask(student, reference, b.id);
    expect(watched.status).toBe(400);
    expect(watched.body.responseDto.message).toBe(
      'Refunds are possible only before 30% of a course has been watched, and you have watched 50% of this one.',
    );
    await watch(t, student.id, a.id, 0.25);
    expect((await ask(student, reference, a.id)).status).toBe(200);
    // Once per line.
    const twice = await ask(student, reference, a.id);
    expect(twice.status).toBe(400);
    expect(twice.body.responseDto.message).toBe(
      'A refund was already requested for this course. Each course can be refunded once.',
    );
    // The window: 15 days after payment is too late.
    const late = await paidPair();
    await t.ctx.db
      .update(orders)
      .set({ paidAt: sql`now() - interval '15 days'` })
      .where(eq(orders.reference, late.reference));
    const tooLate = await ask(late.student, late.reference, late.a.id);
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.responseDto.message).toBe(
      'Refunds can be asked for within 14 days of payment, and this course was paid for more than 14 days ago.',
    );
    const page = await t.op('orderGet', { params: { reference: late.reference }, token: late.student.token });
    expect(page.body.order.items.map((i) => i.refundable)).toEqual([false, false]);
    // An unpaid order.
    const { chargeWith } = await import('./helpers.ts');
    const unpaid = await chargeWith(t, late.student, [stray.id], 'ussd');
    const notPaid = await ask(late.student, unpaid.reference, stray.id);
    expect(notPaid.status).toBe(400);
    expect(notPaid.body.responseDto.message).toBe('Only a paid order can be refunded.');
  });

  it("tells in the student's list of orders what the order page tells: which courses may be refunded, until when", async () => {
    const { student, a, b, reference } = await paidPair();
    const listed = async () => {
      const res = await t.op('orderList', { body: { pageNo: 0, pageSize: 10 }, token: student.token });
      expect(res.status).toBe(200);
      return res.body.orders.find((o) => o.reference === reference)!;
    };
    const single = async () =>
      (await t.op('orderGet', { params: { reference }, token: student.token })).body.order;
    // 50% of b watched: only a may be refunded, for 14 days after payment.
    await watch(t, student.id, b.id, 0.5);
    const paidAt = (await orderRow(t, reference)).paidAt!;
    let inList = await listed();
    expect(inList.items.map((i) => [i.courseId, i.refundable])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    expect(inList.refundableUntil).toBe(new Date(paidAt.getTime() + 14 * 86_400_000).toISOString());
    expect(inList).toEqual(await single());
    // Asked for a: nothing left to refund.
    expect((await ask(student, reference, a.id)).status).toBe(200);
    inList = await listed();
    expect(inList.items.map((i) => i.refundable)).toEqual([false, false]);
    expect(inList.refundableUntil).toBeNull();
    expect(inList).toEqual(await single());
    // An order still waiting for its money offers no refund.
    const stray = await buildApprovedCourse(t, await buildTutor(t));
    const { chargeWith } = await import('./helpers.ts');
    const unpaid = await chargeWith(t, student, [stray.id], 'ussd');
    const res = await t.op('orderList', { body: { pageNo: 0, pageSize: 10 }, token: student.token });
    const waiting = res.body.orders.find((o) => o.reference === unpaid.reference)!;
    expect(waiting.items.map((i) => i.refundable)).toEqual([false]);
    expect(waiting.refundableUntil).toBeNull();
  });

  it('approves without a note; a rejection needs its reason (400 naming it)', async () => {
    const { student, a, b, reference } = await paidPair();
    await ask(student, reference, a.id);
    await ask(student, reference, b.id);
    const [ra, rb] = await t.ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.studentId, student.id))
      .orderBy(asc(refunds.id));
    for (const note of [undefined, '', '   ']) {
      const refused = await t.op('refundProcess', {
        body: { id: rb!.id, approve: false, ...(note === undefined ? {} : { note }) },
        token: admin.token,
      });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.responseDto.message).toBe(REFUND_REJECT_NOTE_REQUIRED);
    }
    expect((await t.ctx.db.select().from(refunds).where(eq(refunds.id, rb!.id)))[0]!.status).toBe(
      'requested',
    );

    // The dialog sends an empty note when the admin writes none.
    const approved = await t.op('refundProcess', {
      body: { id: ra!.id, approve: true, note: '' },
      token: admin.token,
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.responseDto.message).toBe('Refund approved');
    const [row] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, ra!.id));
    expect(row).toMatchObject({ status: 'approved', adminNote: null });
  });

  it('lets only admins list and decide; a rejection is final and keeps the course', async () => {
    const { student, a, reference } = await paidPair();
    await ask(student, reference, a.id);
    const [r] = await t.ctx.db.select().from(refunds).where(eq(refunds.studentId, student.id));
    expect(
      (await t.op('refundList', { body: { pageNo: 0, pageSize: 5 }, token: student.token })).status,
    ).toBe(403);
    expect(
      (await t.op('refundProcess', { body: { id: r!.id, approve: true }, token: student.token })).status,
    ).toBe(403);
    expect(
      (await t.op('refundProcess', { body: { id: 999999, approve: true }, token: admin.token })).status,
    ).toBe(404);

    const rejected = await t.op('refundProcess', {
      body: { id: r!.id, approve: false, note: 'You finished the course.' },
      token: admin.token,
    });
    expect(rejected.status).toBe(200);
    const audits = await auditsOf(r!.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'refund.rejected',
      actorId: admin.id,
      details: { note: 'You finished the course.' },
    });
    expect(audits[0]!.ip).toBeTruthy();
    const again = await t.op('refundProcess', { body: { id: r!.id, approve: true }, token: admin.token });
    expect(again.status).toBe(400);
    expect(again.body.responseDto.message).toBe('This refund request is already rejected.');
    expect(await enrolmentsOf(t, student.id)).toHaveLength(2);
    expect(await queuedRefundCodes(t)).not.toContain(r!.providerRefundId);
    const order = await t.op('orderGet', { params: { reference }, token: student.token });
    expect(order.body.order.items[0]!.refund).toMatchObject({
      status: 'rejected',
      note: 'You finished the course.',
    });
    expect(await typesOf(student)).toEqual(['purchase-confirmed', 'refund-requested', 'refund-rejected']);
  });
});
