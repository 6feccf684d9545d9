import type { FastifyInstance } from 'fastify';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { cancelOrder, ORDER_NOT_FOUND } from '../../commands/orders.ts';
import { forbidden, notFound, ok, unauthorized } from '../../errors.ts';
import { validReceiptSignature } from '../../lib/receipt-link.ts';
import { authenticate, currentAccount, requireRole } from '../../plugins/auth.ts';
import { presentOrder, shownStatus, type RefundView } from '../../presenters/order.ts';
import { presentOrderPlan } from '../../presenters/plans.ts';
import { orderPlanFacts } from '../../queries/plans.ts';
import { localeOf } from '../../i18n/index.ts';
import { renderReceipt } from '../../presenters/receipt.ts';
import { accountById } from '../../queries/accounts.ts';
import { orderByReference, orderItems, studentOrder, studentOrdersPage } from '../../queries/orders.ts';
import { courseProgress } from '../../queries/progress.ts';
import { opRoute } from '../op-route.ts';
import { giftsOfOrders } from '../../commands/gifts.ts';
import { teamOrdersAmong } from '../../queries/teams.ts';
import refundRoutes from './refunds.ts';

/** A team's seat order as the buyer's order shows it: the company and the seats of each course (or null). */
const teamFacts = (teamOrder: { companyName: string } | undefined, items: { seats: number }[]) =>
  teamOrder ? { companyName: teamOrder.companyName, seats: Math.max(1, ...items.map((i) => i.seats)) } : null;

