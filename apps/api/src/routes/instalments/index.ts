import type { FastifyInstance } from 'fastify';
import { koboToNaira } from '@app/contract/money';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { auditOrigin } from '../../commands/audit.ts';
import { checkoutReturnBase, PendingOrderError, serverBase } from '../../commands/charge.ts';
import { instalmentLinkSubject } from '../../commands/plan-collection.ts';
import { planTotal, scheduleFor, startInstalmentPayment } from '../../commands/plan-checkout.ts';
import { coursePriceNow, removePlan, savePlan } from '../../commands/plan-offers.ts';
import { cancelPlan, planPage, removeSavedCard } from '../../commands/plan-payments.ts';
import { forbidden, notFound, ok, refusal } from '../../errors.ts';
import { validInstalmentLinkSignature } from '../../lib/receipt-link.ts';
import { planClock, planSchedule } from '../../lib/plan-schedule.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { presentCard, presentCoursePlan, presentPlan, presentSchedule } from '../../presenters/plans.ts';
import {
  coursePlanById,
  instalmentsOfPlans,
  latePlans,
  offeredPlans,
  orderReferences,
  studentCards,
  studentPlans,
  type CoursePlanRow,
} from '../../queries/plans.ts';
import { opRoute } from '../op-route.ts';

/** Instalment plans: tutors' offers, a student's plans, payments and saved cards, the admins' late plans. */
export default async function instalmentRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const student = requireRole(deps, 'user');
  const tag = 'instalments';

  /** An offered plan with its schedule at the course's price now. */
  const offer = async (row: CoursePlanRow) => {
    const price = await coursePriceNow(ctx, row.courseId);
    const total = price?.nowKobo ?? 0;
    return presentCoursePlan(row, total, planSchedule(total, row, planClock.now()) ?? []);
  };

  /** A student's plans as answers, with their payments, orders and cards. */
  const presentPlans = async (rows: Awaited<ReturnType<typeof studentPlans>>) => {
    const items = await instalmentsOfPlans(
      ctx.db,
      rows.map((r) => r.plan.id),
    );
    const references = await orderReferences(ctx.db, [
      ...rows.map((r) => r.plan.firstOrderId),
      ...items.flatMap((i) => (i.orderId ? [i.orderId] : [])),
    ]);
    const cards = rows[0] ? await studentCards(ctx.db, rows[0].plan.studentId) : [];
    const now = planClock.now();
    return rows.map((r) =>
      presentPlan(
        {
          plan: r.plan,
          title: r.title,
          items: items.filter((i) => i.planId === r.plan.id),
          references,
          card: cards.find((c) => c.id === r.plan.cardId),
        },
        now,
      ),
    );
  };

  opRoute(app, 'planSave', { tag, auth: requireRole(deps, 'tutor') }, async (req) => {
    const plan = await savePlan(ctx, currentAccount(req), req.body);
    return { responseDto: ok('Instalment plan saved'), plan: await offer(plan) };
  });

  opRoute(app, 'planRemove', { tag, auth: requireRole(deps, 'tutor') }, async (req) => {
    await removePlan(ctx, currentAccount(req), req.body.id);
    return { responseDto: ok('Instalment plan removed') };
  });

  opRoute(
    app,
    'planList',
    { tag, description: "Public: the plans a course offers, each with its schedule at today's price." },
    async (req) => {
      if (!(await coursePriceNow(ctx, req.body.courseId))) return notFound('Course not found.');
      const rows = await offeredPlans(ctx.db, req.body.courseId);
      return { responseDto: ok(), plans: await Promise.all(rows.map(offer)) };
    },
  );

  opRoute(
    app,
    'planQuote',
    {
      tag,
      description:
        'The schedule this student would pay on a plan, with a coupon (the lower of a coupon and a sale) and for a ' +
        "cohort's seat (its own price) when `cohortId` is named.",
      auth: student,
    },
    async (req) => {
      const row = await coursePlanById(ctx.db, req.body.planId);
      if (!row || row.removedAt) return notFound('Instalment plan not found.');
      const { totalKobo } = await planTotal(ctx, currentAccount(req), row.courseId, {
        coupon: req.body.coupon || undefined,
        cohortId: req.body.cohortId,
      });
      const schedule = scheduleFor(row, totalKobo, planClock.now());
      return { responseDto: ok(), total: koboToNaira(totalKobo), schedule: presentSchedule(schedule) };
    },
  );

  opRoute(app, 'planMine', { tag, auth: student }, async (req) => {
    const rows = await studentPlans(ctx.db, currentAccount(req).id);
    return { responseDto: ok(), plans: await presentPlans(rows) };
  });

  opRoute(app, 'planGet', { tag, auth: student }, async (req) => {
    const rows = (await studentPlans(ctx.db, currentAccount(req).id)).filter(
      (r) => r.plan.id === req.body.planId,
    );
    if (rows.length === 0) return notFound('Instalment plan not found.');
    return { responseDto: ok(), plan: (await presentPlans(rows))[0]! };
  });

  opRoute(
    app,
    'planPay',
    {
      tag,
      description:
        'A checkout of one unpaid payment of the plan (`instalmentId`, or the next one), or of all that is left ' +
        '(`rest`, with the full-payment discount), on any channel or the one named. Answers the payment page as ' +
        '`/card/charge` does.',
      auth: student,
    },
    async (req, reply) => {
      const seen = { origin: req.headers.origin, host: req.headers.host, protocol: req.protocol };
      try {
        const data = await startInstalmentPayment(
          ctx,
          currentAccount(req),
          req.body,
          checkoutReturnBase(ctx.config, seen),
          serverBase(ctx.config, seen),
        );
        return {
          responseDto: ok('Authorization URL created'),
          initializeTransactionResponse: { status: true, message: 'Authorization URL created', data },
        };
      } catch (err) {
        if (!(err instanceof PendingOrderError)) throw err;
        reply.status(409);
        return refusal(err.message) as never;
      }
    },
  );

  opRoute(app, 'planCancel', { tag, auth: student }, async (req) => {
    await cancelPlan(ctx, currentAccount(req), req.body.planId);
    return { responseDto: ok('Instalment plan cancelled') };
  });

  opRoute(app, 'savedCardList', { tag, auth: student }, async (req) => {
    const cards = await studentCards(ctx.db, currentAccount(req).id);
    return { responseDto: ok(), cards: cards.map(presentCard) };
  });

  opRoute(app, 'savedCardRemove', { tag, auth: student }, async (req) => {
    await removeSavedCard(ctx, currentAccount(req), req.body.id);
    return { responseDto: ok('Card removed') };
  });

  opRoute(app, 'adminPlans', { tag, auth: requireRole(deps, 'admin') }, async (req) => {
    const page = await latePlans(ctx.db, { ...req.body, now: planClock.now() });
    return {
      responseDto: ok(),
      plans: page.rows.map((r) => ({
        id: r.plan.id,
        status: r.plan.status,
        courseId: r.plan.courseId,
        title: r.title,
        studentName: r.studentName,
        studentEmail: r.studentEmail,
        arrears: koboToNaira(Number(r.arrears)),
        overdueSince: r.overdueSince ? new Date(r.overdueSince).toISOString() : null,
        total: koboToNaira(r.plan.totalKobo),
        paid: koboToNaira(Number(r.paidKobo)),
      })),
      totalData: page.total,
      totalArrears: koboToNaira(page.totalArrearsKobo),
    };
  });

  opRoute(app, 'adminPlanCancel', { tag, auth: requireRole(deps, 'admin') }, async (req) => {
    await cancelPlan(ctx, currentAccount(req), req.body.planId, auditOrigin(req));
    return { responseDto: ok('Instalment plan cancelled') };
  });

  app.route<{ Params: { id: string }; Querystring: { sig?: string } }>({
    method: 'GET',
    url: PLAIN_ROUTES.instalmentPayLink.path,
    schema: {
      tags: [tag],
      description:
        "A reminder's link (`?sig=` signs the instalment): opens a checkout of exactly this payment on any channel " +
        '(303 to the payment page), without a sign-in. A paid one goes to the order page; a wrong signature is a 403.',
    },
    handler: async (req, reply) => {
      const id = Number(req.params.id);
      if (!Number.isInteger(id) || id < 1 || id > 2147483647) return notFound('Payment not found.');
      if (!validInstalmentLinkSignature(ctx.config.jwtSecret, id, req.query.sig))
        return forbidden('This payment link is not valid.');
      const subject = (await instalmentLinkSubject(ctx, id)) ?? notFound('Payment not found.');
      const base = serverBase(ctx.config, { host: req.headers.host, protocol: req.protocol });
      if (subject.instalment.state !== 'scheduled')
        return reply.redirect(`${base}${planPage(subject.firstReference ?? '')}`, 303);
      const data = await startInstalmentPayment(
        ctx,
        subject.student,
        { planId: subject.plan.id, instalmentId: id },
        base,
        base,
      );
      return reply.redirect(data.authorization_url, 303);
    },
  });
}
