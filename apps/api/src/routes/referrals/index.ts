import type { FastifyInstance } from 'fastify';
import { checkoutReturnBase } from '../../commands/charge.ts';
import { presentReferralLink, recordReferralVisit, referralLinkOf } from '../../commands/referrals.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, optionalAuth, requireRole } from '../../plugins/auth.ts';
import { assertOwnsCourse } from '../../policies/course.ts';
import { courseRow } from '../../queries/courses.ts';
import { referralStats } from '../../queries/referrals.ts';
import { opRoute } from '../op-route.ts';

/** Tutors' referral links, the visits through them, and their figures (docs/payments.md, "Referral links"). */
export default async function referralRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const tutorOnly = requireRole(deps, 'tutor');
  const terms = () => ({
    referralFeePercent: Math.min(ctx.config.referrals.feePercent, ctx.config.payouts.platformFeePercent),
    platformFeePercent: ctx.config.payouts.platformFeePercent,
    days: ctx.config.referrals.days,
  });

  opRoute(
    app,
    'referralLink',
    {
      tag: 'referrals',
      auth: tutorOnly,
      description:
        "The course's referral link of its tutor (made once, never changed): the code, its address on the calling " +
        'web app (`/course/<id>?ref=<code>`), a QR code of it, and the terms (fees and days).',
    },
    async (req) => {
      const link = await referralLinkOf(ctx.db, currentAccount(req), req.body.courseId);
      // The calling web app's origin when it is one of CORS_ORIGINS, otherwise this server as the browser reached it.
      const webBase = checkoutReturnBase(ctx.config, {
        origin: req.headers.origin,
        host: req.headers.host,
        protocol: req.protocol,
      });
      return { responseDto: ok(), link: await presentReferralLink(link, webBase, ctx.config) };
    },
  );

  opRoute(
    app,
    'referralVisit',
    {
      tag: 'referrals',
      auth: optionalAuth(deps),
      description:
        'Records a visit of the course through a referral link and answers its signed `attribution`, valid ' +
        'REFERRAL_DAYS, which the browser sends back with the checkout (`referrals`). A malformed or unknown code, ' +
        "another course's code and the tutor's own visit answer `attribution: null`, never an error.",
    },
    async (req) => {
      const visit = await recordReferralVisit(
        ctx.db,
        ctx.config,
        req.account ?? null,
        req.body.code,
        req.body.courseId,
      );
      return {
        responseDto: ok(),
        attribution: visit?.attribution ?? null,
        expiresAt: visit?.expiresAt.toISOString() ?? null,
      };
    },
  );

  opRoute(
    app,
    'referralStats',
    {
      tag: 'referrals',
      auth: tutorOnly,
      description:
        "The tutor's referral figures, per course and in total: visits, referral sales (not refunded), what they " +
        'brought and the extra earnings (the usual fee less the referral fee).',
    },
    async (req) => {
      const tutorId = currentAccount(req).id;
      if (req.body.courseId !== undefined) {
        const course = (await courseRow(ctx.db, req.body.courseId)) ?? notFound('Course not found.');
        assertOwnsCourse({ id: tutorId }, course);
      }
      return {
        responseDto: ok(),
        ...(await referralStats(ctx.db, { tutorId, courseId: req.body.courseId })),
        ...terms(),
      };
    },
  );
}
