import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZChangePasswordRequest, ZChangePasswordResponse } from '@app/contract/accounts';
import type { TRole } from '@app/contract/common';
import { EP } from '@app/contract/endpoints';
import { changePassword } from '../../commands/change-password.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { authRateLimit } from './rate-limit.ts';

const CHANGES: [path: string, role: TRole, who: string][] = [
  [EP.userChangePassword, 'user', 'a student'],
  [EP.staffChangePassword, 'tutor', 'a tutor'],
  [EP.adminChangePassword, 'admin', 'an admin'],
];

/** POST /user|/staff|/admin/changepassword: old password → new one; answers a fresh token (older ones stop working). */
export default async function changePasswordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.ctx.db, jwtSecret: app.ctx.config.jwtSecret };
  for (const [path, role, who] of CHANGES) {
    r.post(
      path,
      {
        schema: {
          summary: `Change the password of ${who}`,
          description: 'Every earlier token of the account stops working; use the `token` in the answer.',
          body: ZChangePasswordRequest,
          response: { 200: ZChangePasswordResponse },
          tags: ['accounts'],
          security: [{ apiKey: [] }],
        },
        config: authRateLimit(app),
        preValidation: requireRole(deps, role),
      },
      async (req) => {
        const { token } = await changePassword(deps.db, deps.jwtSecret, currentAccount(req), req.body);
        return { responseDto: ok('Password changed successfully'), token };
      },
    );
  }
}
