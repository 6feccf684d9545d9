import { z } from 'zod';
import { envelope, numberInput, ZId, ZIdInput } from './common.ts';

/** How a coupon takes money off: a percent of the price, or a fixed naira amount. */
export const COUPON_KINDS = ['percent', 'amount'] as const;
export type TCouponKind = (typeof COUPON_KINDS)[number];

/** A redemption's life: reserved at checkout, confirmed when paid, released when the order is given up or refunded. */
export const REDEMPTION_STATUSES = ['reserved', 'confirmed', 'released'] as const;

/** The refusals of `/coupon/apply`, of a checkout with a coupon and of `/coupon/save` (400), word for word. */
export const COUPON_MESSAGES = {
  unknown: 'This coupon code does not exist.',
  notStarted: 'This coupon is not active yet.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has been used up',
  usedByYou: 'You have already used this coupon.',
  notForCourses: 'This coupon is not for the courses in your cart.',
  duplicate: 'This course already has a coupon with that code.',
  otherCourse: 'A coupon stays on its course: make a new coupon for another course.',
  limitBelowUses: (used: number) =>
    `The limit cannot be lower than the ${used} ${used === 1 ? 'use' : 'uses'} already made (paid or in a checkout).`,
} as const;

/** A code as typed: trimmed and upper-cased, 4–20 letters and digits. */
export const ZCouponCode = z
  .string({ error: 'code is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,20}$/, { error: 'code must be 4 to 20 letters and digits' });

const ZDateTime = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });

/**
 * `POST /coupon/save`: a new coupon for one of the tutor's courses, or with `id` a change of one of their coupons
 * (its code, kind, value, dates and limit; never its course).
 */
export const ZCouponSaveRequest = z
  .object({
    /** The coupon to change; without it a new coupon is made. */
    id: ZIdInput.optional(),
    courseId: ZIdInput,
    code: ZCouponCode,
    kind: z.enum(COUPON_KINDS, { error: 'kind must be percent or amount' }),
    /** Percent off (1–100) or naira off. */
    value: numberInput(z.number().positive({ error: 'must be more than 0' })),
    startsAt: ZDateTime,
    endsAt: ZDateTime,
    limit: numberInput(
      z.number().int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }),
    )
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((c) => c.kind !== 'percent' || (Number.isInteger(c.value) && c.value <= 100), {
    error: 'value: a percent off must be a whole number from 1 to 100',
    path: ['value'],
  })
  .refine((c) => c.kind !== 'amount' || Math.round(c.value * 100) === c.value * 100, {
    error: 'value: an amount off has at most two decimals (kobo)',
    path: ['value'],
  })
  .refine((c) => Date.parse(c.endsAt) > Date.parse(c.startsAt), {
    error: 'endsAt: the end must be after the start',
    path: ['endsAt'],
  });
export type TCouponSaveRequest = z.input<typeof ZCouponSaveRequest>;

/** A coupon as its tutor sees it, with its uses counted. */
export const ZCouponDto = z.object({
  id: ZId,
  courseId: ZId,
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  limit: z.number().nullable(),
  /** Live uses: reserved by a checkout in progress, or paid. */
  used: z.number(),
  /** Paid uses. */
  confirmed: z.number(),
  disabled: z.boolean(),
});
export type TCouponDto = z.infer<typeof ZCouponDto>;

export const ZCouponSaveResponse = envelope({ coupon: ZCouponDto });
export const ZCouponListRequest = z.object({ courseId: ZIdInput });
export const ZCouponListResponse = envelope({
  coupons: z.array(ZCouponDto),
  /** Whether the tutor keeps this course out of site-wide sales (`/sale/optout`). */
  saleOptOut: z.boolean(),
});
export type TCouponListResponse = z.infer<typeof ZCouponListResponse>;
export const ZCouponDisableRequest = z.object({ id: ZIdInput });

/** `POST /coupon/apply`: what a code makes of the cart's prices (naira), checked for this student. */
export const ZCouponApplyRequest = z.object({
  code: ZCouponCode,
  courseIds: z.array(ZIdInput).min(1, { error: 'must name at least one course' }).max(50),
});
export type TCouponApplyRequest = z.input<typeof ZCouponApplyRequest>;
export const ZCouponLine = z.object({
  courseId: ZId,
  price: z.number(),
  discountedPrice: z.number(),
  /** The code when it applies to this course, else null. */
  coupon: z.string().nullable(),
});
export type TCouponLine = z.infer<typeof ZCouponLine>;
export const ZCouponApplyResponse = envelope({ lines: z.array(ZCouponLine) });
export type TCouponApplyResponse = z.infer<typeof ZCouponApplyResponse>;
