import type { TChargeRequest } from '@app/contract/payments';
import { ApiError, callOp } from '@/lib/api.ts';
import { genericError } from '@/lib/messages.ts';

type AuthorizationBody = { initializeTransactionResponse?: { data?: { authorization_url?: unknown } } };

/** The hosted payment page named in a charge answer (success or error body), if any. */
export function authorizationUrl(body: unknown): string | null {
  const url = (body as AuthorizationBody | null)?.initializeTransactionResponse?.data?.authorization_url;
  return typeof url === 'string' && url.length > 0 ? url : null;
}

/**
 * Starts a payment for the cart by `channel` (every channel without one; DECISIONS §3): resolves with the payment page URL; a refusal without one
 * rejects with the ApiError (its message is the server's sentence).
 */
export async function chargeCart(req: TChargeRequest): Promise<string> {
  try {
    const res = await callOp('cardCharge', req);
    const url = authorizationUrl(res);
    if (!url) throw new ApiError(200, genericError(), res);
    return url;
  } catch (err) {
    const url = err instanceof ApiError ? authorizationUrl(err.body) : null;
    if (url) return url;
    throw err;
  }
}

/** The waiting order named by a 409 refusal of a checkout (its courses are held by a transfer or USSD), if any. */
export function pendingReference(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const ref = (err.body as { pendingReference?: unknown } | null)?.pendingReference;
  return typeof ref === 'string' && ref.length > 0 ? ref : null;
}

/** The full cohort named by a 409 refusal of a checkout ('This cohort is full.'), whose waitlist to offer, if any. */
export function fullCohort(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const id = (err.body as { waitlistCohortId?: unknown } | null)?.waitlistCohortId;
  return typeof id === 'number' ? id : null;
}
