import type { TLoginRequest, TLoginResponse } from '@app/contract/accounts';
import { EP } from '@app/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { Role } from '../../../lib/session.ts';

const LOGIN_CALL: Record<Role, string> = {
  user: EP.loginCustomer,
  tutor: EP.loginStaff,
  admin: EP.loginAdmin,
};

/** Logs in as `role` (student, tutor or admin each have their own call). */
export const logIn = (role: Role, req: TLoginRequest) =>
  api<TLoginResponse>(LOGIN_CALL[role], { body: req, auth: false });

export function useLogin(role: Role) {
  return useMutation({ mutationFn: (req: TLoginRequest) => logIn(role, req) });
}
