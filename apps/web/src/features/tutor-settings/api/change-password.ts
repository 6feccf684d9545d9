import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@app/contract/accounts';
import type { TOkResponse } from '@app/contract/common';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export const changeStaffPassword = (body: TChangePasswordRequest) =>
  api<TOkResponse>(EP.staffChangePassword, { body });

export function useChangeStaffPassword() {
  return useMutation({ mutationFn: changeStaffPassword });
}
