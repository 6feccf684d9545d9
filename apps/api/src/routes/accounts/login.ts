import type { FastifyInstance } from 'fastify';
import { ROLE_TABLE, ROLES } from '@app/contract/roles';
import { logIn } from '../../commands/login.ts';
import { ok } from '../../errors.ts';
import { signToken } from '../../lib/tokens.ts';
import { opRoute } from '../op-route.ts';
import { authRateLimit } from './rate-limit.ts';

/** POST /login/customer, /login/staff, /login/admin: email (or user name) and password → a one-hour token. */
export default async function loginRoutes(app: FastifyInstance) {
  for (const role of ROLES) {
    const { loginOp, who } = ROLE_TABLE[role];
    opRoute(
      app,
      loginOp,
      {
        tag: 'accounts',
        summary: `Log in as ${who}`,
        description: '`userName` takes the email address (any case) or the user name.',
        extra: { config: authRateLimit(app) },
      },
      async (req) => {
        const account = await logIn(app.ctx.db, app.ctx.signIn, role, req.body.userName, req.body.password);
        const { token } = await signToken(app.ctx.config.jwtSecret, account);
        return {
          responseDto: ok('Login successful'),
          token,
          emailAddress: account.email,
          userName: account.userName,
          fullName: account.fullName,
        };
      },
    );
  }
}
