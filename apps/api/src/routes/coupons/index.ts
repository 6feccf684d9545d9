import type { FastifyInstance } from 'fastify';
import { koboToNaira } from '@app/contract/money';
import { applyCoupon } from '../../commands/coupons-apply.ts';
import { disableCoupon, saveCoupon } from '../../commands/coupons.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, optionalAuth, requireRole } from '../../plugins/auth.ts';
import { assertManagesCoupons } from '../../policies/coupon.ts';
import { couponDto } from '../../presenters/coupons.ts';
import { confirmedUses, courseCoupons } from '../../queries/coupons.ts';
import { courseOwner } from '../../queries/courses.ts';
import { isOptedOutOfSales } from '../../queries/sales.ts';
import { opRoute } from '../op-route.ts';

/** Tutors' coupons for their courses, and applying a code to a cart (docs/payments.md, "Coupons and sales"). */
export default async function couponRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const tutorOnly = requireRole(deps, 'tutor');

  opRoute(app, 'couponSave', { tag: 'coupons', auth: tutorOnly }, async (req) => {
    const coupon = await saveCoupon(ctx.db, currentAccount(req), req.body);
    const confirmed = req.body.id === undefined ? 0 : await confirmedUses(ctx.db, coupon.id);
    return { responseDto: ok('Coupon saved'), coupon: couponDto(coupon, confirmed) };
  });

  opRoute(app, 'couponList', { tag: 'coupons', auth: requireRole(deps, 'tutor', 'admin') }, async (req) => {
    const course = (await courseOwner(ctx.db, req.body.courseId)) ?? notFound('Course not found.');
    assertManagesCoupons(currentAccount(req), course, true);
    const [rows, optedOut] = await Promise.all([
      courseCoupons(ctx.db, course.id),
      isOptedOutOfSales(ctx.db, course.id),
    ]);
    return {
      responseDto: ok(),
      coupons: rows.map((r) => couponDto(r.coupon, r.confirmed)),
      saleOptOut: optedOut,
    };
  });

  opRoute(app, 'couponDisable', { tag: 'coupons', auth: tutorOnly }, async (req) => {
    await disableCoupon(ctx.db, currentAccount(req), req.body.id);
    return { responseDto: ok('Coupon disabled') };
  });

  opRoute(
    app,
    'couponApply',
    {
      tag: 'coupons',
      auth: optionalAuth(deps),
      description:
        "The cart's prices with a coupon code (naira), or a 400 saying why it does not apply: unknown, not " +
        'started, expired, used up, already used by you, not for these courses. The checkout prices again itself.',
    },
    async (req) => {
      const lines = await applyCoupon(ctx.db, req.account ?? null, req.body.code, req.body.courseIds);
      return {
        responseDto: ok('Coupon applied'),
        lines: lines.map((l) => ({
          courseId: l.courseId,
          price: koboToNaira(l.priceKobo + l.discountKobo),
          discountedPrice: koboToNaira(l.priceKobo),
          coupon: l.coupon?.code ?? null,
        })),
      };
    },
  );
}
