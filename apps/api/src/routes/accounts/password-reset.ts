import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOtpRequest, ZOtpResponse, ZResetPasswordRequest } from '@app/contract/accounts';
import { ZOkResponse, type TRole } from '@app/contract/common';
import { EP } from '@app/contract/endpoints';
import { requestResetCode } from '../../commands/request-otp.ts';
import { resetPassword } from '../../commands/reset-password.ts';
import { ok } from '../../errors.ts';
import { authRateLimit } from './rate-limit.ts';

const RESETS: [path: string, role: TRole, who: string][] = [
  [EP.userResetPassword, 'user', 'a student'],
  [EP.staffResetPassword, 'tutor', 'a tutor'],
  [EP.adminResetPassword, 'admin', 'an admin'],
];

/** POST /otp/request emails a reset code; /user|/staff|/admin/resetpassword set a new password with it. */
export default async function passwordResetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    EP.otpRequest,
    {
      schema: {
        summary: 'Email a password reset code',
        description:
          '`otpId` is the email address. The answer is SUCCESS whether or not an account uses it; the 6-digit code is valid 5 minutes.',
        body: ZOtpRequest,
        response: { 200: ZOtpResponse },
        tags: ['accounts'],
      },
      config: authRateLimit(app),
    },
    async (req) => {
      await requestResetCode(app.ctx, req.body.otpId);
      return {
        responseDto: ok('If an account uses this email, a reset code has been sent to it.'),
        status: 'SUCCESS' as const,
      };
    },
  );
  for (const [path, role, who] of RESETS) {
    r.post(
      path,
      {
        schema: {
          summary: `Reset the password of ${who} with the emailed code`,
          body: ZResetPasswordRequest,
          response: { 200: ZOkResponse },
          tags: ['accounts'],
        },
        config: authRateLimit(app),
      },
      async (req) => {
        await resetPassword(app.ctx.db, app.ctx.config.jwtSecret, role, req.body);
        return { responseDto: ok('Password reset successful. You can now log in with your new password.') };
      },
    );
  }
}
