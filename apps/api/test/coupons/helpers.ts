import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TCouponSaveRequest } from '@app/contract/coupons';
import { coupons, couponRedemptions } from '../../src/db/schema-growth.ts';
import type { TestAccount } from '../factories.ts';
import type { TestApp } from '../harness.ts';

const DAY = 86_400_000;

/** A coupon saved through the API (active from a minute ago for a day unless told otherwise); answers its dto. */
export async function saveCoupon(
  t: TestApp,
  tutor: TestAccount,
  courseId: number,
  over: Partial<TCouponSaveRequest> = {},
) {
  const res = await t.op('couponSave', {
    body: {
      courseId,
      code: `C${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      kind: 'percent',
      value: 25,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + DAY).toISOString(),
      ...over,
    },
    token: tutor.token,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.coupon;
}

/** The coupon's row (its `used` count). */
export async function couponRow(t: TestApp, id: number) {
  const [row] = await t.ctx.db.select().from(coupons).where(eq(coupons.id, id));
  return row!;
}

/** The coupon's redemptions' statuses, oldest first. */
export async function redemptionStatuses(t: TestApp, couponId: number) {
  const rows = await t.ctx.db
    .select({ status: couponRedemptions.status })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId))
    .orderBy(couponRedemptions.id);
  return rows.map((r) => r.status);
}

export const days = (n: number) => new Date(Date.now() + n * DAY).toISOString();
