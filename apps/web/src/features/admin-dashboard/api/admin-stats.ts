import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TDashboardPeriod } from '@app/contract/dashboards';
import { callOp } from '@/lib/api.ts';

/** The marketplace's figures by period (admins). */
export function useAdminStats(period: TDashboardPeriod) {
  return useQuery({
    queryKey: ['admin-stats', period] as const,
    queryFn: ({ signal }) => callOp('dashboardAdmin', { period }, { signal }),
    placeholderData: keepPreviousData,
  });
}
