import { useQuery } from '@tanstack/react-query';
import type { TStaffResponse } from '@app/contract/accounts';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

export const fetchStaff = (signal?: AbortSignal) => api<TStaffResponse>(EP.staffId, { signal });

/** The logged-in tutor's profile and bank accounts. */
export function useStaff() {
  return useQuery({ queryKey: ['staff'], queryFn: ({ signal }) => fetchStaff(signal) });
}
