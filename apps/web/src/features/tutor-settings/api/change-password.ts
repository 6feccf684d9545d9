import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest, TChangePasswordResponse } from '@app/contract/accounts';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

/** Changes the tutor's password; the answer's fresh token replaces the old one, which stops working. */
export const changeStaffPassword = (body: TChangePasswordRequest) =>
  api<TChangePasswordResponse>(EP.staffChangePassword, { body });

export function useChangeStaffPassword() {
  return useMutation({ mutationFn: changeStaffPassword });
}
