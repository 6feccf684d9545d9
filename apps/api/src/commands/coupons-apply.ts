import type { Db } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { isPublished } from '../policies/course.ts';
import { coursesToPrice } from '../queries/courses.ts';
import { saleKobo } from '../queries/sales.ts';
import { priceCourses } from './charge.ts';
import { couponsForCart, discountLines, type CouponLine } from './coupons.ts';

/**
 * `POST /coupon/apply`: the cart's prices with the code, for a student (their own uses count) or a guest (the course
 * page of a coupon link). The same rules as the checkout, which prices again on its own.
 */
export async function applyCoupon(
  db: Db,
  student: Account | null,
  code: string,
  courseIds: number[],
): Promise<CouponLine[]> {
  const ids = [...new Set(courseIds)];
  let lines: { courseId: number; priceKobo: number; listKobo?: number }[];
  if (student?.role === 'user') {
    lines = await priceCourses(db, student.id, ids);
  } else {
    const rows = new Map((await coursesToPrice(db, ids)).map((r) => [r.id, r]));
    lines = ids.map((id) => {
      const c = rows.get(id);
      if (!c || !isPublished(c)) return badRequest(`Course ${id} is not for sale.`);
      return { courseId: id, priceKobo: saleKobo(c.saleKobo) ?? c.priceKobo, listKobo: c.priceKobo };
    });
  }
  return discountLines(lines, await couponsForCart(db, student?.id ?? 0, code, ids));
}
