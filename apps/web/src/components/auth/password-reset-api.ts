import type { TOtpRequest, TResetPasswordRequest } from '@app/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import type { Role } from '@/lib/session.ts';
import { ROLE_TABLE } from '@app/contract/roles';

/** Asks for a one-time reset code by email. */
export const requestOtp = (req: TOtpRequest) => callOp('otpRequest', req, { auth: false });

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}

/** Sets a new password with the emailed code, on the role's own reset call. */
export const resetPassword = (role: Role, req: TResetPasswordRequest) =>
  callOp(ROLE_TABLE[role].resetOp, req, { auth: false });

export function useResetPassword(role: Role) {
  return useMutation({ mutationFn: (req: TResetPasswordRequest) => resetPassword(role, req) });
}
