import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An incoming `x-request-id` is kept when it looks like an id (a proxy's or a client's), never arbitrary text. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

/** The request's id: the caller's `x-request-id` when well formed, otherwise a new UUID (Fastify's `genReqId`). */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/** The id of the request whose work is running now, for log lines written outside `req.log` (commands, services). */
export const currentRequest = new AsyncLocalStorage<string>();

/**
 * pino's `mixin`: a log line written while a request is handled carries its `reqId`, also when it comes from the
 * app's logger rather than the request's own (which has it bound already).
 */
export function requestIdMixin(
  _merge: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): Record<string, string> {
  const id = currentRequest.getStore();
  if (!id || logger.bindings().reqId !== undefined) return {};
  return { reqId: id };
}
