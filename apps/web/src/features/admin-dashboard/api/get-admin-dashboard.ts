import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { adminKeys } from '@/lib/queries/admin.ts';

/** Course counts by status and the newest courses. */
export function fetchAdminDashboard(signal?: AbortSignal) {
  return callOp('adminDashboard', undefined, { signal });
}

export const adminDashboardKey = adminKeys.dashboard;

export function useAdminDashboard() {
  return useQuery({ queryKey: adminDashboardKey, queryFn: ({ signal }) => fetchAdminDashboard(signal) });
}
