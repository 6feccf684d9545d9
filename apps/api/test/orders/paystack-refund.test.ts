import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { auditLog, refunds } from '../../src/db/schema-money.ts';
import { buildStudent, buildTutor, useAccounts } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { buyWithPaystack, enrolmentsOf, postWebhook, usePaystackApp } from '../payments/helpers.ts';
import { orderRow } from './helpers.ts';

describe('refunds through Paystack', () => {
  const { t, fake } = usePaystackApp();
  const [admin] = useAccounts(t, 'admin');

  it("asks Paystack's POST /refund for the line's amount, and completes on the signed refund.processed", async () => {
    const student = await buildStudent(t);
    const tutor = await buildTutor(t);
    const a = await buildApprovedCourse(t, tutor, { nairaPrice: 2000 });
    const b = await buildApprovedCourse(t, tutor, { nairaPrice: 3500 });
    const reference = await buyWithPaystack(t, fake, student, [a.id, b.id]);
    const asked = await t.op('refundRequest', {
      body: { reference, courseId: b.id, reason: 'Bought by mistake' },
      token: student.token,
    });
    expect(asked.status, asked.text).toBe(200);
    const [r] = await t.ctx.db.select().from(refunds).where(eq(refunds.studentId, student.id));

    // Paystack down: the request stays to be approved again.
    fake.setOutage(true);
    const down = await t.op('refundProcess', { body: { id: r!.id, approve: true }, token: admin.token });
    fake.setOutage(false);
    expect(down.status).toBe(503);
    expect((await t.ctx.db.select().from(refunds).where(eq(refunds.id, r!.id)))[0]!.status).toBe('requested');

    const ok = await t.op('refundProcess', { body: { id: r!.id, approve: true }, token: admin.token });
    expect(ok.status, ok.text).toBe(200);
    // Audited: the approval Paystack could not be asked for, its reopening, and the approval that went through.
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'refund'), eq(auditLog.subjectId, String(r!.id))))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([
      ['refund.approved', admin.id],
      ['refund.reopened', admin.id],
      ['refund.approved', admin.id],
    ]);
    expect(audits[1]!.details).toEqual({ reason: expect.stringContaining('could not be reached') as string });
    expect(fake.refundCalls.at(-1)).toEqual({ transaction: reference, amount: 350000 });
    const [approved] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, r!.id));
    expect(approved).toMatchObject({
      status: 'approved',
      providerRefundId: String(3000 + fake.refundCalls.length),
    });

    const event = {
      event: 'refund.processed',
      data: { status: 'processed', transaction_reference: reference, amount: 350000, currency: 'NGN' },
    };
    const forged = fake.webhook(event, 'sk_test_wrong');
    expect((await postWebhook(t, forged.body, forged.signature)).status).toBe(401);
    expect(await enrolmentsOf(t, student.id)).toHaveLength(2);
    const { body, signature } = fake.webhook(event);
    expect((await postWebhook(t, body, signature)).body.responseDto.message).toBe('Refund processed');
    expect((await postWebhook(t, body, signature)).body.responseDto.message).toBe('Refund already processed');
    expect(await enrolmentsOf(t, student.id)).toEqual([{ courseId: a.id, pricePaidKobo: 200000 }]);
    expect((await orderRow(t, reference)).status).toBe('partially_refunded');
  });
});
