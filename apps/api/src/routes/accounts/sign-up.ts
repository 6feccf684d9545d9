import type { FastifyInstance } from 'fastify';
import { signUpStudent, signUpTutor } from '../../commands/sign-up.ts';
import { ok } from '../../errors.ts';
import { opRoute } from '../op-route.ts';
import { authRateLimit } from './rate-limit.ts';

/** POST /user/add and /staff/add: create a student or tutor account (log in afterwards). */
export default async function signUpRoutes(app: FastifyInstance) {
  const extra = { config: authRateLimit(app) };
  opRoute(app, 'userAdd', { tag: 'accounts', summary: 'Sign up as a student', extra }, async (req) => {
    await signUpStudent(app.ctx.db, req.body);
    return { responseDto: ok('Signup successful. You can now log in.') };
  });
  opRoute(app, 'staffAdd', { tag: 'accounts', summary: 'Sign up as a tutor', extra }, async (req) => {
    await signUpTutor(app.ctx.db, req.body);
    return { responseDto: ok('Signup successful. You can now log in.') };
  });
}
