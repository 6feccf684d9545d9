/** The card payment provider: Paystack, or the built-in sandbox with the same API shape. (Filled in by the payments work.) */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PaymentProvider {}

export function createPaymentProvider(): PaymentProvider {
  return {};
}
