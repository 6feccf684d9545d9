import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpRequest } from '@app/contract/operations';
import { callOp } from '@/lib/api.ts';
import { payoutKeys } from './payout-account.ts';

export const setPayoutAccount = (body: OpRequest<'payoutAccountSet'>) => callOp('payoutAccountSet', body);

/** Saves the payout account (password and emailed code required); the answer is the saved account. */
export function useSetPayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPayoutAccount,
    onSuccess: (answer) => client.setQueryData(payoutKeys.account, answer),
  });
}