/** A student's orders: one (with what may be refunded), the list, cancel, and the PDF receipt; and refunds. */
export default async function orderRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const student = requireRole(deps, 'user');
  const tag = 'orders';

  /** What decides which of these items the student may still ask to refund: the rule and how much they watched. */
  const refundView = async (studentId: number, items: { courseId: number }[]): Promise<RefundView> => {
    const progress = await courseProgress(ctx.db, studentId, [...new Set(items.map((i) => i.courseId))]);
    const watched = new Map([...progress].map(([id, p]) => [id, p.percent]));
    return { rule: ctx.config.refunds, watched };
  };

  opRoute(
    app,
    'orderGet',
    {
      tag,
      auth: student,
      description:
        "One of the caller's orders with its items, each item's refund request and whether it may still be " +
        "refunded, and the refund rule. Another student's reference is a 404, as an unknown one. The checkout " +
        'return page polls it until a transfer or USSD payment arrives.',
    },
    async (req) => {
      const me = currentAccount(req);
      const order = await studentOrder(ctx.db, me.id, req.params.reference);
      if (!order) return notFound(ORDER_NOT_FOUND);
      const items = await orderItems(ctx.db, [order.id]);
      const plans = await orderPlanFacts(ctx.db, [order.id]);
      return {
        responseDto: ok(),
        order: presentOrder(
          order,
          items,
          await refundView(me.id, items),
          presentOrderPlan(plans.get(order.id)),
          (await giftsOfOrders(ctx.db, [order.id])).get(order.id) ?? null,
          teamFacts((await teamOrdersAmong(ctx.db, [order.id])).get(order.id), items),
        ),
        refundPolicy: ctx.config.refunds,
      };
    },
  );

  opRoute(
    app,
    'orderList',
    {
      tag,
      auth: student,
      description:
        "The caller's orders, newest first, with their items, whether each may still be refunded (as `orderGet` " +
        'says it) and until when.',
    },
    async (req) => {
      const me = currentAccount(req);
      const page = await studentOrdersPage(ctx.db, me.id, req.body);
      const items = await orderItems(
        ctx.db,
        page.rows.map((o) => o.id),
      );
      const refunds = await refundView(me.id, items);
      const plans = await orderPlanFacts(
        ctx.db,
        page.rows.map((o) => o.id),
      );
      const gifts = await giftsOfOrders(
        ctx.db,
        page.rows.map((o) => o.id),
      );
      const teamOrders = await teamOrdersAmong(
        ctx.db,
        page.rows.map((o) => o.id),
      );
      return {
        responseDto: ok(),
        orders: page.rows.map((o) =>
          presentOrder(
            o,
            items.filter((i) => i.orderId === o.id),
            refunds,
            presentOrderPlan(plans.get(o.id)),
            gifts.get(o.id) ?? null,
            teamFacts(
              teamOrders.get(o.id),
              items.filter((i) => i.orderId === o.id),
            ),
          ),
        ),
        totalData: page.totalData,
      };
    },
  );

  opRoute(
    app,
    'orderCancel',
    {
      tag,
      auth: student,
      description:
        "Cancels one of the caller's unpaid orders (it becomes `abandoned`), freeing its courses for a new " +
        'checkout. A paid order is a 400. A payment that still arrives for it is honoured.',
    },
    async (req) => {
      await cancelOrder(ctx, currentAccount(req), req.body.reference);
      return { responseDto: ok('Order cancelled') };
    },
  );

  opRoute(
    app,
    'refundPolicy',
    {
      tag,
      description: 'The refund rule: within `days` of payment, having watched less than `maxWatchedPercent`.',
    },
    async () => ({ responseDto: ok(), refundPolicy: ctx.config.refunds }),
  );

  app.route<{ Params: { reference: string }; Querystring: { sig?: string } }>({
    method: 'GET',
    url: PLAIN_ROUTES.orderReceipt.path,
    schema: {
      tags: [tag],
      description:
        "The order's PDF receipt, for its owner (`apiKey`) or through the signed link of the purchase email " +
        "(`?sig=`). A wrong signature is a 403; another account's order is a 404, as an unknown one.",
    },
    handler: async (req, reply) => {
      const order = await orderByReference(ctx.db, req.params.reference);
      if (!order) return notFound(ORDER_NOT_FOUND);
      if (req.query.sig !== undefined) {
        if (!validReceiptSignature(ctx.config.jwtSecret, order.reference, req.query.sig)) {
          return forbidden('This receipt link is not valid.');
        }
      } else {
        const account = await authenticate(req, ctx.db, ctx.config.jwtSecret);
        if (!account) return unauthorized('You need to login to see this receipt.');
        if (account.id !== order.studentId) return notFound(ORDER_NOT_FOUND);
      }
      const [owner, items, plans, teamOrders] = await Promise.all([
        accountById(ctx.db, order.studentId),
        orderItems(ctx.db, [order.id]),
        orderPlanFacts(ctx.db, [order.id]),
        teamOrdersAmong(ctx.db, [order.id]),
      ]);
      // A team's seat order is invoiced to its company (docs/payments.md, "Team seats").
      const teamOrder = teamOrders.get(order.id);
      const plan = plans.get(order.id);
      const pdf = await renderReceipt({
        locale: localeOf(owner?.language),
        reference: order.reference,
        status: shownStatus(order),
        channel: order.paidChannel ?? order.channel,
        amountKobo: order.amountKobo,
        createdAt: order.createdAt,
        paidAt: order.paidAt,
        student: { fullName: owner?.fullName ?? '', email: owner?.email ?? '' },
        items: items.map((i) => ({
          title: i.title,
          priceKobo: i.priceKobo,
          refunded: i.refund?.status === 'processed',
          seats: teamOrder ? i.seats : undefined,
        })),
        invoice: teamOrder ? { companyName: teamOrder.companyName } : undefined,
        schedule: plan?.items.map((i) => ({
          number: i.number,
          dueAt: i.dueAt,
          amountKobo: i.amountKobo,
          paid: i.state === 'paid',
        })),
      });
      return reply
        .type('application/pdf')
        .header(
          'Content-Disposition',
          `inline; filename="${teamOrder ? 'invoice' : 'receipt'}-${order.reference}.pdf"`,
        )
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });

  await app.register(refundRoutes);
}
