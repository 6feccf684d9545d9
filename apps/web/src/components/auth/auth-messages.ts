import { ApiError } from '@/lib/api.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

export { credentialsError, genericError, refusalMessage } from '@/lib/messages.ts';

/**
 * A refusal (4xx other than 401) names its reason, e.g. a wrong old password, in the active language; anything else
 * gets no detail.
 */
export function refusalReason(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
    ? translateRefusal(error.message)
    : null;
}
