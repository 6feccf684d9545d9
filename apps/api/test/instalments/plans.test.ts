import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ledgerEntries,
  orderLines,
  orders,
  sandboxRecords,
  sandboxTransactions,
} from '../../src/db/schema-money.ts';
import { buildStudent, buildTutor, useAccounts } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { startTestApp, useTestApp } from '../harness.ts';
import { chargeInstalment } from '../../src/commands/plan-collection.ts';
import { INSTALMENT_JOB } from '../../src/commands/plan-payments.ts';
import { enqueue } from '../../src/queue/queue.ts';
import { orderRow } from '../orders/helpers.ts';
import { readyAccount } from '../payouts/helpers.ts';
import { PLAN_MESSAGES } from '../../src/commands/plan-checkout.ts';
import { handlePaymentEvent } from '../../src/commands/confirm-payment.ts';
import { DAY_MS, planClock } from '../../src/lib/plan-schedule.ts';
import {
  advanceDays,
  buyOnPlanByCard,
  canWatch,
  chargeOnPlan,
  emailsQueuedFor,
  instalmentsOf,
  notificationsOf,
  offerPlan,
  payByCard,
  payPageByTransfer,
  planOf,
  plansApp,
  setFunds,
  statusOf,
} from './helpers.ts';

describe('instalment plans', () => {
  const t = useTestApp(plansApp());
  const [admin] = useAccounts(t, 'admin');

  /** A tutor paid by split (a verified payout account past its hold), a ₦30,000 course with a 3-part monthly plan. */
  const splitCourse = async (shape = {}) => {
    const tutor = await buildTutor(t);
    await readyAccount(t, tutor, '0123456789');
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 30000 });
    const plan = await offerPlan(t, tutor, course.id, shape);
    return { tutor, course, plan };
  };

  it('offers a plan with its schedule to the kobo, and refuses one that does not fit or another tutor', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 10000.01 });
    const plan = await offerPlan(t, tutor, course.id, {
      firstKind: 'percent',
      firstValue: 25,
      furtherPayments: 3,
    });
    expect(plan.total).toBe(10000.01);
    expect(plan.schedule.map((s) => s.amount)).toEqual([2500, 2500, 2500, 2500.01]);
    const listed = await t.op('planList', { body: { courseId: course.id } });
    expect(listed.body.plans.map((p) => p.id)).toEqual([plan.id]);

    const tooBig = await t.op('planSave', {
      body: {
        courseId: course.id,
        firstKind: 'amount',
        firstValue: 10000.01,
        furtherPayments: 1,
        interval: 'week',
      },
      token: tutor.token,
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.responseDto.message).toBe(PLAN_MESSAGES.doesNotFit);
    const other = await buildTutor(t);
    const foreign = await t.op('planSave', {
      body: {
        courseId: course.id,
        firstKind: 'percent',
        firstValue: 50,
        furtherPayments: 1,
        interval: 'week',
      },
      token: other.token,
    });
    expect(foreign.status).toBe(403);
    const six = await t.op('planSave', {
      body: {
        courseId: course.id,
        firstKind: 'percent',
        firstValue: 50,
        furtherPayments: 6,
        interval: 'week',
      },
      token: tutor.token,
    });
    expect(six.status).toBe(400);
  });

  it('sells a plan alone, gives access at once, shows the schedule on the order and keeps the card', async () => {
    const { course, plan } = await splitCourse();
    const other = await buildApprovedCourse(t, await buildTutor(t), { nairaPrice: 2000 });
    const student = await buildStudent(t);
    const cart = await t.op('cardCharge', {
      body: { courseIds: [course.id, other.id], planId: plan.id },
      token: student.token,
    });
    expect(cart.status).toBe(400);
    expect(cart.body.responseDto.message).toBe(PLAN_MESSAGES.alone);

    const { reference } = await buyOnPlanByCard(t, student, course.id, plan.id);
    expect((await orderRow(t, reference)).amountKobo).toBe(1_200_000); // 40 % of ₦30,000
    expect(await canWatch(t, student, course.id)).toBe(true);
    const order = await t.op('orderGet', { params: { reference }, token: student.token });
    expect(order.body.order.plan?.status).toBe('active');
    expect(order.body.order.plan?.instalments.map((i) => [i.number, i.amount, i.state])).toEqual([
      [1, 12000, 'paid'],
      [2, 9000, 'scheduled'],
      [3, 9000, 'scheduled'],
    ]);
    const cards = await t.op('savedCardList', { body: {}, token: student.token });
    expect(cards.body.cards.map((c) => [c.brand, c.last4])).toEqual([['visa', '4081']]);
    const mine = await t.op('planMine', { body: {}, token: student.token });
    expect(mine.body.plans[0]!.card?.last4).toBe('4081');
  });

  it('charges the saved card when a payment is due, with the tutor split, once; a replayed webhook changes nothing', async () => {
    const { tutor, course, plan } = await splitCourse();
    const student = await buildStudent(t);
    const bought = await buyOnPlanByCard(t, student, course.id, plan.id);
    await advanceDays(t, 32);
    const items = await instalmentsOf(t, bought.plan.id);
    expect(items.map((i) => i.state)).toEqual(['paid', 'paid', 'scheduled']);
    const second = await orderRow(t, (await orderRefOf(items[1]!.orderId!))!);
    expect(second.status).toBe('paid');
    const [tx] = await t.ctx.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, second.reference));
    expect(tx!.split).toMatchObject({ type: 'flat', subaccounts: [{ share: 720_000 }] }); // 80 % of ₦9,000
    const lines = await saleLines(second.id);
    expect(lines).toEqual([
      { gross: 900_000, fee: 180_000, net: 720_000, route: 'split', tutorId: tutor.id },
    ]);

    // The sandbox's own charge.success came from the queue; a replay of it changes nothing.
    const replay = await handlePaymentEvent(t.ctx, {
      event: 'charge.success',
      data: {
        reference: second.reference,
        status: 'success',
        amount: 900_000,
        currency: 'NGN',
        channel: 'card',
      },
    });
    expect(replay).toBe('Order already fulfilled');
    expect(await saleLines(second.id)).toHaveLength(1);
    expect(await statusOf(t, bought.plan.id)).toBe('active');

    const summary = await t.op('earningsSummary', { token: tutor.token });
    expect(summary.body.instalments).toEqual({ received: 16800, scheduled: 7200 });
  });

  it("a plan bought through the tutor's referral link has the referral fee on every payment, charged or paid early", async () => {
    const { tutor, course, plan } = await splitCourse({ furtherPayments: 3 });
    const student = await buildStudent(t);
    const link = await t.op('referralLink', { body: { courseId: course.id }, token: tutor.token });
    expect(link.status, link.text).toBe(200);
    const visit = await t.op('referralVisit', {
      body: { code: link.body.link.code, courseId: course.id },
      token: student.token,
    });
    expect(visit.status, visit.text).toBe(200);
    const bought = await buyOnPlanByCard(t, student, course.id, plan.id);
    expect(bought.plan.referralVisitId).not.toBeNull();
    // The first payment (40 % of ₦30,000), the saved card's charge a month later, and one paid early: 3 % each.
    await advanceDays(t, 32);
    const [, , third] = await instalmentsOf(t, bought.plan.id);
    const early = await t.op('planPay', {
      body: { planId: bought.plan.id, instalmentId: third!.id },
      token: student.token,
    });
    expect(early.status, early.text).toBe(200);
    await payByCard(early.body.initializeTransactionResponse.data.authorization_url, false);
    const paid = (await instalmentsOf(t, bought.plan.id)).filter((i) => i.state === 'paid');
    expect(paid).toHaveLength(3);
    const lines = [];
    for (const i of paid) lines.push(...(await saleLines(i.orderId!)));
    expect(lines).toEqual([
      { gross: 1_200_000, fee: 36_000, net: 1_164_000, route: 'split', tutorId: tutor.id },
      { gross: 600_000, fee: 18_000, net: 582_000, route: 'split', tutorId: tutor.id },
      { gross: 600_000, fee: 18_000, net: 582_000, route: 'split', tutorId: tutor.id },
    ]);
    const referral = await t.ctx.db
      .select({ visit: orderLines.referralVisitId, extra: orderLines.referralExtraKobo })
      .from(orderLines)
      .where(
        sql`${orderLines.orderId} in (${sql.join(
          paid.map((i) => sql`${i.orderId}`),
          sql`, `,
        )})`,
      );
    // The usual fee is 20 %: the tutor's net gained 17 % of each payment.
    expect(referral.map((r) => [r.visit, r.extra])).toEqual([
      [bought.plan.referralVisitId, 204_000],
      [bought.plan.referralVisitId, 102_000],
      [bought.plan.referralVisitId, 102_000],
    ]);
  });

  it('a failed charge sends the links, then past_due, suspended (locked, progress kept), and active once paid', async () => {
    const { course, plan } = await splitCourse();
    const student = await buildStudent(t);
    const bought = await buyOnPlanByCard(t, student, course.id, plan.id);
    await setFunds(t, student.id, true);
    const [, second] = await instalmentsOf(t, bought.plan.id);
    const untilDue = (second!.dueAt.getTime() - planClock.now().getTime()) / DAY_MS;
    await advanceDays(t, untilDue - 3 + 0.1); // 3 days before: a card is saved, so no link yet
    expect(await notificationsOf(t, student.id, 'instalment-due')).toHaveLength(0);
    await advanceDays(t, 3); // due: the charge fails
    const failed = await notificationsOf(t, student.id, 'instalment-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.message).toContain('Insufficient Funds');
    expect((await instalmentsOf(t, bought.plan.id))[1]).toMatchObject({
      state: 'scheduled',
      lastFailure: 'Insufficient Funds',
    });
    expect(await statusOf(t, bought.plan.id)).toBe('past_due');
    expect(await canWatch(t, student, course.id)).toBe(true); // grace: watching goes on

    await advanceDays(t, 3); // 3 days late: the link again
    const after = await notificationsOf(t, student.id, 'instalment-due');
    expect(after).toHaveLength(1);
    expect(
      await emailsQueuedFor(
        t,
        [...failed, ...after].map((n) => n.id),
      ),
    ).toBe(2);
    const late = await t.op('adminPlans', { body: { status: 'past_due' }, token: admin.token });
    expect(late.body.plans.find((p) => p.id === bought.plan.id)?.arrears).toBe(9000);

    await advanceDays(t, 4); // 7 days late: suspended
    expect(await statusOf(t, bought.plan.id)).toBe('suspended');
    expect(await canWatch(t, student, course.id)).toBe(false);
    expect(await notificationsOf(t, student.id, 'plan-suspended')).toHaveLength(1);
    const suspended = await t.op('adminPlans', { body: {}, token: admin.token });
    expect(suspended.body.plans.find((p) => p.id === bought.plan.id)).toMatchObject({
      status: 'suspended',
      arrears: 9000,
    });

    // The link in the email: exactly that payment, paid here by bank transfer.
    const link = /(http\S+\/plan\/instalment\/\d+\/pay\?sig=\S+)/.exec(
      String(await emailLinkOf(failed[0]!.id)),
    )![1]!;
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const page = opened.headers.get('location')!;
    const [pending] = await t.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.studentId, student.id), eq(orders.status, 'pending')));
    expect(pending!.amountKobo).toBe(900_000);
    await payPageByTransfer(t, page, pending!.reference);
    expect((await instalmentsOf(t, bought.plan.id)).map((i) => i.state)).toEqual([
      'paid',
      'paid',
      'scheduled',
    ]);
    expect(await statusOf(t, bought.plan.id)).toBe('active');
    expect(await canWatch(t, student, course.id)).toBe(true);
  });

  it('two job workers, on two instances, charge a due payment once', async () => {
    const { course, plan } = await splitCourse();
    const student = await buildStudent(t);
    const bought = await buyOnPlanByCard(t, student, course.id, plan.id);
    const [, due] = await instalmentsOf(t, bought.plan.id);
    // The due step queued twice more (as a lost lease would), for two instances' workers to race over.
    for (let n = 0; n < 2; n++)
      await enqueue(t.ctx.db, INSTALMENT_JOB, {
        instalmentId: due!.id,
        step: 'due',
        at: due!.dueAt.toISOString(),
      });
    const second = await startTestApp({ ...plansApp(), sameDatabaseAs: t });
    try {
      await Promise.all([advanceDays(t, 32), second.ctx.worker!.drain(30_000)]);
      await second.ctx.worker!.drain(30_000);
      // And two direct calls at once, on both instances, find it paid.
      const again = await Promise.all([
        chargeInstalment(t.ctx, due!.id),
        chargeInstalment(second.ctx, due!.id),
      ]);
      expect(again.filter((o) => o === 'charged')).toHaveLength(0);
      expect(await chargesOf(student.email, 900_000)).toHaveLength(1);
      expect((await instalmentsOf(t, bought.plan.id))[1]!.state).toBe('paid');
    } finally {
      await second.close();
    }
  });

  it('two calls at the same moment claim a payment once: one charge', async () => {
    const { course, plan } = await splitCourse();
    const student = await buildStudent(t);
    const bought = await buyOnPlanByCard(t, student, course.id, plan.id);
    const second = await startTestApp({ sameDatabaseAs: t });
    try {
      const [, due] = await instalmentsOf(t, bought.plan.id);
      const outcomes = await Promise.all([
        chargeInstalment(t.ctx, due!.id),
        chargeInstalment(second.ctx, due!.id),
        chargeInstalment(t.ctx, due!.id),
      ]);
      expect(outcomes.filter((o) => o === 'charged')).toHaveLength(1);
      expect(await chargesOf(student.email, 900_000)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('pays a payment early, then the rest at once with the full-payment discount; the certificate waits', async () => {
    const { course, plan } = await splitCourse({ furtherPayments: 3, fullPaymentDiscountPercent: 10 });
    const student = await buildStudent(t);
    const { plan: bought } = await buyOnPlanByCard(t, student, course.id, plan.id);
    // The course is finished before the plan is paid: no certificate yet.
    await finishCourse(student.id, course.id);
    expect(await certificateOf(student.id, course.id)).toBeUndefined();

    const [, second] = await instalmentsOf(t, bought.id);
    const early = await t.op('planPay', {
      body: { planId: bought.id, instalmentId: second!.id },
      token: student.token,
    });
    expect(early.status, early.text).toBe(200);
    await payByCard(early.body.initializeTransactionResponse.data.authorization_url, false);
    expect((await instalmentsOf(t, bought.id)).map((i) => i.state)).toEqual([
      'paid',
      'paid',
      'scheduled',
      'scheduled',
    ]);

    const rest = await t.op('planPay', { body: { planId: bought.id, rest: true }, token: student.token });
    const reference = rest.body.initializeTransactionResponse.data.reference;
    expect((await orderRow(t, reference)).amountKobo).toBe(1_080_000); // ₦12,000 left, less 10 %
    await payByCard(rest.body.initializeTransactionResponse.data.authorization_url, false);
    expect(await statusOf(t, bought.id)).toBe('completed');
    expect((await instalmentsOf(t, bought.id)).every((i) => i.state === 'paid')).toBe(true);
    expect(await certificateOf(student.id, course.id)).toMatchObject({ status: 'valid' });
    // Every payment of the plan is a paid order line in the ledger: fee and net add up per payment and per plan.
    const lines = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.studentId, student.id), eq(ledgerEntries.courseId, course.id)));
    expect(lines.map((l) => l.grossKobo).reduce((a, b) => a + b, 0)).toBe(1_200_000 + 600_000 + 1_080_000);
    expect(lines.every((l) => l.feeKobo + l.netKobo === l.grossKobo)).toBe(true);
    // Nothing more is charged: the old steps find the plan paid.
    await advanceDays(t, 100);
    expect(
      await t.ctx.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.email, student.email)),
    ).toHaveLength(3);
  });

  it('refunds only the first payment, within the rule, and the refund cancels the plan', async () => {
    const { course, plan } = await splitCourse({ interval: 'week' });
    const student = await buildStudent(t);
    const { reference, plan: bought } = await buyOnPlanByCard(t, student, course.id, plan.id);
    await advanceDays(t, 7.5); // the second payment is charged
    const [, second] = await instalmentsOf(t, bought.id);
    const secondRef = (await orderRefOf(second!.orderId!))!;
    const later = await t.op('refundRequest', {
      body: { reference: secondRef, courseId: course.id, reason: 'Changed my mind' },
      token: student.token,
    });
    expect(later.status).toBe(400);
    expect(later.body.responseDto.message).toContain('Only the first payment');

    const first = await t.op('refundRequest', {
      body: { reference, courseId: course.id, reason: 'Changed my mind' },
      token: student.token,
    });
    expect(first.status, first.text).toBe(200);
    const [request] = (
      await t.op('refundList', { body: { status: 'requested' }, token: admin.token })
    ).body.refunds.filter((r) => r.reference === reference);
    const decided = await t.op('refundProcess', {
      body: { id: request!.id, approve: true, note: '' },
      token: admin.token,
    });
    expect(decided.status, decided.text).toBe(200);
    const code = (await t.ctx.db.select().from(sandboxRecords).where(eq(sandboxRecords.kind, 'refund'))).find(
      (r) => r.data.transaction_reference === reference,
    )!.code;
    const { runSandboxJobs, eventually } = await import('../orders/helpers.ts');
    await runSandboxJobs(t, code);
    await eventually(async () => expect(await statusOf(t, bought.id)).toBe('cancelled'));
    expect((await instalmentsOf(t, bought.id)).map((i) => i.state)).toEqual(['paid', 'paid', 'cancelled']);
    expect(await canWatch(t, student, course.id)).toBe(false);
    await advanceDays(t, 30);
    expect((await instalmentsOf(t, bought.id))[2]!.state).toBe('cancelled');
  });

  it('without a saved card: links 3 days before, on the day and 3 days after; a transfer pays exactly one payment', async () => {
    const { course, plan } = await splitCourse({ furtherPayments: 2, interval: 'week' });
    const student = await buildStudent(t);
    const { reference, url } = await chargeOnPlan(t, student, course.id, plan.id, {
      channel: 'bank_transfer',
    });
    await payPageByTransfer(t, url, reference);
    const bought = await planOf(t, student.id, course.id);
    expect(bought.cardId).toBeNull();
    await advanceDays(t, 4.5);
    expect(await notificationsOf(t, student.id, 'instalment-due')).toHaveLength(1);
    await advanceDays(t, 3);
    expect(await notificationsOf(t, student.id, 'instalment-due')).toHaveLength(2);
    expect(await statusOf(t, bought.id)).toBe('past_due');

    const [, second, third] = await instalmentsOf(t, bought.id);
    const pay = await t.op('planPay', {
      body: { planId: bought.id, instalmentId: second!.id, channel: 'bank_transfer' },
      token: student.token,
    });
    const data = pay.body.initializeTransactionResponse.data;
    expect((await orderRow(t, data.reference)).amountKobo).toBe(second!.amountKobo);
    await payPageByTransfer(t, data.authorization_url, data.reference);
    const after = await instalmentsOf(t, bought.id);
    expect(after.map((i) => i.state)).toEqual(['paid', 'paid', 'scheduled']);
    expect(after[2]!.id).toBe(third!.id);
    expect(await statusOf(t, bought.id)).toBe('active');
    const lines = await t.ctx.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, (await orderRow(t, data.reference)).id));
    expect(lines.map((l) => l.priceKobo)).toEqual([second!.amountKobo]);
  });

  it('removes a saved card with the provider; the plan falls back to payment links', async () => {
    const { course, plan } = await splitCourse();
    const student = await buildStudent(t);
    const { plan: bought } = await buyOnPlanByCard(t, student, course.id, plan.id);
    const [card] = (await t.op('savedCardList', { body: {}, token: student.token })).body.cards;
    const stranger = await buildStudent(t);
    expect((await t.op('savedCardRemove', { body: { id: card!.id }, token: stranger.token })).status).toBe(
      404,
    );
    const removed = await t.op('savedCardRemove', { body: { id: card!.id }, token: student.token });
    expect(removed.status, removed.text).toBe(200);
    expect((await t.op('savedCardList', { body: {}, token: student.token })).body.cards).toEqual([]);
    const [record] = await t.ctx.db
      .select()
      .from(sandboxRecords)
      .where(
        and(
          eq(sandboxRecords.kind, 'authorization'),
          sql`${sandboxRecords.data}->>'email' = ${student.email}`,
        ),
      );
    expect(record!.status).toBe('deactivated');
    expect((await planOf(t, student.id, course.id)).cardId).toBeNull();
    void bought;
  });

  /** The sandbox's charges of a payer of an amount. */
  function chargesOf(email: string, amountKobo: number) {
    return t.ctx.db
      .select()
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.email, email), eq(sandboxTransactions.amountKobo, amountKobo)));
  }
  /** The reference of an order by id. */
  async function orderRefOf(orderId: number) {
    const [row] = await t.ctx.db
      .select({ reference: orders.reference })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row?.reference;
  }
  /** The sale lines of an order. */
  async function saleLines(orderId: number) {
    return t.ctx.db
      .select({
        gross: ledgerEntries.grossKobo,
        fee: ledgerEntries.feeKobo,
        net: ledgerEntries.netKobo,
        route: ledgerEntries.route,
        tutorId: ledgerEntries.tutorId,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'sale')));
  }
  /** The email lines queued with a notification (its payment link). */
  async function emailLinkOf(notificationId: number) {
    const { jobs } = await import('../../src/db/schema.ts');
    const [job] = await t.ctx.db
      .select()
      .from(jobs)
      .where(
        sql`${jobs.name} = 'notification-email' and (${jobs.payload}->>'notificationId')::int = ${notificationId}`,
      );
    // A line is English text or a catalog key with its values (the link is the `url` value).
    type Line = string | { key: string; values?: { url?: string } };
    return (job?.payload as { emailLines?: Line[] } | undefined)?.emailLines
      ?.map((l) => (typeof l === 'string' ? l : (l.values?.url ?? '')))
      .join('\n');
  }
  /** Marks every lesson of the course watched by the student and settles completion as the player's last report does. */
  async function finishCourse(studentId: number, courseId: number) {
    const { sections, series } = await import('../../src/db/schema.ts');
    const { watchCoverage } = await import('../../src/db/schema-learning.ts');
    const { settleCompletion } = await import('../../src/commands/completion.ts');
    const lessons = await t.ctx.db
      .select({ id: series.id })
      .from(series)
      .innerJoin(sections, eq(sections.id, series.sectionId))
      .where(eq(sections.courseId, courseId));
    await t.ctx.db.insert(watchCoverage).values(
      lessons.map((l) => ({
        studentId,
        courseId,
        seriesId: l.id,
        watched: true,
        ranges: [[0, 60]] as [number, number][],
      })),
    );
    await settleCompletion(t.ctx, studentId, courseId);
  }
  async function certificateOf(studentId: number, courseId: number) {
    const { certificates } = await import('../../src/db/schema-learning.ts');
    const [row] = await t.ctx.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.studentId, studentId), eq(certificates.courseId, courseId)));
    return row;
  }
});
