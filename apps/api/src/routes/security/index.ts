import type { FastifyInstance } from 'fastify';
import { auditOrigin } from '../../commands/audit.ts';
import { signInWithCode } from '../../commands/login.ts';
import { streamTag } from '../../cache/index.ts';
import { revokeSessions } from '../../commands/sessions.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  setUpTwoFactor,
} from '../../commands/two-factor.ts';
import { ok } from '../../errors.ts';
import {
  callerHasTwoFactor,
  currentAccount,
  currentSessionId,
  mustEnrolTwoFactor,
  requireRole,
} from '../../plugins/auth.ts';
import { toSessionDto } from '../../presenters/sessions.ts';
import { liveSessions } from '../../queries/sessions.ts';
import { recoveryCodesLeft } from '../../queries/two-factor.ts';
import { authRateLimit } from '../accounts/rate-limit.ts';
import { opRoute } from '../op-route.ts';
import dataRights from './data-rights.ts';

/** Sessions (list, revoke), two-factor sign-in (set up, enable, disable, recovery codes, the login's second step) and data rights. */
export default async function securityRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const anyone = requireRole(deps, 'user', 'tutor', 'admin');
  const tag = 'security';
  const limited = { config: authRateLimit(app) };

  opRoute(
    app,
    'sessionList',
    { tag, summary: "The caller's signed-in devices", auth: anyone },
    async (req) => {
      const rows = await liveSessions(ctx.db, currentAccount(req).id);
      const current = currentSessionId(req);
      return { responseDto: ok(), sessions: rows.map((r) => toSessionDto(r, current)) };
    },
  );

  opRoute(
    app,
    'sessionRevoke',
    {
      tag,
      summary: 'Sign out one device, or every device but this one',
      description:
        'With `id`: that session (404 when it is not the caller’s or has ended). Without: every session but the caller’s. A revoked session’s tokens stop working at once on every instance.',
      auth: anyone,
    },
    async (req) => {
      const account = currentAccount(req);
      const n = await revokeSessions(ctx.db, account, currentSessionId(req), req.body?.id, auditOrigin(req));
      // The streams of the ended sessions get no key again, on any instance (every session of the account is named
      // for "every other one": the caller's own streams are then read again from the database).
      await ctx.liveStreams.drop([
        req.body?.id ? streamTag.session(req.body.id) : streamTag.account(account.id),
      ]);
      const message = req.body?.id
        ? 'Signed out of that device.'
        : `Signed out everywhere else (${n} ${n === 1 ? 'device' : 'devices'}).`;
      return { responseDto: ok(message), revoked: n };
    },
  );

  opRoute(
    app,
    'twoFactorStatus',
    { tag, summary: 'Whether two-factor sign-in is on', auth: anyone },
    async (req) => {
      const account = currentAccount(req);
      const enabled = callerHasTwoFactor(req);
      return {
        responseDto: ok(),
        enabled,
        required: mustEnrolTwoFactor(req, account),
        recoveryCodesLeft: enabled ? await recoveryCodesLeft(ctx.db, account.id) : 0,
      };
    },
  );

  opRoute(
    app,
    'twoFactorSetup',
    {
      tag,
      summary: 'Start setting up two-factor sign-in (tutors and admins)',
      description:
        'A new secret, its `otpauth://` URI and a QR code of it (`data:image/png;base64,…`). It is on only after `POST /2fa/enable` with a code.',
      auth: anyone,
    },
    async (req) => ({ responseDto: ok(), ...(await setUpTwoFactor(ctx, currentAccount(req))) }),
  );

  opRoute(
    app,
    'twoFactorEnable',
    {
      tag,
      summary: 'Turn two-factor sign-in on with the first code; answers 10 recovery codes, shown once',
      auth: anyone,
      extra: limited,
    },
    async (req) => {
      const recoveryCodes = await enableTwoFactor(ctx, currentAccount(req), req.body.code, auditOrigin(req));
      return { responseDto: ok('Two-factor sign-in is on.'), recoveryCodes };
    },
  );

  opRoute(
    app,
    'twoFactorDisable',
    { tag, summary: 'Turn two-factor sign-in off (password and a code)', auth: anyone, extra: limited },
    async (req) => {
      await disableTwoFactor(ctx, currentAccount(req), req.body, auditOrigin(req));
      return { responseDto: ok('Two-factor sign-in is off.') };
    },
  );

  opRoute(
    app,
    'twoFactorRecoveryCodes',
    {
      tag,
      summary: 'New recovery codes (password and a code); the old ones stop working',
      auth: anyone,
      extra: limited,
    },
    async (req) => {
      const recoveryCodes = await renewRecoveryCodes(ctx, currentAccount(req), req.body, auditOrigin(req));
      return { responseDto: ok('New recovery codes made. The old ones no longer work.'), recoveryCodes };
    },
  );

  opRoute(
    app,
    'login2fa',
    {
      tag: 'accounts',
      summary: "A sign-in's second step: the challenge and the 6-digit code (or a recovery code)",
      description:
        'Answers as the login calls do for an account without two-factor sign-in. Wrong codes are throttled per account like passwords.',
      extra: limited,
    },
    async (req) => signInWithCode(ctx, req.body, req),
  );

  await app.register(dataRights);
}
