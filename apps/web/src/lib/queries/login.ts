import type { TLoginRequest } from '@app/contract/accounts';
import { ROLE_TABLE } from '@app/contract/roles';
import { useMutation } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import type { Role } from '@/lib/session.ts';

/** Logs in as `role` (student, tutor or admin each have their own call). */
export const logIn = (role: Role, req: TLoginRequest) =>
  callOp(ROLE_TABLE[role].loginOp, req, { auth: false });

export function useLogin(role: Role) {
  return useMutation({ mutationFn: (req: TLoginRequest) => logIn(role, req) });
}
