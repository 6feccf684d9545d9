import type { FastifyInstance } from 'fastify';
import { ROLE_TABLE, ROLES } from '@app/contract/roles';
import { answerSignIn, logIn } from '../../commands/login.ts';
import { opRoute } from '../op-route.ts';
import { authRateLimit } from './rate-limit.ts';

/**
 * POST /login/customer, /login/staff, /login/admin: email (or user name) and password → a one-hour token in a new
 * session; for an account with two-factor sign-in on, a challenge that `POST /login/2fa` completes with the code.
 */
export default async function loginRoutes(app: FastifyInstance) {
  for (const role of ROLES) {
    const { loginOp, who } = ROLE_TABLE[role];
    opRoute(
      app,
      loginOp,
      {
        tag: 'accounts',
        summary: `Log in as ${who}`,
        description:
          '`userName` takes the email address (any case) or the user name. With two-factor sign-in on, the answer is `{twoFactorRequired: true, challenge}` instead of the token: send the challenge and the code to `POST /login/2fa`.',
        extra: { config: authRateLimit(app) },
      },
      async (req) => {
        const account = await logIn(app.ctx.db, app.ctx.signIn, role, req.body.userName, req.body.password);
        return answerSignIn(app.ctx, account, req);
      },
    );
  }
}
