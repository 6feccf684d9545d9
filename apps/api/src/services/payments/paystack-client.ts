import { PaymentProviderError } from './types.ts';

const TIMEOUT_MS = 15_000;
const UNREACHABLE = 'The payment provider could not be reached. Please try again in a few minutes.';
const MISCONFIGURED = 'Payments are not available right now. Please try again later.';

type PaystackAnswer<T> = { status?: boolean; message?: string; data?: T };

/** A Paystack call: JSON in and out, Bearer secret key; a refused key or an unreachable server is a 503. */
export type PaystackCall = <T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
) => Promise<{ http: number; answer: PaystackAnswer<T> }>;

export { UNREACHABLE, MISCONFIGURED };
export type { PaystackAnswer };

/** Paystack's REST client for one secret key (https://paystack.com/docs/api). */
export function paystackClient(opts: { secretKey: string; baseUrl: string }): PaystackCall {
  return async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
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
  };
}
