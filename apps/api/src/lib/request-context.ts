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

/**
 * The id of the work running now, for log lines written outside `req.log` (commands, services) and for audit
 * entries: a request's id while it is handled, a job's while it runs (`runAsJob`), none otherwise.
 */
export const currentRequest = new AsyncLocalStorage<string>();

/**
 * Runs `fn` outside any request. Whatever `fn` schedules (a timer, a batch run later) keeps no request's id: work
 * shared by several requests, or done later for none of them (the job worker's loop), is never logged or audited
 * under the id of whichever request happened to start it.
 */
export function outsideRequests<T>(fn: () => T): T {
  return currentRequest.exit(fn);
}

/** The request id a job is queued with: that of the request (or job) queuing it, or none. */
export const requestIdForJob = (): string | null => currentRequest.getStore() ?? null;

/**
 * Runs a job under its own request id: the id of the request that queued it (stored with the job), or a new one
 * when none did, so its log lines and audit entries can be told apart from any request's.
 */
export function runAsJob<T>(queuedBy: string | null, fn: () => T): T {
  return currentRequest.run(queuedBy ?? randomUUID(), fn);
}

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
