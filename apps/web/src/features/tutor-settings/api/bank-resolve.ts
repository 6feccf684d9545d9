import { useMutation } from '@tanstack/react-query';
import type { OpRequest } from '@app/contract/operations';
import { callOp } from '@/lib/api.ts';

export const resolveAccount = (body: OpRequest<'bankResolve'>) => callOp('bankResolve', body);

/** Asks the bank whose account a number is: answers the account holder's name. */
export function useResolveAccount() {
  return useMutation({ mutationFn: resolveAccount });
}
