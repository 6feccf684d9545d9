import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

/** The course's referral link (made by the server the first time, the same ever after), asked for when shown. */
export const useReferralLink = (courseId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['referral-link', courseId] as const,
    queryFn: ({ signal }) => callOp('referralLink', { courseId }, { signal }),
    select: (r) => r.link,
    enabled,
    staleTime: Infinity,
  });
