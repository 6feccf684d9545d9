import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { COUPON_MESSAGES, type ZCouponSaveRequest } from '@app/contract/coupons';
import { nairaToKobo } from '@app/contract/money';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { couponRedemptions, coupons } from '../db/schema-growth.ts';
import { badRequest, notFound } from '../errors.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { assertManagesCoupons } from '../policies/coupon.ts';
import { couponDiscount } from '../presenters/coupons.ts';
import { couponById, liveCouponsByCode, studentRedemptions, type CouponRow } from '../queries/coupons.ts';
import { courseOwner } from '../queries/courses.ts';

const COURSE_NOT_FOUND = 'Course not found.';
const COUPON_NOT_FOUND = 'Coupon not found.';

type SaveInput = z.output<typeof ZCouponSaveRequest>;

/**
 * `POST /coupon/save`: a new coupon for one of the tutor's own courses, or with `id` a change of one of their
 * coupons. A code is once per course (400 otherwise).
 */
export async function saveCoupon(db: Db, tutor: Account, input: SaveInput): Promise<CouponRow> {
  const values = {
    code: input.code,
    kind: input.kind,
    value: input.kind === 'amount' ? nairaToKobo(input.value) : input.value,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    usageLimit: input.limit,
  };
  try {
    if (input.id !== undefined) return await updateCoupon(db, tutor, input.id, input.courseId, values);
    const course = (await courseOwner(db, input.courseId)) ?? notFound(COURSE_NOT_FOUND);
    assertManagesCoupons(tutor, course);
    const [row] = await db
      .insert(coupons)
      .values({ courseId: course.id, tutorId: tutor.id, ...values })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) return badRequest(COUPON_MESSAGES.duplicate);
    throw err;
  }
}

/**
 * Changes the owning tutor's coupon, on its own course only. A limit is never set below the uses already taken
 * (reserved or paid): the guard sits in the `UPDATE`, whose row lock a checkout taking a use waits on, so the two
 * cannot pass each other.
 */
async function updateCoupon(
  db: Db,
  tutor: Account,
  id: number,
  courseId: number,
  values: Pick<CouponRow, 'code' | 'kind' | 'value' | 'startsAt' | 'endsAt' | 'usageLimit'>,
): Promise<CouponRow> {
  const coupon = (await couponById(db, id)) ?? notFound(COUPON_NOT_FOUND);
  assertManagesCoupons(tutor, coupon);
  if (coupon.courseId !== courseId) return badRequest(COUPON_MESSAGES.otherCourse);
  const limit = values.usageLimit;
  const [row] = await db
    .update(coupons)
    .set(values)
    .where(and(eq(coupons.id, id), limit === null ? undefined : lte(coupons.used, limit)))
    .returning();
  if (row) return row;
  const now = (await couponById(db, id)) ?? notFound(COUPON_NOT_FOUND);
  return badRequest(COUPON_MESSAGES.limitBelowUses(now.used));
}

/** `POST /coupon/disable`: the owning tutor stops a coupon; uses already made stay. Disabling twice is harmless. */
export async function disableCoupon(db: Db, tutor: Account, id: number): Promise<void> {
  const coupon = (await couponById(db, id)) ?? notFound('Coupon not found.');
  assertManagesCoupons(tutor, coupon);
  await db
    .update(coupons)
    .set({ disabledAt: sql`now()` })
    .where(and(eq(coupons.id, id), isNull(coupons.disabledAt)));
}

/** A course's price with a coupon (kobo), as one checkout line. */
export type CouponLine = {
  courseId: number;
  priceKobo: number;
  discountKobo: number;
  coupon: CouponRow | null;
};

/**
 * Which coupon of `code` applies to each of the courses, for this student now: a 400 saying why when none does
 * (unknown, not for these courses, not started, expired, used up, already used by you). A use the student holds
 * on an unpaid order does not count against them: the new checkout replaces that order and gives the use back.
 */
