import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';

import { TRANSACTION_SUCCESS_MESSAGE } from '@app/contract/payments';
import { courses } from '../../src/db/schema.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import type { FakePaystack } from './fake-paystack.ts';
import { buildApprovedCourse, buildCourse, buildEnrolment } from '../factories-course.ts';
import { startTestApp } from '../harness.ts';
import { charge, confirm, enrolmentsOf, orderOf, usePaystackApp } from './helpers.ts';
import { refusal } from '../refusal.ts';

describe('checkout through Paystack (fake Paystack server)', () => {
  const { t, fake } = usePaystackApp();

  const twoCourses = async () => {
    const tutor = await buildTutor(t);
    const a = await buildApprovedCourse(t, tutor, { nairaPrice: 5000.5 });
    const b = await buildApprovedCourse(t, tutor, { nairaPrice: 12000 });
    return { tutor, a, b };
  };

  /** `student` charges one of two fresh courses (a) and Paystack settles that payment as `outcome`. */
  const settledChargeForOne = async (
    student: TestAccount,
    outcome: Parameters<FakePaystack['settle']>[1],
  ) => {
    const { a } = await twoCourses();
    const { reference } = await charge(t, student, { courseIds: [a.id] });
    fake.settle(reference!, outcome);
    return { a, reference };
  };

  it('prices the courses itself and sends Paystack the kobo amount, email, reference and callback', async () => {
    const student = await buildStudent(t);
    const { a, b } = await twoCourses();
    // The client's amount is wrong on purpose: the server ignores it.
    const { res, reference } = await charge(t, student, { amount: 1, courseIds: [a.id, b.id] });
    expect(res.status).toBe(200);
    expect(res.body.responseDto.code).toBe('dk00');
    const init = res.body.initializeTransactionResponse;
    expect(init.status).toBe(true);
    expect(init.data.authorization_url).toMatch(/^https:\/\/checkout\.paystack\.com\/[0-9a-f]+$/);
    expect(reference).toMatch(/^[A-Za-z0-9.=-]+$/);

    const sent = fake.initializeCalls.find((c) => c.reference === reference)!;
    expect(sent).toMatchObject({
      email: student.email,
      amount: 500050 + 1200000,
      currency: 'NGN',
      callback_url: `${t.url}/checkout`,
    });
    const { order, lines } = await orderOf(t, reference!);
    expect(order).toMatchObject({ status: 'pending', studentId: student.id, amountKobo: 1700050 });
    expect(lines).toEqual([
      { courseId: a.id, priceKobo: 500050 },
      { courseId: b.id, priceKobo: 1200000 },
    ]);
  });

  it('gives every checkout its own reference', async () => {
    const student = await buildStudent(t);
    const { a } = await twoCourses();
    const first = await charge(t, student, { courseIds: [a.id] });
    const second = await charge(t, student, { courseIds: [a.id] });
    expect(first.reference).toBeTruthy();
    expect(second.reference).not.toBe(first.reference);
  });

  it('refuses an empty cart, unknown, unapproved, deleted and owned courses with a clear 400', async () => {
    const student = await buildStudent(t);
    const tutor = await buildTutor(t);
    const pending = await buildCourse(t, tutor, { status: 'Pending', title: 'Pending Course' });
    const rejected = await buildCourse(t, tutor, { status: 'Rejected', title: 'Rejected Course' });
    const deleted = await buildApprovedCourse(t, tutor, { title: 'Gone Course' });
    await t.ctx.db.update(courses).set({ deletedAt: new Date() }).where(eq(courses.id, deleted.id));
    const owned = await buildApprovedCourse(t, tutor, { title: 'Owned Course' });
    await buildEnrolment(t, student, owned);
    const fine = await buildApprovedCourse(t, tutor);
    const calls = fake.initializeCalls.length;

    const cases: [number[], string][] = [
      [[], 'Your cart is empty. Add a course before checking out.'],
      [[fine.id, 99999999], 'Course 99999999 does not exist. Remove it from your cart and try again.'],
      [[fine.id, pending.id], '"Pending Course" is not available for purchase.'],
      [[rejected.id], '"Rejected Course" is not available for purchase.'],
      [[deleted.id], '"Gone Course" is no longer available. Remove it from your cart.'],
      [[fine.id, owned.id], 'You already own "Owned Course". Remove it from your cart.'],
    ];
    for (const [courseIds, message] of cases) {
      const { res } = await charge(t, student, { amount: 5000, courseIds });
      expect(res.status, message).toBe(400);
      expect(res.body.responseDto).toEqual(refusal(message));
    }
    expect(fake.initializeCalls.length).toBe(calls);
  });

  it('lets only students charge', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor);
    expect((await t.op('cardCharge', { body: { courseIds: [course.id] } })).status).toBe(401);
    const asTutor = await t.op('cardCharge', { body: { courseIds: [course.id] }, token: tutor.token });
    expect(asTutor.status).toBe(403);
    const student = await buildStudent(t);
    const bad = await t.op('cardCharge', { body: { courseIds: ['x'] }, token: student.token });
    expect(bad.status).toBe(400);
  });

  it('enrols the student once the payment is verified, and shows the courses with media in /user/allcourses', async () => {
    const student = await buildStudent(t);
    const { a, b } = await twoCourses();
    const { reference } = await charge(t, student, { courseIds: [a.id, b.id] });

    // Coming back to the callback proves nothing: not paid yet.
    const early = await confirm(t, student, reference!, [a.id, b.id]);
    expect(early.status).toBe(400);
    expect(early.body.responseDto.message).toBe(
      'The payment was cancelled before it was completed. No courses were added. Please try again from your cart.',
    );
    expect(await enrolmentsOf(t, student.id)).toEqual([]);

    fake.settle(reference!, { status: 'success' });
    const res = await confirm(t, student, reference!, [a.id, b.id]);
    expect(res.status).toBe(200);
    expect(res.body.responseDto).toEqual({ code: 'dk00', message: TRANSACTION_SUCCESS_MESSAGE });
    expect(await enrolmentsOf(t, student.id)).toEqual([
      { courseId: a.id, pricePaidKobo: 500050 },
      { courseId: b.id, pricePaidKobo: 1200000 },
    ]);
    expect((await orderOf(t, reference!)).order?.status).toBe('paid');

    const mine = await t.op('userAllCourses', { token: student.token });
    expect(mine.status).toBe(200);
    expect(mine.body.userDto).toEqual({
      fullName: student.fullName,
      email: student.email,
      phoneNumber: '08012345678',
      userName: student.email,
    });
    expect(mine.body.courses.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    for (const c of mine.body.courses) {
      expect(c.owned).toBe(true);
      expect(c.canWatch).toBe(true);
      // The lesson is listed; its uploaded MP4 is the tutor's (a student watches the encrypted ladder).
      expect(c.sectionDto[0]!.seriesList[0]).toMatchObject({ title: 'Lesson 1.1', videoLink: null });
    }
    // The owned course is now refused at checkout.
    const again = await charge(t, student, { courseIds: [a.id] });
    expect(again.res.status).toBe(400);
  });

  it('answers success again when the owner replays a fulfilled reference, and enrols nobody twice', async () => {
    const student = await buildStudent(t);
    const { a, reference } = await settledChargeForOne(student, { status: 'success' });
    expect((await confirm(t, student, reference!, [a.id])).status).toBe(200);
    const replay = await confirm(t, student, reference!, [a.id]);
    expect(replay.status).toBe(200);
    expect(replay.body.responseDto.message).toBe(TRANSACTION_SUCCESS_MESSAGE);
    expect(await enrolmentsOf(t, student.id)).toEqual([{ courseId: a.id, pricePaidKobo: 500050 }]);
  });

  it('refuses an underpaid reference and changes nothing', async () => {
    const student = await buildStudent(t);
    const { a, b } = await twoCourses();
    const { reference } = await charge(t, student, { courseIds: [a.id, b.id] });
    fake.settle(reference!, { status: 'success', amount: 1700050 - 100 });
    const res = await confirm(t, student, reference!, [a.id, b.id]);
    expect(res.status).toBe(400);
    expect(res.body.responseDto.message).toBe(
      'The amount paid (₦16,999.50) does not match the order total (₦17,000.50).',
    );
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
    expect((await orderOf(t, reference!)).order?.status).toBe('pending');
  });

  it('refuses a payment in another currency', async () => {
    const student = await buildStudent(t);
    const { a, reference } = await settledChargeForOne(student, { status: 'success', currency: 'USD' });
    const res = await confirm(t, student, reference!, [a.id]);
    expect(res.status).toBe(400);
    expect(res.body.responseDto.message).toBe('The payment was made in USD, not naira.');
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
  });

  it('refuses failed and reversed payments with a clear message', async () => {
    const student = await buildStudent(t);
    const { a, reference } = await settledChargeForOne(student, { status: 'failed' });
    const failed = await confirm(t, student, reference!, [a.id]);
    expect(failed.status).toBe(400);
    expect(failed.body.responseDto.message).toBe(
      'The payment failed. No courses were added. Please try again from your cart.',
    );
    fake.settle(reference!, { status: 'reversed' });
    const reversed = await confirm(t, student, reference!, [a.id]);
    expect(reversed.body.responseDto.message).toBe('The payment was reversed, so no courses were added.');
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
  });

  it("refuses another student's reference and unknown references", async () => {
    const owner = await buildStudent(t);
    const thief = await buildStudent(t);
    const { a, reference } = await settledChargeForOne(owner, { status: 'success' });
    const stolen = await confirm(t, thief, reference!, [a.id]);
    expect(stolen.status).toBe(400);
    expect(stolen.body.responseDto.message).toBe('This payment reference belongs to another account.');
    expect(await enrolmentsOf(t, thief.id)).toEqual([]);
    expect(await enrolmentsOf(t, owner.id)).toEqual([]);

    const unknown = await confirm(t, owner, 'DL-no-such-reference', [a.id]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.responseDto.message).toBe(
      'Unknown payment reference. Please start the checkout again from your cart.',
    );
    const badChars = await confirm(t, owner, 'ref with spaces', [a.id]);
    expect(badChars.status).toBe(400);
    expect(badChars.body.responseDto.message).toBe('reference may contain only letters, digits, -, . and =');
    // The owner still gets the courses afterwards.
    expect((await confirm(t, owner, reference!, [a.id])).status).toBe(200);
    expect(await enrolmentsOf(t, owner.id)).toEqual([{ courseId: a.id, pricePaidKobo: 500050 }]);
  });

  it('gives exactly one enrolment per course to 20 concurrent verifications of one reference', async () => {
    const student = await buildStudent(t);
    const { a, b } = await twoCourses();
    const { reference } = await charge(t, student, { courseIds: [a.id, b.id] });
    fake.settle(reference!, { status: 'success' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => confirm(t, student, reference!, [a.id, b.id])),
    );
    for (const r of answers) {
      expect(r.status, r.text).toBe(200);
      expect(r.body.responseDto.message).toBe(TRANSACTION_SUCCESS_MESSAGE);
    }
    expect(await enrolmentsOf(t, student.id)).toEqual([
      { courseId: a.id, pricePaidKobo: 500050 },
      { courseId: b.id, pricePaidKobo: 1200000 },
    ]);
    const mine = await t.op('userAllCourses', { token: student.token });
    expect(mine.body.courses.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('takes an amount-only charge and fixes its lines at verification', async () => {
    const student = await buildStudent(t);
    const { a, b } = await twoCourses();
    const { res, reference } = await charge(t, student, { amount: 17000.5 });
    // The spec's client redirects only on an error answer (spec §7): 402 with the same body.
    expect(res.status).toBe(402);
    expect(res.body.initializeTransactionResponse.data.authorization_url).toMatch(/^https:\/\//);
    expect(fake.initializeCalls.find((c) => c.reference === reference)).toMatchObject({ amount: 1700050 });
    expect((await orderOf(t, reference!)).order?.linesFixed).toBe(false);
    fake.settle(reference!, { status: 'success' });

    // Naming courses that cost less than what was paid is refused.
    const wrong = await confirm(t, student, reference!, [b.id]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.responseDto.message).toBe(
      'The amount paid (₦17,000.50) does not match the price of these courses (₦12,000.00).',
    );
    expect(await enrolmentsOf(t, student.id)).toEqual([]);

    const right = await confirm(t, student, reference!, [a.id, b.id]);
    expect(right.status).toBe(200);
    expect(await enrolmentsOf(t, student.id)).toEqual([
      { courseId: a.id, pricePaidKobo: 500050 },
      { courseId: b.id, pricePaidKobo: 1200000 },
    ]);
    expect((await orderOf(t, reference!)).lines).toHaveLength(2);
  });

  it('answers every concurrent verification of an amount-only order with success, enrolling once', async () => {
    const student = await buildStudent(t);
    const { a, b } = await twoCourses();
    const { reference } = await charge(t, student, { amount: 17000.5 });
    fake.settle(reference!, { status: 'success' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => confirm(t, student, reference!, [a.id, b.id])),
    );
    for (const r of answers) expect(r.status, r.text).toBe(200);
    expect(await enrolmentsOf(t, student.id)).toHaveLength(2);
    expect((await orderOf(t, reference!)).lines).toHaveLength(2);
  });

  it('refuses an amount-only charge of nothing', async () => {
    const student = await buildStudent(t);
    const { res } = await charge(t, student, { amount: 0 });
    expect(res.status).toBe(400);
    expect(res.body.responseDto.message).toBe('Your cart is empty. Add a course before checking out.');
  });

  it('answers 503 with a readable message while Paystack is down, and records nothing as paid', async () => {
    const student = await buildStudent(t);
    const { a } = await twoCourses();
    fake.setOutage(true);
    try {
      const { res } = await charge(t, student, { courseIds: [a.id] });
      expect(res.status).toBe(503);
      expect(res.body.responseDto.message).toBe(
        'The payment provider could not be reached. Please try again in a few minutes.',
      );
    } finally {
      fake.setOutage(false);
    }
    const { reference } = await charge(t, student, { courseIds: [a.id] });
    fake.setOutage(true);
    try {
      const res = await confirm(t, student, reference!, [a.id]);
      expect(res.status).toBe(503);
    } finally {
      fake.setOutage(false);
    }
    expect(await enrolmentsOf(t, student.id)).toEqual([]);
  });

  it('answers 503 without blaming the student when Paystack refuses our secret key', async () => {
    const wrongKey = await startTestApp({
      env: { PAYSTACK_SECRET_KEY: 'sk_test_wrong', PAYSTACK_BASE_URL: fake.url },
    });
    try {
      const student = await buildStudent(wrongKey);
      const course = await buildApprovedCourse(wrongKey, await buildTutor(wrongKey));
      const { res } = await charge(wrongKey, student, { courseIds: [course.id] });
      expect(res.status).toBe(503);
      expect(res.body.responseDto.message).toBe(
        'Payments are not available right now. Please try again later.',
      );
    } finally {
      await wrongKey.close();
    }
  });

  it('serves no sandbox page when a Paystack key is set', async () => {
    const res = await fetch(`${t.url}/sandbox-pay/${'a'.repeat(24)}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Payment link not found');
  });
});
