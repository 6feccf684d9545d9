import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  GIFT_ALREADY_OWNED,
  GIFT_ALREADY_PASSED_ON,
  GIFT_ALREADY_REDEEMED,
  GIFT_BEING_REFUNDED,
  GIFT_REDEEMED_NO_REFUND,
  GIFT_SEND_DATE_PAST,
} from '@app/contract/gifts';
import { notifications } from '../../src/db/schema.ts';
import { gifts } from '../../src/db/schema-gifts.ts';
import { giftClock, giftSendAt, lagosDay } from '../../src/lib/gift-code.ts';
import { buildStudent, type TestAccount, useAccounts } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { enrolmentsOf } from '../payments/helpers.ts';
import { eventually, orderRow, queuedRefundCodes, runSandboxJobs } from '../orders/helpers.ts';
import {
  advanceGiftClock,
  chargeGift,
  giftMail,
  giftsApp,
  giveByTransfer,
  mailsTo,
  newEmail,
  releaseGiftJobs,
} from './helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('gifts', () => {
  const t = useTestApp(giftsApp());
  const [admin, tutor] = useAccounts(t, 'admin', 'tutor');
  afterEach(() => {
    giftClock.offsetMs = 0;
  });

  const course = (nairaPrice = 5000) => buildApprovedCourse(t, tutor, { nairaPrice });
  const order = (buyer: TestAccount, reference: string) =>
    t.op('orderGet', { params: { reference }, token: buyer.token });
  const redeem = (who: TestAccount, code: string) => t.op('giftRedeem', { body: { code }, token: who.token });
  /** A gift of one new course to a new address, paid by transfer and emailed: its buyer, course, code and order. */
  const sentGift = async (to = newEmail()) => {
    const buyer = await buildStudent(t);
    const c = await course();
    const reference = await giveByTransfer(t, buyer, [c.id], {
      name: 'Chidi Friend',
      email: to,
      message: 'Enjoy!',
    });
    const { code, link } = await giftMail(t, to);
    return { buyer, course: c, reference, code, link, to };
  };

  it('enrols only the recipient, once, and the buyer sees it sent, then redeemed', async () => {
    const buyer = await buildStudent(t);
    const c = await course();
    const to = newEmail();
    const reference = await giveByTransfer(t, buyer, [c.id], {
      name: 'Chidi Friend',
      email: to,
      message: 'Happy birthday, learn something new!',
    });
    // The buyer paid and owns nothing; they are told the gift is paid and when it goes.
    expect(await enrolmentsOf(t, buyer.id)).toEqual([]);
    const paidNote = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, buyer.id), eq(notifications.type, 'purchase-confirmed')));
    expect(paidNote.map((n) => n.message)).toEqual([
      `Your gift is paid: "${c.title}" for Chidi Friend. We email ${to} now with a link to redeem it.`,
    ]);
    expect((await orderRow(t, reference)).status).toBe('paid');

    const { mail, code, link } = await giftMail(t, to);
    expect(mail.subject).toBe(`${buyer.fullName} sent you a course on DevLearn`);
    expect(mail.body).toContain('Hello Chidi Friend,');
    expect(mail.body).toContain('Happy birthday, learn something new!');
    expect(mail.body).toContain(c.title);
    expect(link).toBe(`${t.config.publicUrl}/gift/redeem?code=${code}`);
    const sent = await order(buyer, reference);
    expect(sent.body.order.gift).toMatchObject({
      recipientName: 'Chidi Friend',
      recipientEmail: to,
      status: 'sent',
      redeemedAt: null,
      passedOnTo: null,
    });

    const preview = await t.op('giftPreview', { body: { code } });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.gift).toEqual({
      from: buyer.fullName,
      recipientName: 'Chidi Friend',
      message: 'Happy birthday, learn something new!',
      courses: [{ id: c.id, title: c.title }],
      state: 'ready',
      canPassOn: true,
    });

    // The recipient makes an account (from the link) and redeems; the code may be typed in any case.
    const friend = await buildStudent(t, { email: to });
    const done = await redeem(friend, code.toLowerCase());
    expect(done.status, done.text).toBe(200);
    expect(done.body.courseIds).toEqual([c.id]);
    expect(await enrolmentsOf(t, friend.id)).toEqual([{ courseId: c.id, pricePaidKobo: 500000 }]);
    expect(await enrolmentsOf(t, buyer.id)).toEqual([]);

    // Once: again by the same student, or by anyone else.
    for (const who of [friend, await buildStudent(t)]) {
      const again = await redeem(who, code);
      expect(again.status).toBe(400);
      expect(again.body.responseDto.message).toBe(GIFT_ALREADY_REDEEMED);
    }
    expect(await enrolmentsOf(t, friend.id)).toHaveLength(1);

    const redeemed = await order(buyer, reference);
    expect(redeemed.body.order.gift).toMatchObject({ status: 'redeemed' });
    expect(redeemed.body.order.gift!.redeemedAt).not.toBeNull();
    const listed = await t.op('orderList', { body: { pageNo: 0, pageSize: 10 }, token: buyer.token });
    expect(listed.body.orders.find((o) => o.reference === reference)?.gift?.status).toBe('redeemed');
    const told = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, buyer.id), eq(notifications.type, 'gift-redeemed')));
    expect(told.map((n) => n.message)).toEqual([`Chidi Friend redeemed your gift: "${c.title}".`]);
  });

  it("writes the gift's email in the buyer's language when its recipient has no account, and the buyer's bell in theirs", async () => {
    const buyer = await buildStudent(t, { fullName: 'Ngozi Eze' });
    await t.op('languageUpdate', { token: buyer.token, body: { language: 'ig' } });
    const c = await course();
    const to = newEmail();
    await giveByTransfer(t, buyer, [c.id], { name: 'Chidi Friend', email: to, message: 'Ekele!' });
    const bell = async () =>
      (await t.op('notificationList', { body: { pageSize: 10, pageNo: 0 }, token: buyer.token })).body
        .notifications[0]!.message;
    expect(await bell()).toBe(
      `Akwụọla ụgwọ onyinye gị: "${c.title}" maka Chidi Friend. Anyị ga-ezigara ${to} email ugbu a nwere njikọ iji nata ya.`,
    );
    const mail = await eventually(async () => {
      const [m] = await mailsTo(t, to);
      expect(m, `no email to ${to}`).toBeTruthy();
      return m!;
    });
    expect(mail.subject).toBe('Ngozi Eze zitere gị nkuzi na DevLearn');
    expect(mail.body).toContain('Ndewo Chidi Friend,');
    expect(mail.body).toContain(`Ngozi Eze nyere gị nkuzi na DevLearn: "${c.title}".`);
    // The buyer's own words stay as written.
    expect(mail.body).toContain('Ekele!');
    expect(mail.body).toContain(
      "Ị chọrọ akaụntụ DevLearn iji nata ya: ị nwere ike imepụta otu site na njikọ ahụ n'otu nzọụkwụ.",
    );
    const code = /tinye koodu ([0-9A-Z-]{19})/.exec(mail.body)?.[1];
    expect(code, mail.body).toBeTruthy();
    const friend = await buildStudent(t, { email: to });
    expect((await redeem(friend, code!)).status).toBe(200);
    expect(await bell()).toBe(`Chidi Friend anatala onyinye gị: "${c.title}".`);
  });

  it('lets a buyer give a course they own, with a coupon, on any channel, and never to themselves', async () => {
    const buyer = await buildStudent(t);
    const c = await course(10000);
    await buildEnrolment(t, buyer, c);
    const code = `GIFT${randomUUID().slice(0, 6).toUpperCase()}`;
    const saved = await t.op('couponSave', {
      body: {
        code,
        courseId: c.id,
        kind: 'percent',
        value: 20,
        limit: 10,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + DAY_MS).toISOString(),
      },
      token: tutor.token,
    });
    expect(saved.status, saved.text).toBe(200);

    const self = await t.op('cardCharge', {
      body: { courseIds: [c.id], gift: { name: 'Me', email: buyer.email.toUpperCase() } },
      token: buyer.token,
    });
    expect(self.status).toBe(400);
    expect(self.body.responseDto.message).toMatch(/A gift is for someone else/);
    const past = await t.op('cardCharge', {
      body: { courseIds: [c.id], gift: { name: 'Friend', email: newEmail(), sendOn: '2020-01-01' } },
      token: buyer.token,
    });
    expect(past.status).toBe(400);
    expect(past.body.responseDto.message).toBe(GIFT_SEND_DATE_PAST);

    const to = newEmail();
    const reference = await giveByTransfer(t, buyer, [c.id], { name: 'Friend', email: to }, { coupon: code });
    expect((await orderRow(t, reference)).amountKobo).toBe(800000);
    // The card checkout of the same course (another gift) does not replace the paid or pending gift.
    const second = await chargeGift(
      t,
      buyer,
      [c.id],
      { name: 'Other', email: newEmail() },
      { channel: 'card' },
    );
    expect(second.reference).not.toBe(reference);
    await giftMail(t, to);
  });

  it('sends a gift with a send date on that day, by the job, on a fake clock', async () => {
    const buyer = await buildStudent(t);
    const c = await course();
    const to = newEmail();
    const sendOn = lagosDay(new Date(Date.now() + 3 * DAY_MS));
    const reference = await giveByTransfer(t, buyer, [c.id], { name: 'Later Friend', email: to, sendOn });
    await releaseGiftJobs(t); // run early: it waits for its day
    expect(await mailsTo(t, to)).toEqual([]);
    const scheduled = await order(buyer, reference);
    expect(scheduled.body.order.gift).toMatchObject({ status: 'scheduled', sendOn, sentAt: null });

    // An hour before its moment (08:00 in Lagos on its day), then at it: whatever the hour the test runs at.
    const hour = 60 * 60 * 1000;
    await advanceGiftClock(t, giftSendAt(sendOn).getTime() - giftClock.now().getTime() - hour);
    expect(await mailsTo(t, to)).toEqual([]);
    await advanceGiftClock(t, hour);
    const { code } = await giftMail(t, to);
    expect((await order(buyer, reference)).body.order.gift).toMatchObject({ status: 'sent' });
    // Sent once, however many times the job runs.
    await releaseGiftJobs(t);
    expect(await mailsTo(t, to)).toHaveLength(1);
    const friend = await buildStudent(t);
    expect((await redeem(friend, code)).status).toBe(200);
  });

  it('of concurrent redemptions, one wins', async () => {
    const { code, course: c } = await sentGift();
    const students = await Promise.all(Array.from({ length: 6 }, () => buildStudent(t)));
    const answers = await Promise.all(students.map((s) => redeem(s, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(losers).toHaveLength(5);
    for (const l of losers) {
      expect(l.status).toBe(400);
      expect(l.body.responseDto.message).toBe(GIFT_ALREADY_REDEEMED);
    }
    const owners = [];
    for (const s of students)
      if ((await enrolmentsOf(t, s.id)).some((e) => e.courseId === c.id)) owners.push(s);
    expect(owners).toHaveLength(1);
  });

  it('a recipient who owns the course passes it on to another email, once', async () => {
    const { code, course: c, buyer, reference, to } = await sentGift();
    const friend = await buildStudent(t, { email: to });
    await buildEnrolment(t, friend, c);
    const owned = await redeem(friend, code);
    expect(owned.status).toBe(409);
    expect(owned.body.responseDto.message).toBe(GIFT_ALREADY_OWNED);

    // Someone without the course cannot pass it on (they should redeem it).
    const other = await buildStudent(t);
    const notOwner = await t.op('giftPassOn', {
      body: { code, name: 'X', email: newEmail() },
      token: other.token,
    });
    expect(notOwner.status).toBe(400);

    const next = newEmail();
    const passed = await t.op('giftPassOn', {
      body: { code, name: 'Bola Next', email: next },
      token: friend.token,
    });
    expect(passed.status, passed.text).toBe(200);
    // The old code stops working; the new recipient gets a new one.
    expect((await t.op('giftPreview', { body: { code } })).status).toBe(404);
    const fresh = await giftMail(t, next);
    expect(fresh.code).not.toBe(code);
    expect(fresh.mail.body).toContain('Hello Bola Next,');
    const preview = await t.op('giftPreview', { body: { code: fresh.code } });
    expect(preview.body.gift).toMatchObject({ state: 'ready', canPassOn: false, recipientName: 'Bola Next' });

    // Once: the next recipient owns it too, and cannot pass it on again.
    const bola = await buildStudent(t, { email: next });
    await buildEnrolment(t, bola, c);
    const twice = await t.op('giftPassOn', {
      body: { code: fresh.code, name: 'Third', email: newEmail() },
      token: bola.token,
    });
    expect(twice.status).toBe(400);
    expect(twice.body.responseDto.message).toBe(GIFT_ALREADY_PASSED_ON);

    // Someone who does not own it redeems it.
    const third = await buildStudent(t);
    expect((await redeem(third, fresh.code)).status).toBe(200);
    const seen = await order(buyer, reference);
    expect(seen.body.order.gift).toMatchObject({ recipientEmail: to, passedOnTo: next, status: 'redeemed' });
  });

  it('is refundable by the buyer while it is not redeemed, and not after', async () => {
    // Redeemed: no refund.
    const one = await sentGift();
    expect((await redeem(await buildStudent(t), one.code)).status).toBe(200);
    const late = await order(one.buyer, one.reference);
    expect(late.body.order.items[0]!.refundable).toBe(false);
    const refused = await t.op('refundRequest', {
      body: { reference: one.reference, courseId: one.course.id, reason: 'Changed my mind' },
      token: one.buyer.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.responseDto.message).toBe(GIFT_REDEEMED_NO_REFUND);

    // Not redeemed: refunded through the usual flow; it cannot be redeemed while or after.
    const two = await sentGift();
    expect((await order(two.buyer, two.reference)).body.order.items[0]!.refundable).toBe(true);
    const asked = await t.op('refundRequest', {
      body: { reference: two.reference, courseId: two.course.id, reason: 'Wrong course' },
      token: two.buyer.token,
    });
    expect(asked.status, asked.text).toBe(200);
    const friend = await buildStudent(t);
    const during = await redeem(friend, two.code);
    expect(during.status).toBe(400);
    expect(during.body.responseDto.message).toBe(GIFT_BEING_REFUNDED);

    const listed = await t.op('refundList', {
      body: { pageNo: 0, pageSize: 50, status: 'requested' },
      token: admin.token,
    });
    const mine = listed.body.refunds.find((r) => r.reference === two.reference)!;
    const approved = await t.op('refundProcess', {
      body: { id: mine.id, approve: true, note: '' },
      token: admin.token,
    });
    expect(approved.status, approved.text).toBe(200);
    for (const codeOfRefund of await queuedRefundCodes(t)) await runSandboxJobs(t, codeOfRefund);
    await eventually(async () => expect((await orderRow(t, two.reference)).status).toBe('refunded'));
    expect((await order(two.buyer, two.reference)).body.order.gift).toMatchObject({ status: 'refunded' });
    expect((await t.op('giftPreview', { body: { code: two.code } })).body.gift.state).toBe('unavailable');
    const after = await redeem(friend, two.code);
    expect(after.status).toBe(400);
    expect(await enrolmentsOf(t, friend.id)).toEqual([]);
  });

  it('keeps gifts to the holder of the code', async () => {
    const { code, buyer, reference } = await sentGift();
    const stranger = await buildStudent(t);
    const [row] = await t.ctx.db.select().from(gifts).orderBy(asc(gifts.id)).limit(1);

    // No code, or an id instead of one: a 400; a wrong code: a 404; no sign-in: a 401; a tutor: a 403.
    expect((await t.api('/gift/redeem', { body: { giftId: row!.id }, token: stranger.token })).status).toBe(
      400,
    );
    const wrong = await redeem(stranger, 'AAAA-BBBB-CCCC-DDDD');
    expect(wrong.status).toBe(404);
    expect((await t.op('giftRedeem', { body: { code } })).status).toBe(401);
    expect((await t.op('giftRedeem', { body: { code }, token: tutor.token })).status).toBe(403);
    expect((await t.op('giftPassOn', { body: { code, name: 'X', email: newEmail() } })).status).toBe(401);
    // Another student cannot read the buyer's order, and the buyer cannot redeem their own gift.
    expect((await order(stranger, reference)).status).toBe(404);
    const own = await redeem(buyer, code);
    expect(own.status).toBe(400);
    expect(await enrolmentsOf(t, buyer.id)).toEqual([]);
    // The code is stored only as its hash.
    const stored = await t.ctx.db
      .select()
      .from(gifts)
      .where(eq(gifts.orderId, (await orderRow(t, reference)).id));
    expect(JSON.stringify(stored)).not.toContain(code.replace(/-/g, ''));
    // A gift is redeemable once the code is right, and nothing else leaks from the preview.
    const preview = await t.op('giftPreview', { body: { code } });
    expect(JSON.stringify(preview.body)).not.toContain(buyer.email);
  });
});
