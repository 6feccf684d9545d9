import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, type TCouponDto, type TCouponSaveRequest } from '@app/contract/coupons';
import { orders } from '../../src/db/schema-money.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { couponRow, days, redemptionStatuses, saveCoupon } from './helpers.ts';

describe('changing a coupon (POST /coupon/save with an id)', () => {
  const t = useTestApp();

  const setup = async (nairaPrice = 10_000) => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice });
    return { tutor, course };
  };
  const apply = (token: string, code: string, courseIds: number[]) =>
    t.op('couponApply', { body: { code, courseIds }, token });
  const checkout = (token: string, courseIds: number[], coupon: string) =>
    t.op('cardCharge', { body: { courseIds, coupon }, token });
  /** Saves `coupon` again with its id, as the tutor's screen does, with `over` changed. */
  const edit = (coupon: TCouponDto, who: TestAccount, over: Partial<TCouponSaveRequest> = {}) =>
    t.op('couponSave', {
      body: {
        id: coupon.id,
        courseId: coupon.courseId,
        code: coupon.code,
        kind: coupon.kind,
        value: coupon.value,
        startsAt: coupon.startsAt,
        endsAt: coupon.endsAt,
        limit: coupon.limit,
        ...over,
      },
      token: who.token,
    });

  it('changes code, kind, value, dates and limit in place; students get the new terms', async () => {
    const { tutor, course } = await setup(10_000);
    const coupon = await saveCoupon(t, tutor, course.id, { code: 'EDITME1', value: 10, limit: 5 });
    const [startsAt, endsAt] = [days(-1), days(3)];
    const changed = await edit(coupon, tutor, {
      code: 'edited1',
      kind: 'amount',
      value: 2500,
      startsAt,
      endsAt,
      limit: 10,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.coupon).toEqual({
      id: coupon.id,
      courseId: course.id,
      code: 'EDITED1',
      kind: 'amount',
      value: 2500,
      startsAt,
      endsAt,
      limit: 10,
      used: 0,
      confirmed: 0,
      disabled: false,
    });
    const list = await t.op('couponList', { body: { courseId: course.id }, token: tutor.token });
    expect(list.body.coupons.map((c) => [c.id, c.code])).toEqual([[coupon.id, 'EDITED1']]);
    const student = await buildStudent(t);
    expect((await apply(student.token, 'EDITED1', [course.id])).body.lines).toEqual([
      { courseId: course.id, price: 10_000, discountedPrice: 7500, coupon: 'EDITED1' },
    ]);
    expect((await apply(student.token, 'EDITME1', [course.id])).body.responseDto.message).toBe(
      COUPON_MESSAGES.unknown,
    );
  });

  it("refuses another coupon's code on the course, a move to another course, and an unknown coupon", async () => {
    const { tutor, course } = await setup();
    const coupon = await saveCoupon(t, tutor, course.id, { code: 'FIRST1' });
    const taken = await saveCoupon(t, tutor, course.id, { code: 'TAKEN1' });
    const clash = await edit(coupon, tutor, { code: taken.code });
    expect([clash.status, clash.body.responseDto.message]).toEqual([400, COUPON_MESSAGES.duplicate]);
    // The same code on another course is no clash.
    const elsewhere = await buildApprovedCourse(t, tutor);
    await saveCoupon(t, tutor, elsewhere.id, { code: 'ELSEWHERE1' });
    expect((await edit(coupon, tutor, { code: 'ELSEWHERE1' })).status).toBe(200);
    const moved = await edit(coupon, tutor, { courseId: elsewhere.id });
    expect([moved.status, moved.body.responseDto.message]).toEqual([400, COUPON_MESSAGES.otherCourse]);
    expect(await couponRow(t, coupon.id)).toMatchObject({ courseId: course.id, code: 'ELSEWHERE1' });
    const unknown = await edit({ ...coupon, id: 2_000_000 }, tutor);
    expect([unknown.status, unknown.body.responseDto.message]).toEqual([404, 'Coupon not found.']);
  });

  it('keeps a changed limit at or above the uses already taken, paid or reserved', async () => {
    const { tutor, course } = await setup();
    const coupon = await saveCoupon(t, tutor, course.id, { limit: 5 });
    const [payer, waiting, late] = [await buildStudent(t), await buildStudent(t), await buildStudent(t)];
    const paid = await checkout(payer.token, [course.id], coupon.code);
    expect(paid.status, paid.text).toBe(200);
    const reference = paid.body.initializeTransactionResponse.data.reference;
    await t.ctx.db.update(orders).set({ status: 'paid' }).where(eq(orders.reference, reference));
    expect((await checkout(waiting.token, [course.id], coupon.code)).status).toBe(200);
    expect(await redemptionStatuses(t, coupon.id)).toEqual(['confirmed', 'reserved']);

    const below = await edit(coupon, tutor, { limit: 1 });
    expect([below.status, below.body.responseDto.message]).toEqual([
      400,
      'The limit cannot be lower than the 2 uses already made (paid or in a checkout).',
    ]);
    expect((await couponRow(t, coupon.id)).usageLimit).toBe(5);
    // Down to the uses made is allowed, and the code is then used up; no limit at all opens it again.
    const atUses = await edit(coupon, tutor, { limit: 2 });
    expect(atUses.status, atUses.text).toBe(200);
    expect(atUses.body.coupon).toMatchObject({ limit: 2, used: 2, confirmed: 1 });
    expect((await apply(late.token, coupon.code, [course.id])).body.responseDto.message).toBe(
      COUPON_MESSAGES.usedUp,
    );
    const unlimited = await edit(coupon, tutor, { limit: null });
    expect(unlimited.body.coupon.limit).toBeNull();
    expect((await apply(late.token, coupon.code, [course.id])).status).toBe(200);
  });

  it("refuses a change to another tutor's coupon, even through a course of one's own", async () => {
    const { tutor, course } = await setup();
    const coupon = await saveCoupon(t, tutor, course.id, { code: 'NOTYOURS1', value: 15 });
    const other = await buildTutor(t);
    const refused = await edit(coupon, other, { code: 'STOLEN1', value: 90 });
    expect([refused.status, refused.body.responseDto.message]).toEqual([
      403,
      'This course belongs to another tutor.',
    ]);
    const theirs = await buildApprovedCourse(t, other);
    expect((await edit(coupon, other, { courseId: theirs.id, value: 90 })).status).toBe(403);
    // Admins read coupons; they do not write them.
    expect((await edit(coupon, await buildAdmin(t), { value: 90 })).status).toBe(403);
    expect(await couponRow(t, coupon.id)).toMatchObject({ code: 'NOTYOURS1', value: 15 });
  });
});
