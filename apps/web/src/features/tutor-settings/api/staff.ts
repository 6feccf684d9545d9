import { useQuery } from '@tanstack/react-query';
import { callOp } from '../../../lib/api.ts';

export const fetchStaff = (signal?: AbortSignal) => callOp('staffId', undefined, { signal });

/** The logged-in tutor's profile and bank accounts. */
export function useStaff() {
  return useQuery({ queryKey: ['staff'], queryFn: ({ signal }) => fetchStaff(signal) });
}
