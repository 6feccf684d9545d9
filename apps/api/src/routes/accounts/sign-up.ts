import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZStaffSignupRequest, ZUserSignupRequest } from '@app/contract/accounts';
import { ZOkResponse } from '@app/contract/common';
import { EP } from '@app/contract/endpoints';
import { signUpStudent, signUpTutor } from '../../commands/sign-up.ts';
import { ok } from '../../errors.ts';
import { authRateLimit } from './rate-limit.ts';

/** POST /user/add and /staff/add: create a student or tutor account (log in afterwards). */
export default async function signUpRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    EP.userAdd,
    {
      schema: {
        summary: 'Sign up as a student',
        body: ZUserSignupRequest,
        response: { 200: ZOkResponse },
        tags: ['accounts'],
      },
      config: authRateLimit(app),
    },
    async (req) => {
      await signUpStudent(app.ctx.db, req.body);
      return { responseDto: ok('Signup successful. You can now log in.') };
    },
  );
  r.post(
    EP.staffAdd,
    {
      schema: {
        summary: 'Sign up as a tutor',
        body: ZStaffSignupRequest,
        response: { 200: ZOkResponse },
        tags: ['accounts'],
      },
      config: authRateLimit(app),
    },
    async (req) => {
      await signUpTutor(app.ctx.db, req.body);
      return { responseDto: ok('Signup successful. You can now log in.') };
    },
  );
}
