import type {
  ChargeAuthorizationInput,
  ChargeAuthorizationResult,
  InitializeInput,
  InitializeResult,
  PaymentProvider,
  RefundInput,
  RefundResult,
  VerifiedTransaction,
} from './types.ts';
import { PaymentProviderError, readAuthorization } from './types.ts';
import { paystackClient, UNREACHABLE } from './paystack-client.ts';

type PaystackTransaction = {
  status?: string;
  reference?: string;
  amount?: number | string;
  currency?: string;
  paid_at?: string | null;
  customer?: { email?: string } | null;
  channel?: string | null;
  authorization?: unknown;
  gateway_response?: string | null;
};

/** Paystack's REST API (https://paystack.com/docs/api/transaction): Bearer secret key, amounts in kobo. */
export function paystackProvider(opts: { secretKey: string; baseUrl: string }): PaymentProvider {
  const call = paystackClient(opts);

  return {
    name: 'paystack',
    webhookSecret: opts.secretKey,

    async initialize(input: InitializeInput): Promise<InitializeResult> {
      const { answer } = await call<InitializeResult>('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountKobo,
        reference: input.reference,
        currency: 'NGN',
        callback_url: input.callbackUrl,
        metadata: input.metadata,
        ...(input.channels ? { channels: input.channels } : {}),
        ...(input.split ? { split: input.split } : {}),
      });
      const data = answer.data;
      if (!answer.status || !data?.authorization_url || !data.access_code) {
        throw new PaymentProviderError(
          400,
          `The payment provider refused this payment: ${answer.message ?? 'no reason given'}`,
        );
      }
      return {
        authorization_url: data.authorization_url,
        access_code: data.access_code,
        reference: data.reference ?? input.reference,
      };
    },

    async verify(reference: string): Promise<VerifiedTransaction | null> {
      const { http, answer } = await call<PaystackTransaction>(
        'GET',
        `/transaction/verify/${encodeURIComponent(reference)}`,
      );
      const data = answer.data;
      if (!answer.status || !data) {
        if (http === 404 || http === 400) return null;
        throw new PaymentProviderError(503, UNREACHABLE);
      }
      const amount = Number(data.amount);
      return {
        reference: data.reference ?? reference,
        status: data.status ?? 'unknown',
        amountKobo: Number.isFinite(amount) ? amount : -1,
        currency: (data.currency ?? '').toUpperCase(),
        paidAt: data.paid_at ?? null,
        customerEmail: data.customer?.email ?? null,
        channel: data.channel ?? null,
        authorization: readAuthorization(data.authorization),
      };
    },

    async chargeAuthorization(input: ChargeAuthorizationInput): Promise<ChargeAuthorizationResult> {
      const { answer } = await call<PaystackTransaction>('POST', '/transaction/charge_authorization', {
        email: input.email,
        amount: input.amountKobo,
        authorization_code: input.authorizationCode,
        reference: input.reference,
        currency: 'NGN',
        metadata: input.metadata,
        ...(input.split ? { split: input.split } : {}),
      });
      const data = answer.data;
      if (!answer.status || !data) {
        throw new PaymentProviderError(
          400,
          `The payment provider refused the charge: ${answer.message ?? 'no reason given'}`,
        );
      }
      const amount = Number(data.amount);
      return {
        status: data.status === 'success' ? 'success' : 'failed',
        reference: data.reference ?? input.reference,
        amountKobo: Number.isFinite(amount) ? amount : -1,
        currency: (data.currency ?? '').toUpperCase(),
        gatewayResponse: data.gateway_response ?? answer.message ?? '',
      };
    },

    async deactivateAuthorization(authorizationCode: string): Promise<void> {
      const { answer } = await call('POST', '/customer/deactivate_authorization', {
        authorization_code: authorizationCode,
      });
      if (!answer.status) {
        throw new PaymentProviderError(
          400,
          `The payment provider could not remove the card: ${answer.message ?? 'no reason given'}`,
        );
      }
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const { answer } = await call<{ id?: number | string; status?: string }>('POST', '/refund', {
        transaction: input.reference,
        amount: input.amountKobo,
      });
      if (!answer.status || !answer.data) {
        throw new PaymentProviderError(
          400,
          `The payment provider refused the refund: ${answer.message ?? 'no reason given'}`,
        );
      }
      return { id: String(answer.data.id ?? ''), status: answer.data.status ?? 'pending' };
    },
  };
}
