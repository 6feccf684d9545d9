import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { COUPON_KINDS, REDEMPTION_STATUSES } from '@app/contract/coupons';
import { createdAt, requiredRef, serialId, timestampTz } from './columns.ts';
import { accountRef, courseRef, courses } from './schema.ts';
import { orderLines, orders } from './schema-money.ts';

// Promotions: tutors' coupons and their redemptions (docs/payments.md, "Coupons and sales").

/**
 * A tutor's coupon code for one course: a percent off (1–100) or a fixed amount off (kobo), between `startsAt` and
 * `endsAt`, with an optional total `usageLimit`. `used` counts its live redemptions (reserved or confirmed): a use is
 * taken by one guarded `UPDATE … WHERE used < usage_limit` in the checkout's transaction, so it never exceeds the limit.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serialId(),
    courseId: courseRef({ onDelete: 'cascade' }),
    tutorId: accountRef('tutor_id'),
    /** Upper-case letters and digits, 4–20. */
    code: text('code').notNull(),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    /** Percent off (1–100), or kobo off. */
    value: bigint('value', { mode: 'number' }).notNull(),
    startsAt: timestampTz('starts_at').notNull(),
    endsAt: timestampTz('ends_at').notNull(),
    usageLimit: integer('usage_limit'),
    used: integer('used').notNull().default(0),
    disabledAt: timestampTz('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_course_code_uq').on(t.courseId, t.code),
    index('coupons_code_idx').on(t.code),
    check('coupons_used_ck', sql`${t.used} >= 0`),
  ],
);

/**
 * One use of a coupon by a student, for one order line: `reserved` when the checkout starts, `confirmed` when the
 * order is paid, `released` (and the coupon's `used` given back) when the order is abandoned, cancelled or fails, or
 * its line is refunded. The database triggers of the growth migration move them with the order, whichever path
 * changes it. One live use per student and coupon (the partial unique index).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serialId(),
    couponId: requiredRef('coupon_id', () => coupons.id, { onDelete: 'cascade' }),
    studentId: accountRef('student_id'),
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    orderLineId: requiredRef('order_line_id', () => orderLines.id, { onDelete: 'cascade' }),
    courseId: courseRef(),
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: REDEMPTION_STATUSES }).notNull().default('reserved'),
    createdAt: createdAt(),
    confirmedAt: timestampTz('confirmed_at'),
    releasedAt: timestampTz('released_at'),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_live_uq')
      .on(t.couponId, t.studentId)
      .where(sql`${t.status} <> 'released'`),
    index('coupon_redemptions_order_idx').on(t.orderId),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.createdAt),
  ],
);

/**
 * A site-wide sale made by an admin: a percent off every course, or the courses of some categories
 * (`categoryIds`, null: all), from `startsAt` until just before `endsAt`. Jobs due at both moments drop the
 * cached answers on every instance (commands/sales.ts), so prices change exactly then.
 */
export const sales = pgTable(
  'sales',
  {
    id: serialId(),
    percent: integer('percent').notNull(),
    startsAt: timestampTz('starts_at').notNull(),
    endsAt: timestampTz('ends_at').notNull(),
    categoryIds: integer('category_ids').array(),
    createdBy: accountRef('created_by'),
    createdAt: createdAt(),
    cancelledAt: timestampTz('cancelled_at'),
  },
  (t) => [
    index('sales_window_idx').on(t.startsAt, t.endsAt),
    check('sales_percent_ck', sql`${t.percent} between 1 and 100`),
  ],
);

/** A course its tutor keeps out of site-wide sales. */
export const saleOptOuts = pgTable('sale_opt_outs', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
