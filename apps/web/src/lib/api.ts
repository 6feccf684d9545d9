import { API_BASE } from '@app/contract/endpoints';
import { getToken } from './session.ts';

/** A refused or failed call: `status` is the HTTP status (0 when the network failed), `message` the server's. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

type Options = { body?: unknown; method?: string; signal?: AbortSignal; auth?: boolean };

let onUnauthorized: (() => void) | undefined;
/** Called when the server rejects the stored token (401): the app clears the session. */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

/**
 * Calls the API: JSON in and out, the stored token in the `apiKey` header (unless `auth: false`).
 * Resolves with the answer body; rejects with ApiError carrying `responseDto.message`.
 */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = opts.auth === false ? null : getToken();
  if (token) headers.apiKey = token;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Network error. Check your connection and try again.', null);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401 && token) onUnauthorized?.();
    const message =
      (body as { responseDto?: { message?: string } } | null)?.responseDto?.message ?? res.statusText;
    throw new ApiError(res.status, message, body);
  }
  return body as T;
}
