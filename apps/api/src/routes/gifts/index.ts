import type { FastifyInstance } from 'fastify';
import { passOnGift, previewGift, redeemGift } from '../../commands/gifts.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { authRateLimit } from '../accounts/rate-limit.ts';
import { opRoute } from '../op-route.ts';

/** Gifts: what a code holds, redeeming it, passing it on (docs/payments.md, "Gifts"). */
export default async function giftRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const student = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'user');
  const tag = 'gifts';

  opRoute(
    app,
    'giftPreview',
    {
      tag,
      description:
        'What a gift code holds: the courses, who gave them, the message, and whether it can still be redeemed ' +
        '(`ready`, `redeemed`, `unavailable` while or after it is refunded) or passed on. Public: the code is the ' +
        'secret. An unknown (or passed-on) code is a 404.',
      extra: { config: authRateLimit(app) },
    },
    async (req) => ({ responseDto: ok(), gift: await previewGift(ctx.db, req.body.code) }),
  );

  opRoute(
    app,
    'giftRedeem',
    {
      tag,
      auth: student,
      description:
        "Enrols the caller in the gift's courses, once: a second redemption is a 400 'This gift was already " +
        "redeemed.' A caller who owns every course already gets a **409** (they may pass it on instead).",
      extra: { config: authRateLimit(app) },
    },
    async (req) => {
      // A caller owning every course already: GiftOwnedError, a 409.
      const courseIds = await redeemGift(ctx, currentAccount(req), req.body.code);
      return { responseDto: ok('Gift redeemed'), courseIds };
    },
  );

  opRoute(
    app,
    'giftPassOn',
    {
      tag,
      auth: student,
      description:
        'A recipient who owns every course of the gift gives it to another email, once. The old code stops ' +
        'working; the new recipient is emailed a new one.',
    },
    async (req) => {
      await passOnGift(ctx, currentAccount(req), req.body);
      return { responseDto: ok('Gift passed on') };
    },
  );
}
