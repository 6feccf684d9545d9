import { API_BASE } from '@app/contract/endpoints';
import { reportReachable } from './online.ts';
import { t } from './i18n/index.ts';
import { getToken } from './session.ts';
import { fillPath, FIRST_OP_ROUTES, type Route } from '@app/contract/operation-routes-first';
import type { OpName } from '@app/contract/operation-routes';
import type { OpAnswer, OpParams, OpRequest } from '@app/contract/operations';

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

type Fetch = (url: string, init: RequestInit) => Promise<Response>;
let send: Fetch = (url, init) => fetch(url, init);
/**
 * Where calls go: the network in the browser; the server's render (entry-server.tsx) sends them into the API in the
 * same process instead, so a page's data comes through the same operations.
 */
export function setApiFetch(fn: Fetch) {
  send = fn;
}

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
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  let res: Response;
  try {
    res = await send(`${API_BASE}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    reportReachable(false);
    throw new ApiError(0, t('common.networkError'), null);
  }
  reportReachable(true);
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401 && token) onUnauthorized?.();
    const message =
      (body as { responseDto?: { message?: string } } | null)?.responseDto?.message ?? res.statusText;
    throw new ApiError(res.status, message, body);
  }
  return body as T;
}

let routeTable: Promise<Record<OpName, Route>> | undefined;
/** The whole route table, loaded on the first call of an operation the first screens do not make. */
function allRoutes(): Promise<Record<OpName, Route>> {
  routeTable ??= import('@app/contract/operation-routes').then((m) => m.OP_ROUTES);
  return routeTable;
}

type CallOptions = Omit<Options, 'body' | 'method'>;
/** The options of `callOp`: `params` (the values in the path) is required exactly when the path has some. */
type OpCallOptions<N extends OpName> =
  OpParams<N> extends undefined ? [opts?: CallOptions] : [opts: CallOptions & { params: OpParams<N> }];

/**
 * Calls a declared operation by name (packages/contract operations.ts): its path and method from the contract,
 * the body, the path values and the answer typed from its schemas, so a call that does not match the server does
 * not compile.
 */
export async function callOp<N extends OpName>(
  name: N,
  body: OpRequest<N>,
  ...[opts]: OpCallOptions<N>
): Promise<OpAnswer<N>> {
  const route = (FIRST_OP_ROUTES as Record<string, Route>)[name] ?? (await allRoutes())[name];
  const { params, ...rest } = (opts ?? {}) as CallOptions & { params?: Record<string, string | number> };
  return api<OpAnswer<N>>(fillPath(route.path, params), { ...rest, body, method: route.method });
}
