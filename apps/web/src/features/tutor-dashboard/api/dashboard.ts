import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { tutorKeys } from '@/lib/queries/tutor-courses.ts';

export const fetchTutorDashboard = (signal?: AbortSignal) => callOp('staffDashboard', undefined, { signal });

export function useTutorDashboard() {
  return useQuery({ queryKey: tutorKeys.dashboard, queryFn: ({ signal }) => fetchTutorDashboard(signal) });
}
