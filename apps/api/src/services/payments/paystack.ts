import type { InitializeInput, InitializeResult, PaymentProvider, VerifiedTransaction } from './types.ts';
import { PaymentProviderError } from './types.ts';

const TIMEOUT_MS = 15_000;
const UNREACHABLE = 'The payment provider could not be reached. Please try again in a few minutes.';
const MISCONFIGURED = 'Payments are not available right now. Please try again later.';

type PaystackAnswer<T> = { status?: boolean; message?: string; data?: T };

type PaystackTransaction = {
  status?: string;
  reference?: string;
  amount?: number | string;
  currency?: string;
  paid_at?: string | null;
  customer?: { email?: string } | null;
};

/** Paystack's REST API (https://paystack.com/docs/api/transaction): Bearer secret key, amounts in kobo. */
export function paystackProvider(opts: { secretKey: string; baseUrl: string }): PaymentProvider {
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ http: number; answer: PaystackAnswer<T> }> {
    let res: Response;
    try {
      res = await fetch(`${opts.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${opts.secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new PaymentProviderError(503, UNREACHABLE);
    }
    let answer: PaystackAnswer<T>;
    try {
      answer = (await res.json()) as PaystackAnswer<T>;
    } catch {
      throw new PaymentProviderError(503, UNREACHABLE);
    }
    if (res.status >= 500) throw new PaymentProviderError(503, UNREACHABLE);
    // Our key was refused: an operator problem, not the student's.
    if (res.status === 401 || res.status === 403) throw new PaymentProviderError(503, MISCONFIGURED);
    return { http: res.status, answer: answer ?? {} };
  }

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
      };
    },
  };
}
