import { ApiError } from './api.ts';
import { t } from './i18n/index.ts';
import { translateRefusal } from './i18n/refusals.ts';

/** The error texts several screens show (spec §8), written once. */

/** Anything but a refusal the server explained (5xx, network): the generic fallback, in the active language. */
export const genericError = (): string => t('common.genericError');
/** A refused login. */
export const credentialsError = (): string => t('common.credentialsError');

/**
 * Spec §8: a refusal (HTTP 400, and the other 4xx such as 401 wrong credentials or 429 too many tries) shows the
 * server's sentence, in the active language where the web has its translation (docs/i18n.md, "Refusals"); anything
 * else (5xx, network) shows the fallback.
 */
export function refusalMessage(err: unknown, fallback = credentialsError()): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message)
    return translateRefusal(err.message);
  return fallback;
}
