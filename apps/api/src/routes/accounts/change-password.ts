import type { FastifyInstance } from 'fastify';
import { ROLE_TABLE, ROLES } from '@app/contract/roles';
import { changePassword } from '../../commands/change-password.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { opRoute } from '../op-route.ts';
import { authRateLimit } from './rate-limit.ts';

/** POST /user|/staff|/admin/changepassword: old password → new one; answers a fresh token (older ones stop working). */
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
        description: 'Every earlier token of the account stops working; use the `token` in the answer.',
        auth: requireRole(deps, role),
        extra: { config: authRateLimit(app) },
      },
      async (req) => {
        const { token } = await changePassword(deps.db, deps.jwtSecret, currentAccount(req), req.body);
        return { responseDto: ok('Password changed successfully'), token };
      },
    );
  }
}
