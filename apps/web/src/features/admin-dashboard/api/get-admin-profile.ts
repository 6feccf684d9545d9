import { useQuery } from '@tanstack/react-query';
import type { TAdminResponse } from '@app/contract/accounts';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

/** The logged-in admin's own account (name and email). */
export function fetchAdminProfile(signal?: AbortSignal) {
  return api<TAdminResponse>(EP.adminId, { signal });
}

export function useAdminProfile() {
  return useQuery({ queryKey: ['admin', 'me'], queryFn: ({ signal }) => fetchAdminProfile(signal) });
}
