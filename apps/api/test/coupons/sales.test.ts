import { describe, expect, it } from 'vitest';
import { SALE_BOUNDARY_JOB } from '../../src/commands/sales.ts';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { type TestApp, useTestApp } from '../harness.ts';
import { needs } from '../needs.ts';
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
});

/**
 * A sale's start and end change the answers of every instance at that moment, with no write in between: A runs the
 * sale's jobs, B hears of them only through the invalidation bus (PGlite's in-process listeners or PostgreSQL's
 * LISTEN/NOTIFY; Redis as deployed, when the run has one).
 */
const acrossInstances = (env: () => Record<string, string>) => () => {
  const a = useTestApp(() => ({
    env: env(),
    jobs: { pollMs: 25, retryBaseMs: 50, names: [SALE_BOUNDARY_JOB] },
  }));
  const b = useTestApp(() => ({ env: env(), sameDatabaseAs: a }));

  it('serves the sale price on both the moment it starts, and the list price on both the moment it ends', async () => {
    const admin = await buildAdmin(a);
    const tutor = await buildTutor(a);
    const course = await buildApprovedCourse(a, tutor, { nairaPrice: 6000, category: 'AutomationTester' });
    const guest = (t: TestApp) => t.op('viewSingleCourse', { body: { courseId: course.id } });
    /** Reads `t` until it shows `salePrice`; answers how long after `boundary` that was. */
    const shows = async (t: TestApp, salePrice: number | null, boundary: Date) => {
      await eventually(async () => expect((await guest(t)).body.coursesDto.salePrice).toBe(salePrice), 5000);
      return Date.now() - boundary.getTime();
    };
    /** Both instances answer `salePrice` from their caches in the last moments before `boundary`. */
    const bothCached = async (salePrice: number | null, boundary: Date) => {
      await sleepUntil(boundary.getTime() - 1000);
      // Another test file seeding demo data empties every cache (on a shared database or Redis): read again.
      for (;;) {
        const asked = Date.now();
        const res = await Promise.all([guest(a), guest(b)]);
        expect(res.map((r) => r.body.coursesDto.salePrice)).toEqual([salePrice, salePrice]);
        if (res.every((r) => r.headers.get('x-cache') === 'hit')) {
          expect(asked).toBeLessThan(boundary.getTime());
          return;
        }
        expect(Date.now(), 'both caches filled before the boundary').toBeLessThan(boundary.getTime() - 300);
        await sleepUntil(Date.now() + 50);
      }
    };

    // Time enough before each boundary for both instances to cache the answer, on a busy machine too.
    const start = new Date(Date.now() + 4000);
    const end = new Date(start.getTime() + 4000);
    const saved = await a.op('saleSave', {
      body: {
        percent: 50,
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        categories: ['AutomationTester'],
      },
      token: admin.token,
    });
    expect(saved.status, saved.text).toBe(200);

    await bothCached(null, start);
    const started = await Promise.all([shows(a, 3000, start), shows(b, 3000, start)]);
    expect(Math.min(...started)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...started)).toBeLessThan(2000);

    await bothCached(3000, end);
    const ended = await Promise.all([shows(a, null, end), shows(b, null, end)]);
    expect(Math.min(...ended)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ended)).toBeLessThan(2000);
  });
};

const sleepUntil = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())));

describe(
  'a sale boundary on two instances, invalidated through the database',
  acrossInstances(() => ({})),
);

describe.skipIf(await needs('redis'))(
  'a sale boundary on two instances, invalidated through Redis',
  acrossInstances(() => ({ REDIS_URL: process.env.TEST_REDIS_URL! })),
);
