import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { paystackProvider } from './paystack.ts';
import { sandboxProvider } from './sandbox.ts';
import { sandboxWebhookSecret, type PaymentProvider } from './types.ts';

export type {
  InitializeInput,
  InitializeResult,
  PaymentProvider,
  TransactionStatus,
  VerifiedTransaction,
} from './types.ts';
export { PaymentProviderError } from './types.ts';

/** Paystack when PAYSTACK_SECRET_KEY is set, otherwise the sandbox (never both). */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.paystack.secretKey) {
    return paystackProvider({ secretKey: config.paystack.secretKey, baseUrl: config.paystack.baseUrl });
  }
  return sandboxProvider({
    db,
    publicUrl: () => config.publicUrl,
    webhookSecret: sandboxWebhookSecret(config.jwtSecret),
  });
}
