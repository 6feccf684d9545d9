import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

export const fetchStaff = (signal?: AbortSignal) => callOp('staffId', undefined, { signal });

/** Keys of the logged-in tutor's own account. */
export const staffKeys = { me: ['staff'] as const };

/** The logged-in tutor's profile and bank accounts. */
export function useStaff() {
  return useQuery({ queryKey: staffKeys.me, queryFn: ({ signal }) => fetchStaff(signal) });
}
