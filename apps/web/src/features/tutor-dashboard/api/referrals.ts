import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

/** The tutor's referral figures: visits of their links, referral sales and the extra earnings. */
export const useReferralStats = () =>
  useQuery({
    queryKey: ['referral-stats'] as const,
    queryFn: ({ signal }) => callOp('referralStats', {}, { signal }),
  });
