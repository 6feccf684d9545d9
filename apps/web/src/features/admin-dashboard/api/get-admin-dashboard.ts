import { useQuery } from '@tanstack/react-query';
import type { TAdminDashboardResponse } from '@app/contract/courses';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

/** Course counts by status and the newest courses. */
export function fetchAdminDashboard(signal?: AbortSignal) {
  return api<TAdminDashboardResponse>(EP.adminDashboard, { signal });
}

export const adminDashboardKey = ['admin', 'dashboard'] as const;

export function useAdminDashboard() {
  return useQuery({ queryKey: adminDashboardKey, queryFn: ({ signal }) => fetchAdminDashboard(signal) });
}
