import { useMutation } from '@tanstack/react-query';
import type { TCustomerTransactionRequest } from '@app/contract/payments';
import { callOp } from '@/lib/api.ts';

/** Asks the server to verify the payment `reference` with the provider and enrol the student. */
export function verifyPayment(body: TCustomerTransactionRequest) {
  return callOp('customerTransaction', body);
}

export function useVerifyPayment() {
  return useMutation({ mutationKey: ['verify-payment'], mutationFn: verifyPayment });
}
