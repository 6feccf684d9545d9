import type { FastifyInstance } from 'fastify';
import { ROLE_TABLE, ROLES } from '@app/contract/roles';
import { streamTag } from '../../cache/index.ts';
import { auditOrigin } from '../../commands/audit.ts';
import { requestResetCode } from '../../commands/request-otp.ts';
import { resetPassword } from '../../commands/reset-password.ts';
import { ok } from '../../errors.ts';
import { opRoute } from '../op-route.ts';
import { authRateLimit } from './rate-limit.ts';

/** POST /otp/request emails a reset code; /user|/staff|/admin/resetpassword set a new password with it. */
export default async function passwordResetRoutes(app: FastifyInstance) {
  const extra = { config: authRateLimit(app) };
  opRoute(
    app,
    'otpRequest',
    {
      tag: 'accounts',
      summary: 'Email a password reset code',
      description:
        '`otpId` is the email address. The answer is SUCCESS whether or not an account uses it; the 6-digit code is valid 5 minutes.',
      extra,
    },
    async (req) => {
      await requestResetCode(app.ctx, req.body.otpId);
      return {
        responseDto: ok('If an account uses this email, a reset code has been sent to it.'),
        status: 'SUCCESS' as const,
      };
    },
  );
  for (const role of ROLES) {
    const { resetOp, who } = ROLE_TABLE[role];
    opRoute(
      app,
      resetOp,
      { tag: 'accounts', summary: `Reset the password of ${who} with the emailed code`, extra },
      async (req) => {
        const accountId = await resetPassword(
          app.ctx.db,
          app.ctx.signIn,
          app.ctx.config.jwtSecret,
          role,
          req.body,
          auditOrigin(req),
        );
        // Every session ended: their streams get no key again, on any instance.
        await app.ctx.liveStreams.drop([streamTag.account(accountId)]);
        return { responseDto: ok('Password reset successful. You can now log in with your new password.') };
      },
    );
  }
}