export async function couponsForCart(
  db: Db,
  studentId: number,
  code: string,
  courseIds: number[],
  now = new Date(),
): Promise<Map<number, CouponRow>> {
  const all = await liveCouponsByCode(db, code);
  if (all.length === 0) return badRequest(COUPON_MESSAGES.unknown);
  const matching = all.filter((c) => courseIds.includes(c.courseId));
  if (matching.length === 0) return badRequest(COUPON_MESSAGES.notForCourses);
  const active = matching.filter((c) => c.startsAt <= now && now < c.endsAt);
  if (active.length === 0) {
    return badRequest(
      matching.some((c) => now < c.startsAt) ? COUPON_MESSAGES.notStarted : COUPON_MESSAGES.expired,
    );
  }
  const mine = new Map(
    (
      await studentRedemptions(
        db,
        studentId,
        active.map((c) => c.id),
      )
    ).map((r) => [r.couponId, r.status]),
  );
  const notMine = active.filter((c) => mine.get(c.id) !== 'confirmed');
  if (notMine.length === 0) return badRequest(COUPON_MESSAGES.usedByYou);
  const left = notMine.filter(
    (c) => c.usageLimit === null || c.used - (mine.has(c.id) ? 1 : 0) < c.usageLimit,
  );
  if (left.length === 0) return badRequest(COUPON_MESSAGES.usedUp);
  return new Map(left.map((c) => [c.courseId, c]));
}

/**
 * The cart's lines with the coupons of `couponsForCart`: a coupon is taken off the list price, and a line keeps
 * the lower of its coupon price and its price now (a site-wide sale's); they never stack. A line the coupon does
 * not make cheaper carries no coupon (and takes no use of it).
 */
export function discountLines(
  lines: { courseId: number; priceKobo: number; listKobo?: number }[],
  byCourse: ReadonlyMap<number, CouponRow>,
): CouponLine[] {
  return lines.map((l) => {
    const list = l.listKobo ?? l.priceKobo;
    const coupon = byCourse.get(l.courseId) ?? null;
    const withCoupon = coupon ? list - couponDiscount(coupon, list) : Infinity;
    if (coupon && withCoupon < l.priceKobo) {
      return { courseId: l.courseId, priceKobo: withCoupon, discountKobo: list - withCoupon, coupon };
    }
    return { courseId: l.courseId, priceKobo: l.priceKobo, discountKobo: list - l.priceKobo, coupon: null };
  });
}

/**
 * Reserves one use of each coupon for the order's lines, in the checkout's transaction: one guarded `UPDATE … SET
 * used = used + 1 WHERE used < usage_limit` per coupon (the row lock it takes makes concurrent checkouts wait and
 * re-check, so the limit is never passed), then the redemption row (one live use per student and coupon). A
 * refusal throws, so the transaction and every use it took roll back.
 */
export async function reserveCouponUses(
  tx: Tx,
  studentId: number,
  orderId: number,
  lines: { id: number; courseId: number; couponId: number | null; discountKobo: number }[],
): Promise<void> {
  for (const line of lines) {
    if (line.couponId === null) continue;
    const [taken] = await tx
      .update(coupons)
      .set({ used: sql`${coupons.used} + 1` })
      .where(
        and(
          eq(coupons.id, line.couponId),
          isNull(coupons.disabledAt),
          sql`${coupons.startsAt} <= now() and now() < ${coupons.endsAt}`,
          sql`(${coupons.usageLimit} is null or ${coupons.used} < ${coupons.usageLimit})`,
        ),
      )
      .returning({ id: coupons.id });
    if (!taken) return badRequest(COUPON_MESSAGES.usedUp);
    const [redemption] = await tx
      .insert(couponRedemptions)
      .values({
        couponId: line.couponId,
        studentId,
        orderId,
        orderLineId: line.id,
        courseId: line.courseId,
        discountKobo: line.discountKobo,
      })
      .onConflictDoNothing()
      .returning({ id: couponRedemptions.id });
    if (!redemption) return badRequest(COUPON_MESSAGES.usedByYou);
  }
}

/** The order line's coupon columns for a line of `discountLines` (none without a coupon). */
export const couponColumns = (line: CouponLine | undefined) => ({
  couponId: line?.coupon?.id ?? null,
  discountKobo: line?.discountKobo ?? 0,
});
