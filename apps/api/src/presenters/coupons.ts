import type { TCouponDto, TCouponKind } from '@app/contract/coupons';
import { koboToNaira } from '@app/contract/money';

/** The stored coupon fields its answer shows. */
export type CouponFields = {
  id: number;
  courseId: number;
  code: string;
  kind: TCouponKind;
  value: number;
  startsAt: Date;
  endsAt: Date;
  usageLimit: number | null;
  used: number;
  disabledAt: Date | null;
};

/** A coupon as its tutor sees it: an amount off in naira, dates in ISO 8601. */
export function couponDto(c: CouponFields, confirmed: number): TCouponDto {
  return {
    id: c.id,
    courseId: c.courseId,
    code: c.code,
    kind: c.kind,
    value: c.kind === 'amount' ? koboToNaira(c.value) : c.value,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    limit: c.usageLimit,
    used: c.used,
    confirmed,
    disabled: c.disabledAt !== null,
  };
}

/** What a coupon takes off a price (kobo): a percent rounded half up to the kobo, or its amount; never below ₦0. */
export function couponDiscount(c: Pick<CouponFields, 'kind' | 'value'>, priceKobo: number): number {
  const off = c.kind === 'percent' ? Math.round((priceKobo * c.value) / 100) : c.value;
  return Math.min(Math.max(off, 0), priceKobo);
}
