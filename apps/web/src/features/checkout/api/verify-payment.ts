import { useMutation } from '@tanstack/react-query';
import type { TOkResponse } from '@app/contract/common';
import { EP } from '@app/contract/endpoints';
import type { TCustomerTransactionRequest } from '@app/contract/payments';
import { api } from '../../../lib/api.ts';

/** Asks the server to verify the payment `reference` with the provider and enrol the student. */
export function verifyPayment(body: TCustomerTransactionRequest): Promise<TOkResponse> {
  return api<TOkResponse>(EP.customerTransaction, { body });
}

export function useVerifyPayment() {
  return useMutation({ mutationKey: ['verify-payment'], mutationFn: verifyPayment });
}
