import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZLoginRequest, ZLoginResponse } from '@app/contract/accounts';
import type { TRole } from '@app/contract/common';
import { EP } from '@app/contract/endpoints';
import { logIn } from '../../commands/login.ts';
import { ok } from '../../errors.ts';
import { signToken } from '../../plugins/auth.ts';
import { authRateLimit } from './rate-limit.ts';

const LOGINS: [path: string, role: TRole, who: string][] = [
  [EP.loginCustomer, 'user', 'a student'],
  [EP.loginStaff, 'tutor', 'a tutor'],
  [EP.loginAdmin, 'admin', 'an admin'],
];

/** POST /login/customer, /login/staff, /login/admin: email (or user name) and password → a one-hour token. */
export default async function loginRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, role, who] of LOGINS) {
    r.post(
      path,
      {
        schema: {
          summary: `Log in as ${who}`,
          description: '`userName` takes the email address (any case) or the user name.',
          body: ZLoginRequest,
          response: { 200: ZLoginResponse },
          tags: ['accounts'],
        },
        config: authRateLimit(app),
      },
      async (req) => {
        const account = await logIn(app.ctx.db, role, req.body.userName, req.body.password);
        const { token } = await signToken(app.ctx.config.jwtSecret, account);
        return {
          responseDto: ok('Login successful'),
          token,
          emailAddress: account.email,
          userName: account.userName,
        };
      },
    );
  }
}
