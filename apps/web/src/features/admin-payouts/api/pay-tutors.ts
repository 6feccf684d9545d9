import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { payoutKeys } from './owed-tutors.ts';

export const payTutors = (tutorIds: number[]) => callOp('adminPayoutsPay', { tutorIds });

/** Pays the chosen tutors their owed balances by transfer; answers each payout with its status. */
export function usePayTutors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payTutors,
    onSettled: () => client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
