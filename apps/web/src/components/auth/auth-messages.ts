import { ApiError } from '../../lib/api.ts';

import { CREDENTIALS_ERROR } from '../../lib/messages.ts';

export { CREDENTIALS_ERROR, GENERIC_ERROR } from '../../lib/messages.ts';

/**
 * Spec §8: a refusal (HTTP 400, and the other 4xx such as 401 wrong credentials or 429 too many tries) shows the
 * server's sentence; anything else (5xx, network) shows the fallback.
 */
export function refusalMessage(err: unknown, fallback = CREDENTIALS_ERROR): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message) return err.message;
  return fallback;
}

/** A refusal (4xx other than 401) names its reason, e.g. a wrong old password; anything else gets no detail. */
export function refusalReason(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
    ? error.message
    : null;
}
