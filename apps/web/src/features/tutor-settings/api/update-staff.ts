import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TStaffUpdateRequest } from '@app/contract/accounts';
import { callOp } from '@/lib/api.ts';
import { staffKeys } from './staff.ts';

export const updateStaff = (body: TStaffUpdateRequest) => callOp('staffUpdate', body);

export function useUpdateStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.me }),
  });
}
