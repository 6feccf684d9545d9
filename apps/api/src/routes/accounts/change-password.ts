import type { FastifyInstance } from 'fastify';
import { ROLE_TABLE, ROLES } from '@app/contract/roles';
import { streamTag } from '../../cache/index.ts';
import { auditOrigin } from '../../commands/audit.ts';
import { changePassword } from '../../commands/change-password.ts';
import { ok } from '../../errors.ts';
import { currentAccount, currentSessionId, requireRole } from '../../plugins/auth.ts';
import { opRoute } from '../op-route.ts';
import { authRateLimit } from './rate-limit.ts';

/**
 * POST /user|/staff|/admin/changepassword: old password → new one. The caller stays signed in (its token keeps
 * working; the answer also carries a fresh one for the same session) and every other session ends.
 */
export default async function changePasswordRoutes(app: FastifyInstance) {
  const deps = { db: app.ctx.db, jwtSecret: app.ctx.config.jwtSecret };
  for (const role of ROLES) {
    const { changeOp, who } = ROLE_TABLE[role];
    opRoute(
      app,
      changeOp,
      {
        tag: 'accounts',
        summary: `Change the password of ${who}`,
        description:
          "Every other session of the account ends; the caller's session stays signed in (its token keeps working, and `token` is a fresh one for it).",
        auth: requireRole(deps, role),
        extra: { config: authRateLimit(app) },
      },
      async (req) => {
        const { token } = await changePassword(
          deps.db,
          deps.jwtSecret,
          currentAccount(req),
          currentSessionId(req),
          req.body,
          {
            ip: req.ip,
            headers: req.headers,
            origin: auditOrigin(req),
          },
        );
        // Every other session ended: their streams get no key again, on any instance.
        await app.ctx.liveStreams.drop([streamTag.account(currentAccount(req).id)]);
        return { responseDto: ok('Password changed successfully'), token };
      },
    );
  }
}
