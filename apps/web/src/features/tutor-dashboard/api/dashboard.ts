import { useQuery } from '@tanstack/react-query';
import { EP } from '@app/contract/endpoints';
import type { TTutorDashboardResponse } from '@app/contract/payments';
import { api } from '../../../lib/api.ts';

export const fetchTutorDashboard = (signal?: AbortSignal) =>
  api<TTutorDashboardResponse>(EP.staffDashboard, { signal });

export function useTutorDashboard() {
  return useQuery({ queryKey: ['tutor-dashboard'], queryFn: ({ signal }) => fetchTutorDashboard(signal) });
}
