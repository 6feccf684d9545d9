import type { FastifyInstance } from 'fastify';
import { CohortFullError } from '../../commands/cohorts.ts';
import { viewerWithReleases } from '../../commands/releases.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOkResponse } from '@app/contract/common';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { TRANSACTION_SUCCESS_MESSAGE } from '@app/contract/payments';
import { checkoutReturnBase, PendingOrderError, serverBase, startCheckout } from '../../commands/charge.ts';
import { startPlanCheckout } from '../../commands/plan-checkout.ts';
import { confirmPayment, orderPaidByReference, receiveWebhook } from '../../commands/confirm-payment.ts';
import { presentCoursesByIds } from '../../queries/course-answers.ts';
import { courseOwner } from '../../queries/courses.ts';
import { courseBuyers, ownedCourseIds, tutorDashboard } from '../../queries/earnings.ts';
import { courseProgress } from '../../queries/progress.ts';
import { badRequest, forbidden, notFound, ok, refusal } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { legacyMp4Client } from '../../plugins/cross-origin.ts';
import { mayViewEarnings } from '../../policies/payment.ts';
import { presentBuyer } from '../../presenters/payment.ts';
import { koboToNaira } from '@app/contract/money';
import { opRoute } from '../op-route.ts';

/** Checkout (charge, verify and enrol), the Paystack webhook, and earnings. */
export default async function paymentRoutes(app: FastifyInstance) {
  const deps = { db: app.ctx.db, jwtSecret: app.ctx.config.jwtSecret };

  opRoute(
    app,
    'cardCharge',
    {
      tag: 'payments',
      description:
        'Starts a checkout. The server prices `courseIds` itself (kobo), records a pending order and answers the ' +
        "provider's payment page in `initializeTransactionResponse.data.authorization_url`. With `courseIds` the " +
        "answer is 200; with only `amount` (the spec's payload) it is **402 Payment Required** with the same body, " +
        "because the spec's client redirects to the payment page only on an error answer (spec §7). The payment " +
        'page returns to `/checkout?reference=…` on the calling origin when it is one of CORS_ORIGINS, otherwise ' +
        "on PUBLIC_URL, or when it is unset on the address the browser used (the request's own Host). " +
        '`channel` (card, bank_transfer, ussd) limits the page to that channel. A course that a ' +
        "pending transfer or USSD order of the student holds is a **409** naming that order's `pendingReference`. " +
        "`cohortId` buys a seat of that cohort of one of the courses: a full cohort is a **409** 'This cohort is full.' " +
        'naming `waitlistCohortId`. `gift` (recipient, message, send date) makes it a gift: the buyer is never ' +
        'enrolled; the recipient is emailed a code to redeem (`giftRedeem`).',
      auth: requireRole(deps, 'user'),
    },
    async (req, reply) => {
      // The request's own Host header only (never X-Forwarded-Host); its scheme as trustProxy lets Fastify see it.
      const seen = { origin: req.headers.origin, host: req.headers.host, protocol: req.protocol };
      const returnBase = checkoutReturnBase(app.ctx.config, seen);
      let data;
      try {
        if (req.body.gift && req.body.planId !== undefined)
          badRequest('A gift is paid in full: instalment plans are for your own courses.');
        // A course bought on an instalment plan has its own checkout (commands/plan-checkout.ts).
        const start = req.body.planId !== undefined ? startPlanCheckout : startCheckout;
        data = await start(
          app.ctx,
          currentAccount(req),
          req.body,
          returnBase,
          serverBase(app.ctx.config, seen),
        );
      } catch (err) {
        // A full cohort answers its id, so the client can offer its waitlist (docs/cohorts.md).
        if (err instanceof CohortFullError) {
          reply.status(409);
          return { ...refusal(err.message), waitlistCohortId: err.cohortId } as never;
        }
        if (!(err instanceof PendingOrderError)) throw err;
        reply.status(409);
        return { ...refusal(err.message), pendingReference: err.pendingReference } as never;
      }
      if (req.body.courseIds === undefined) reply.status(402);
      return {
        responseDto: ok('Authorization URL created'),
        initializeTransactionResponse: { status: true, message: 'Authorization URL created', data },
      };
    },
  );

  opRoute(
    app,
    'customerTransaction',
    {
      tag: 'payments',
      description:
        'Verifies the reference with the provider (success, NGN, the order total, this student) and enrols the ' +
        `student once. Answers "${TRANSACTION_SUCCESS_MESSAGE}"; replaying a fulfilled reference answers it again.`,
      auth: requireRole(deps, 'user'),
    },
    async (req) => {
      await confirmPayment(app.ctx, currentAccount(req), req.body);
      return { responseDto: ok(TRANSACTION_SUCCESS_MESSAGE) };
    },
  );

  opRoute(
    app,
    'orderPaid',
    {
      tag: 'payments',
      description:
        'Public: whether the order under the reference is paid (and nothing else about it). The reference is ' +
        'unguessable (`DL-…` with 20 random hex digits), so the checkout return page can say "Payment received" ' +
        'to a browser that lost its sign-in. A pending order the provider says is paid is fulfilled first, as ' +
        'its webhook would. An unknown reference is a 404.',
    },
    async (req) => {
      const paid = await orderPaidByReference(app.ctx, req.params.reference);
      if (paid === null) return notFound('Order not found.');
      return { responseDto: ok(), paid };
    },
  );

  await app.register(webhookRoute);

  opRoute(
    app,
    'userAllCourses',
    {
      tag: 'payments',
      auth: requireRole(deps, 'user'),
      description: "The student's owned courses (newest purchase first) with media links, and its profile.",
    },
    async (req) => {
      const student = currentAccount(req);
      const ids = await ownedCourseIds(app.ctx.db, student.id);
      // A cohort member's locked sections come without links (docs/cohorts.md).
      const viewer = await viewerWithReleases(app.ctx.db, student, ids);
      const [owned, progress] = await Promise.all([
        presentCoursesByIds(app.ctx, ids, student, {
          viewer,
          lessonMp4: legacyMp4Client(req, app.ctx.config),
        }),
        courseProgress(app.ctx.db, student.id, ids),
      ]);
      return {
        responseDto: ok(),
        courses: owned.map((c) => ({ ...c, progress: progress.get(c.id) })),
        userDto: {
          fullName: student.fullName,
          email: student.email,
          phoneNumber: student.phoneNumber,
          userName: student.userName,
        },
      };
    },
  );

  opRoute(
    app,
    'boughtCourse',
    {
      tag: 'payments',
      auth: requireRole(deps, 'tutor', 'admin'),
      description:
        "A course's buyers with the tutor's net from each, and the tutor's net from the course (naira, after " +
        'the platform fee and refunds). Only the owning tutor or an admin.',
    },
    async (req) => {
      const course = await courseOwner(app.ctx.db, req.body.id);
      if (!course) return notFound('Course Does Not Exist');
      if (!mayViewEarnings(currentAccount(req), course)) {
        return forbidden('Only the tutor who owns this course or an admin may see its buyers.');
      }
      const page = await courseBuyers(app.ctx.db, course, req.body);
      return {
        responseDto: ok(),
        users: page.rows.map(presentBuyer),
        totalData: page.totalData,
        totalEarnings: koboToNaira(page.earnedKobo),
      };
    },
  );

  opRoute(
    app,
    'staffDashboard',
    {
      tag: 'payments',
      description:
        "The tutor's live courses by status, earnings (the tutor's net in naira after the platform fee and " +
        'refunds) and distinct buyers.',
      auth: requireRole(deps, 'tutor'),
    },
    async (req) => {
      const d = await tutorDashboard(app.ctx.db, currentAccount(req).id);
      return {
        responseDto: ok(),
        statusCounts: d.statusCounts,
        totalEarnings: koboToNaira(d.earnedKobo),
        buyerCount: d.buyerCount,
      };
    },
  );
}

/** Paystack's webhook, in its own scope so that only here JSON bodies stay raw bytes for the signature. */
async function webhookRoute(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    PLAIN_ROUTES.paystackWebhook.path,
    {
      schema: {
        response: { 200: ZOkResponse },
        tags: ['payments'],
        description:
          'Paystack events, signed with `x-paystack-signature` (hex HMAC-SHA512 of the raw body with the secret ' +
          'key). `charge.success` fulfils its order; `refund.processed` completes a refund; duplicates are ' +
          'harmless. A bad signature gets 401.',
      },
    },
    async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const message = await receiveWebhook(app.ctx, raw, req.headers['x-paystack-signature']);
      return { responseDto: ok(message) };
    },
  );
}
