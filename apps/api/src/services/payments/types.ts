import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors.ts';
import type { DynamicSplit } from './payout-types.ts';

/** What we ask the provider to charge (Paystack's initialize payload, amounts in kobo). */
export type InitializeInput = {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  /** This server as the payer's browser reached it: the sandbox serves its page there (Paystack ignores it). */
  pageBase?: string;
  metadata?: Record<string, unknown>;
  /** Paystack's `channels`: the payment page offers only these (`card`, `bank_transfer`, `ussd`); absent: all. */
  channels?: string[];
  /** Paystack's dynamic split: the tutors' shares sent to their subaccounts in the payment (commands/split.ts). */
  split?: DynamicSplit;
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
  /** The channel the money came through (`card`, `bank_transfer`, `ussd`, ...), when the provider says. */
  channel?: string | null;
  /** A card payment's `authorization` (only a `reusable` one can be charged again). */
  authorization?: CardAuthorization | null;
};

/** Paystack's `data.authorization` of a card payment, as far as we keep it. */
export type CardAuthorization = {
  authorizationCode: string;
  reusable: boolean;
  signature: string | null;
  brand: string;
  last4: string;
  expMonth: string | null;
  expYear: string | null;
  bank: string | null;
  channel: string | null;
};

/** Reads Paystack's `authorization` object (from a verify answer or a `charge.success` event); null when absent. */
export function readAuthorization(raw: unknown): CardAuthorization | null {
  if (!raw || typeof raw !== 'object') return null;
  const a = raw as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : v != null && v !== '' ? String(v) : null);
  const code = str(a.authorization_code);
  if (!code) return null;
  return {
    authorizationCode: code,
    reusable: a.reusable === true || a.reusable === 'true',
    signature: str(a.signature),
    brand: str(a.brand) ?? str(a.card_type) ?? 'card',
    last4: str(a.last4) ?? '',
    expMonth: str(a.exp_month),
    expYear: str(a.exp_year),
    bank: str(a.bank),
    channel: str(a.channel),
  };
}

/** `POST /transaction/charge_authorization`: a saved card charged with the customer away, with its split. */
export type ChargeAuthorizationInput = {
  email: string;
  amountKobo: number;
  authorizationCode: string;
  reference: string;
  metadata?: Record<string, unknown>;
  split?: DynamicSplit;
};
/** Its outcome: `success`, or `failed` with the bank's reason (`gateway_response`, e.g. "Insufficient Funds"). */
export type ChargeAuthorizationResult = {
  status: 'success' | 'failed';
  reference: string;
  amountKobo: number;
  currency: string;
  gatewayResponse: string;
};

/** A refund of (part of) a paid transaction: Paystack's `POST /refund {transaction, amount}`. */
export type RefundInput = { reference: string; amountKobo: number };
/** The provider's id of the refund and its first status (`pending`, `processing`, `processed`, ...). */
export type RefundResult = { id: string; status: string };

/** The card payment provider: Paystack, or the built-in sandbox with the same API shape. */
export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  /** Key of the HMAC-SHA512 that signs webhook bodies (`x-paystack-signature`). */
  readonly webhookSecret: string;
  /** Creates a payment page for the reference; throws a 400/503 AppError when the provider refuses or is down. */
  initialize(input: InitializeInput): Promise<InitializeResult>;
  /** Asks the provider what happened to a reference; null when the provider does not know it. */
  verify(reference: string): Promise<VerifiedTransaction | null>;
  /**
   * Asks for a refund of `amountKobo` of a paid transaction; its outcome arrives later as a `refund.processed` (or
   * `refund.failed`) event. Throws a 400/503 AppError when the provider refuses or is down.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Charges a saved card (`charge_authorization`). A refusal by the bank is a `failed` result; a provider that
   * refuses the request or cannot be reached throws a 400/503 AppError.
   */
  chargeAuthorization(input: ChargeAuthorizationInput): Promise<ChargeAuthorizationResult>;
  /** Forgets a saved card (`deactivate_authorization`); throws a 400/503 AppError when it cannot. */
  deactivateAuthorization(authorizationCode: string): Promise<void>;
}

/** Constant-time check of Paystack's hex HMAC-SHA512 of the raw body (`x-paystack-signature`). */
export function validSignature(raw: Buffer, header: unknown, secret: string): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]+$/i.test(header)) return false;
  const expected = createHmac('sha512', secret).update(raw).digest();
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The `x-paystack-signature` of a body, as Paystack (or the sandbox) signs it. */
export const signWebhook = (body: string, secret: string): string =>
  createHmac('sha512', secret).update(body).digest('hex');

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
