import { createHmac } from 'node:crypto';
import { AppError } from '../../errors.ts';

/** What we ask the provider to charge (Paystack's initialize payload, amounts in kobo). */
export type InitializeInput = {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  metadata?: Record<string, unknown>;
};

/** Paystack's `data` of an initialize answer. */
export type InitializeResult = { authorization_url: string; access_code: string; reference: string };

/** Paystack's transaction statuses (`data.status` of a verify answer). */
export type TransactionStatus =
  'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'processing' | 'queued' | 'reversed';

/** What the provider says happened to a reference. */
export type VerifiedTransaction = {
  reference: string;
  status: TransactionStatus | string;
  amountKobo: number;
  currency: string;
  paidAt: string | null;
  customerEmail: string | null;
};

/** The card payment provider: Paystack, or the built-in sandbox with the same API shape. */
export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  /** Key of the HMAC-SHA512 that signs webhook bodies (`x-paystack-signature`). */
  readonly webhookSecret: string;
  /** Creates a payment page for the reference; throws a 400/503 AppError when the provider refuses or is down. */
  initialize(input: InitializeInput): Promise<InitializeResult>;
  /** Asks the provider what happened to a reference; null when the provider does not know it. */
  verify(reference: string): Promise<VerifiedTransaction | null>;
}

/** A provider that refused our request (400) or could not be reached (503); never a raw 5xx. */
export class PaymentProviderError extends AppError {
  constructor(status: 400 | 503, message: string) {
    super(status, status === 400 ? 'payment_refused' : 'payment_unavailable', message);
  }
}

/** The sandbox signs its webhooks with a key derived from the JWT secret, so no extra setting is needed. */
export function sandboxWebhookSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('devlearn-sandbox-webhook').digest('hex');
}
