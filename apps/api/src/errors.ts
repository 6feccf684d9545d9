import { RESPONSE_CODE } from '@app/contract/common';

/** The one error model: each error has a stable kind, an HTTP status and a message a person can read. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    message: string,
    /** Seconds to send in Retry-After (a pause the caller must wait out). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string): never => {
  throw new AppError(400, 'bad_request', message);
};
export const unauthorized = (
  message = 'Your session has expired or is not valid. Please log in again.',
): never => {
  throw new AppError(401, 'unauthorized', message);
};
export const forbidden = (message = 'Your account is not allowed to do this.'): never => {
  throw new AppError(403, 'forbidden', message);
};
export const notFound = (message: string): never => {
  throw new AppError(404, 'not_found', message);
};
export const conflict = (message: string): never => {
  throw new AppError(409, 'conflict', message);
};
export const tooLarge = (message: string): never => {
  throw new AppError(413, 'too_large', message);
};
/** 429 with Retry-After: the caller must wait `waitMs` before trying again. */
export const tooManyTries = (message: string, waitMs: number): never => {
  throw new AppError(429, 'too_many_tries', message, Math.max(1, Math.ceil(waitMs / 1000)));
};

/** The body of every refused answer. */
export const refusal = (message: string) => ({ responseDto: { code: RESPONSE_CODE.refused, message } });
/** The envelope of every successful answer. */
export const ok = (message = 'Success') => ({ code: RESPONSE_CODE.ok, message });
