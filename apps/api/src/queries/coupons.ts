import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { couponRedemptions, coupons } from '../db/schema-growth.ts';

export type CouponRow = typeof coupons.$inferSelect;

/** The live (not disabled) coupons of a code, on every course that has one. */
export async function liveCouponsByCode(db: Db, code: string): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code), isNull(coupons.disabledAt)));
}

/** One coupon by id. */
export async function couponById(db: Db, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/** A coupon's paid uses. */
export async function confirmedUses(db: Db, couponId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.status, 'confirmed')));
  return row?.n ?? 0;
}

/** A course's coupons, newest first, with their paid uses counted. */
export async function courseCoupons(db: Db, courseId: number) {
  return db
    .select({
      coupon: coupons,
      // Written out: a column inside a select field is rendered without its table, which the subquery would shadow.
      confirmed: sql<number>`(select count(*)::int from ${couponRedemptions} r
        where r.coupon_id = "coupons"."id" and r.status = 'confirmed')`.mapWith(Number),
    })
    .from(coupons)
    .where(eq(coupons.courseId, courseId))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
}

/** The student's live uses (reserved or confirmed) among `couponIds`, with their status. */
export async function studentRedemptions(db: Db, studentId: number, couponIds: number[]) {
  if (couponIds.length === 0) return [];
  return db
    .select({ couponId: couponRedemptions.couponId, status: couponRedemptions.status })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.studentId, studentId),
        inArray(couponRedemptions.couponId, couponIds),
        sql`${couponRedemptions.status} <> 'released'`,
      ),
    );
}
