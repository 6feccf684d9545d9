import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

export const fetchTwoFactorStatus = (signal?: AbortSignal) => callOp('twoFactorStatus', {}, { signal });

/** Key of the signed-in tutor's two-factor sign-in status, as the payout form reads it. */
export const twoFactorKeys = { status: ['tutor-settings', 'two-factor'] as const };

/** Whether the tutor has two-factor sign-in on: changing the payout account then takes the app's code too. */
export function useTwoFactorOn() {
  return useQuery({
    queryKey: twoFactorKeys.status,
    queryFn: ({ signal }) => fetchTwoFactorStatus(signal),
    select: (r) => r.enabled,
  });
}
