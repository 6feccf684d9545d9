import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { paystackProvider } from './paystack.ts';
import { paystackPayouts } from './paystack-payouts.ts';
import type { PayoutProvider } from './payout-types.ts';
import { sandboxProvider } from './sandbox.ts';
import { sandboxPayouts } from './sandbox-payouts.ts';
import { sandboxWebhookSecret, type PaymentProvider as ChargeProvider } from './types.ts';

export type { InitializeInput, InitializeResult, TransactionStatus, VerifiedTransaction } from './types.ts';
export type { Bank, DynamicSplit, PayoutProvider, TransferState } from './payout-types.ts';
export { PaymentProviderError } from './types.ts';

/** The payment provider as the app holds it: charges (initialize, verify) and tutors' payouts. */
export type PaymentProvider = ChargeProvider & PayoutProvider;

/** Paystack when PAYSTACK_SECRET_KEY is set, otherwise the sandbox (never both). */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.paystack.secretKey) {
    const keys = { secretKey: config.paystack.secretKey, baseUrl: config.paystack.baseUrl };
    return { ...paystackProvider(keys), ...paystackPayouts(keys) };
  }
  const webhookSecret = sandboxWebhookSecret(config.jwtSecret);
  return {
    ...sandboxProvider({
      db,
      publicUrl: () => config.publicUrl,
      webhookSecret,
      confirmDelayMs: () => config.sandboxConfirmDelayMs,
    }),
    ...sandboxPayouts({ db, confirmDelayMs: () => config.sandboxConfirmDelayMs }),
  };
}
