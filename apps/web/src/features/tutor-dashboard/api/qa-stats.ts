import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { qaKeys } from '@/lib/queries/questions.ts';

/** The dashboard's Q&A figures: unanswered questions and the median minutes to a first answer. */
export function useQaStats() {
  return useQuery({
    queryKey: qaKeys.stats,
    queryFn: ({ signal }) => callOp('qaStats', undefined, { signal }),
  });
}
