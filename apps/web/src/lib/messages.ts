import { ApiError } from './api.ts';

/** The error texts several screens show (spec §8), written once. */

/** Anything but a refusal the server explained (5xx, network): the generic fallback. */
export const GENERIC_ERROR = 'An error occurred. Please try again.';
/** A refused login. */
export const CREDENTIALS_ERROR = 'An error occurred. Please check your credentials and try again.';

/**
 * Spec §8: a refusal (HTTP 400, and the other 4xx such as 401 wrong credentials or 429 too many tries) shows the
 * server's sentence; anything else (5xx, network) shows the fallback.
 */
export function refusalMessage(err: unknown, fallback = CREDENTIALS_ERROR): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message) return err.message;
  return fallback;
}
