import { describe, expect, it } from 'vitest';
import { SALE_BOUNDARY_JOB } from '../../src/jobs/sale-boundary-name.ts';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { cachedRead, useTestApp } from '../harness.ts';
import { eventually, orderRow } from '../orders/helpers.ts';
import { couponRow, days, saveCoupon } from './helpers.ts';

describe('site-wide sales', () => {
  const t = useTestApp({ jobs: { pollMs: 25, retryBaseMs: 50, names: [SALE_BOUNDARY_JOB] } });
  const guestCourse = (id: number) => t.op('viewSingleCourse', { body: { courseId: id } });

  it('shows the sale price everywhere, lets tutors opt out, and never stacks with a coupon', async () => {
    const admin = await buildAdmin(t);
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 10_000, category: 'BackendEngineer' });
    const other = await buildApprovedCourse(t, tutor, { nairaPrice: 10_000, category: 'SoftwareTester' });
    const saved = await t.op('saleSave', {
      body: { percent: 20, startsAt: days(-1), endsAt: days(1), categories: ['BackendEngineer'] },
      token: admin.token,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(
      (
        await t.op('saleSave', {
          body: { percent: 5, startsAt: days(0), endsAt: days(1) },
          token: tutor.token,
        })
      ).status,
    ).toBe(403);

    expect((await guestCourse(course.id)).body.coursesDto).toMatchObject({
      nairaPrice: 10_000,
      salePrice: 8000,
    });
    expect((await guestCourse(other.id)).body.coursesDto.salePrice).toBeNull();
    const student = await buildStudent(t);
    const signedIn = await t.op('singleCourse', { params: { id: course.id }, token: student.token });
    expect(signedIn.body.coursesDto.salePrice).toBe(8000);
    const search = await t.op('courseSearch', {
      body: { search: course.title, pageSize: 10, pageNo: 0, sort: 'relevance' },
    });
    expect(search.body.coursesDtos.find((h) => h.id === course.id)?.salePrice).toBe(8000);

    // The lower price wins: a 10 % coupon loses to the sale (and takes no use), a 50 % coupon wins; never 40 %.
    const small = await saveCoupon(t, tutor, course.id, { value: 10 });
    const big = await saveCoupon(t, tutor, course.id, { value: 50 });
    const applySmall = await t.op('couponApply', {
      body: { code: small.code, courseIds: [course.id] },
      token: student.token,
    });
    expect(applySmall.body.lines).toEqual([
      { courseId: course.id, price: 10_000, discountedPrice: 8000, coupon: null },
    ]);
    const applyBig = await t.op('couponApply', {
      body: { code: big.code, courseIds: [course.id] },
      token: student.token,
    });
    expect(applyBig.body.lines).toEqual([
      { courseId: course.id, price: 10_000, discountedPrice: 5000, coupon: big.code },
    ]);
    const charged = await t.op('cardCharge', {
      body: { courseIds: [course.id], coupon: small.code },
      token: student.token,
    });
    expect(charged.status, charged.text).toBe(200);
    expect((await orderRow(t, charged.body.initializeTransactionResponse.data.reference)).amountKobo).toBe(
      800_000,
    );
    expect((await couponRow(t, small.id)).used).toBe(0);

    // Opted out: the list price again.
    expect(
      (await t.op('saleOptOut', { body: { courseId: course.id, optOut: true }, token: tutor.token })).status,
    ).toBe(200);
    expect((await guestCourse(course.id)).body.coursesDto.salePrice).toBeNull();
    const plain = await t.op('cardCharge', { body: { courseIds: [course.id] }, token: student.token });
    expect((await orderRow(t, plain.body.initializeTransactionResponse.data.reference)).amountKobo).toBe(
      1_000_000,
    );
    await t.op('saleOptOut', { body: { courseId: course.id, optOut: false }, token: tutor.token });
    await t.op('saleCancel', { body: { id: saved.body.sale.id }, token: admin.token });
    expect((await guestCourse(course.id)).body.coursesDto.salePrice).toBeNull();
  });

  it('changes cached answers on every instance the moment a sale starts and ends', async () => {
    const admin = await buildAdmin(t);
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 6000, category: 'SoftwareTester' });
    const before = await cachedRead(() => guestCourse(course.id));
    expect(before.body.coursesDto.salePrice).toBeNull();
    const start = new Date(Date.now() + 1500);
    const end = new Date(start.getTime() + 2000);
    const saved = await t.op('saleSave', {
      body: {
        percent: 50,
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        categories: ['SoftwareTester'],
      },
      token: admin.token,
    });
    expect(saved.status, saved.text).toBe(200);
    // Not started yet: the answer is cached again without the sale price...
    const waiting = await cachedRead(() => guestCourse(course.id));
    expect(waiting.body.coursesDto.salePrice).toBeNull();
    // ...until the sale's start drops it: no cache entry outlives the boundary.
    const during = await eventually(async () => {
      const res = await guestCourse(course.id);
      expect(res.body.coursesDto.salePrice).toBe(3000);
      return res;
    }, 5000);
    expect(Date.now()).toBeGreaterThanOrEqual(start.getTime());
    expect(during.body.coursesDto.nairaPrice).toBe(6000);
    await cachedRead(() => guestCourse(course.id));
    await eventually(
      async () => expect((await guestCourse(course.id)).body.coursesDto.salePrice).toBeNull(),
      6000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(end.getTime());
  });
});
