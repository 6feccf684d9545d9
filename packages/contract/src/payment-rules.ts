// Zod-free: the money's vocabulary, shared by the database schema, the server and the web's first bundle.

/** The channels a student may choose at checkout (Paystack's `channels`). */
export const PAYMENT_CHANNELS = ['card', 'bank_transfer', 'ussd'] as const;
export type TPaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** Where an order is: waiting for the money, paid, refused, left unpaid (or cancelled), refunded in full or in part. */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'failed',
  'abandoned',
  'refunded',
  'partially_refunded',
] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

/** An unpaid order becomes `abandoned` this long after it was made (Paystack's transfer accounts expire then). */
export const ORDER_TTL_MINUTES = 30;

/** A refund request: asked, refused by an admin, approved (sent to the provider), done, or failed at the provider. */
export const REFUND_STATUSES = ['requested', 'rejected', 'approved', 'processed', 'failed'] as const;
export type TRefundStatus = (typeof REFUND_STATUSES)[number];

/** A payout's transfer, as Paystack reports it (`otp` waits for a finalize; `reversed` returns the money). */
export const PAYOUT_STATUSES = ['pending', 'otp', 'success', 'failed', 'reversed'] as const;
export type TPayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** How a tutor's share travels: inside the payment to their subaccount, or owed and transferred later. */
export const LEDGER_ROUTES = ['split', 'owed'] as const;
export type TLedgerRoute = (typeof LEDGER_ROUTES)[number];

/** A bank account number as shown to anyone but its owner confirming it: `******7890`. */
export const maskAccountNumber = (accountNumber: string): string => `******${accountNumber.slice(-4)}`;
