import { ApiError } from '@/lib/api.ts';

export { credentialsError, genericError, refusalMessage } from '@/lib/messages.ts';

/** A refusal (4xx other than 401) names its reason, e.g. a wrong old password; anything else gets no detail. */
export function refusalReason(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
    ? error.message
    : null;
}
