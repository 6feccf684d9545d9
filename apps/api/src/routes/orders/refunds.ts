import type { FastifyInstance } from 'fastify';
import { auditOrigin } from '../../commands/audit.ts';
import { processRefund, requestRefund } from '../../commands/refunds.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { presentRefund } from '../../presenters/order.ts';
import { refundsPage } from '../../queries/refunds.ts';
import { opRoute } from '../op-route.ts';

/** Refunds: a student asks for one course of a paid order back; admins list and decide. */
export default async function refundRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const tag = 'orders';

  opRoute(
    app,
    'refundRequest',
    {
      tag,
      auth: requireRole(deps, 'user'),
      description:
        "Asks for a refund of one course of the caller's paid order: once per course, within REFUND_DAYS of " +
        'payment, having watched less than REFUND_MAX_WATCHED_PERCENT of it (a 400 says which rule stops it). ' +
        "Another student's order is a 404.",
    },
    async (req) => {
      await requestRefund(ctx, currentAccount(req), req.body);
      return { responseDto: ok('Refund requested') };
    },
  );

  opRoute(
    app,
    'refundList',
    {
      tag,
      auth: requireRole(deps, 'admin'),
      description: 'Refund requests, newest first, optionally of one status (admins).',
    },
    async (req) => {
      const page = await refundsPage(ctx.db, req.body);
      return { responseDto: ok(), refunds: page.rows.map(presentRefund), totalData: page.totalData };
    },
  );

  opRoute(
    app,
    'refundProcess',
    {
      tag,
      auth: requireRole(deps, 'admin'),
      description:
        "Approves or rejects a requested refund (admins). An approval asks the provider to refund that line's " +
        'amount (`POST /refund`); the enrolment is removed when its `refund.processed` arrives. The decision is ' +
        'audited.',
    },
    async (req) => {
      const outcome = await processRefund(ctx, currentAccount(req), req.body, auditOrigin(req));
      return { responseDto: ok(outcome === 'approved' ? 'Refund approved' : 'Refund rejected') };
    },
  );
}
