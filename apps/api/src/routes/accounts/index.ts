import type { FastifyInstance } from 'fastify';
import changePassword from './change-password.ts';
import login from './login.ts';
import passwordReset from './password-reset.ts';
import profiles from './profiles.ts';
import signUp from './sign-up.ts';

/** Accounts: login, sign-up, password reset and change, and each role's own profile. */
export default async function accountRoutes(app: FastifyInstance) {
  await app.register(login);
  await app.register(signUp);
  await app.register(passwordReset);
  await app.register(changePassword);
  await app.register(profiles);
}
