import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { adminKeys } from '@/lib/queries/admin.ts';

/** The logged-in admin's own account (name and email). */
export function fetchAdminProfile(signal?: AbortSignal) {
  return callOp('adminId', undefined, { signal });
}

export function useAdminProfile() {
  return useQuery({ queryKey: adminKeys.me, queryFn: ({ signal }) => fetchAdminProfile(signal) });
}
