import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TStaffUpdateRequest } from '@app/contract/accounts';
import type { TOkResponse } from '@app/contract/common';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export const updateStaff = (body: TStaffUpdateRequest) => api<TOkResponse>(EP.staffUpdate, { body });

export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
}
