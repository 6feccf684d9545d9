import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '@app/contract/coupons';
import { buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { needs } from '../needs.ts';
import { couponRow, redemptionStatuses, saveCoupon } from './helpers.ts';

describe.skipIf(await needs('postgres'))('a coupon limit under concurrent checkouts on PostgreSQL', () => {
  const t = useTestApp();

  it('gives exactly 10 of 50 simultaneous checkouts the discount with a limit of 10', async () => {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 10_000 });
    const coupon = await saveCoupon(t, tutor, course.id, { value: 50, limit: 10 });
    const students = await Promise.all(Array.from({ length: 50 }, () => buildStudent(t)));
    const answers = await Promise.all(
      students.map((s) =>
        t.op('cardCharge', { body: { courseIds: [course.id], coupon: coupon.code }, token: s.token }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(10);
    expect(refused.map((a) => [a.status, a.body.responseDto.message])).toEqual(
      Array.from({ length: 40 }, () => [400, COUPON_MESSAGES.usedUp]),
    );
    expect((await couponRow(t, coupon.id)).used).toBe(10);
    expect(await redemptionStatuses(t, coupon.id)).toEqual(Array.from({ length: 10 }, () => 'reserved'));
  });
});
