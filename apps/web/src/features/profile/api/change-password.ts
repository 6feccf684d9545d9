import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest, TChangePasswordResponse } from '@app/contract/accounts';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

/** Changes the student's password; the answer's fresh token replaces the old one, which stops working. */
export function changePassword(body: TChangePasswordRequest): Promise<TChangePasswordResponse> {
  return api<TChangePasswordResponse>(EP.userChangePassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
