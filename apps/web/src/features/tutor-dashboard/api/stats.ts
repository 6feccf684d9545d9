import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TDashboardPeriod } from '@app/contract/dashboards';
import { callOp } from '@/lib/api.ts';

/** The tutor's figures by period, for all courses (courseId null) or one. */
export function useTutorStats(period: TDashboardPeriod, courseId: number | null) {
  return useQuery({
    queryKey: ['tutor-stats', period, courseId] as const,
    queryFn: ({ signal }) =>
      callOp('dashboardTutor', { period, ...(courseId ? { courseId } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every sale in the window, for the CSV exports. */
export const fetchTutorSales = (period: TDashboardPeriod, courseId: number | null) =>
  callOp('dashboardTutorSales', { period, ...(courseId ? { courseId } : {}) });
