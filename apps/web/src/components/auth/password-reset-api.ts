import type { TOkResponse } from '@app/contract/common';
import type { TOtpRequest, TOtpResponse, TResetPasswordRequest } from '@app/contract/accounts';
import { EP } from '@app/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { Role } from '../../lib/session.ts';
import { AUTH_PATHS } from './auth-roles.ts';

/** Asks for a one-time reset code by email. */
export const requestOtp = (req: TOtpRequest) => api<TOtpResponse>(EP.otpRequest, { body: req, auth: false });

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}

/** Sets a new password with the emailed code, on the role's own reset call. */
export const resetPassword = (role: Role, req: TResetPasswordRequest) =>
  api<TOkResponse>(AUTH_PATHS[role].resetCall, { body: req, auth: false });

export function useResetPassword(role: Role) {
  return useMutation({ mutationFn: (req: TResetPasswordRequest) => resetPassword(role, req) });
}
