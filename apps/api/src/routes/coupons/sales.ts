import type { FastifyInstance } from 'fastify';
import { cancelSale, saveSale, setSaleOptOut } from '../../commands/sales.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { allSales } from '../../queries/sales.ts';
import { opRoute } from '../op-route.ts';

/** Site-wide sales (admins) and tutors' opt-outs (docs/payments.md, "Coupons and sales"). */
export default async function saleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const adminOnly = requireRole(deps, 'admin');

  opRoute(app, 'saleSave', { tag: 'coupons', auth: adminOnly }, async (req) => ({
    responseDto: ok('Sale saved'),
    sale: await saveSale(ctx, currentAccount(req), req.body),
  }));

  opRoute(app, 'saleList', { tag: 'coupons', auth: adminOnly }, async () => ({
    responseDto: ok(),
    sales: (await allSales(ctx.db)).map(({ sale, categories }) => ({
      id: sale.id,
      percent: sale.percent,
      startsAt: sale.startsAt.toISOString(),
      endsAt: sale.endsAt.toISOString(),
      categories: sale.categoryIds ? (categories ?? []) : null,
      cancelled: sale.cancelledAt !== null,
    })),
  }));

  opRoute(app, 'saleCancel', { tag: 'coupons', auth: adminOnly }, async (req) => {
    await cancelSale(ctx, req.body.id);
    return { responseDto: ok('Sale cancelled') };
  });

  opRoute(app, 'saleOptOut', { tag: 'coupons', auth: requireRole(deps, 'tutor') }, async (req) => {
    await setSaleOptOut(ctx, currentAccount(req), req.body.courseId, req.body.optOut);
    return { responseDto: ok(req.body.optOut ? 'Course kept out of sales' : 'Course back in sales') };
  });
}
