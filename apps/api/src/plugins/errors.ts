import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@app/contract/health';
import { AppError, refusal } from '../errors.ts';
import { isBadValue, isDbUnavailable, RETRY_AFTER_SECONDS } from '../lib/db-errors.ts';

// Zod's own wording and the contract's shared primitives ("must be a whole number") do not say which field
// they mean; the field's path is put in front of those ("courseId: must be …"). Messages that name their
// field stay as they are.
const NEEDS_FIELD = /^(Invalid|Too (small|big)|Unrecognized|Expected|Required|must )/;

/** Turns every thrown error into `{ responseDto: { code, message } }` with an honest status. Never a stack trace. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.status(err.status).send(refusal(err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = issue?.instancePath
        .replace(/^\//, '')
        .replace(/\/(\d+)/g, '[$1]')
        .replace(/\//g, '.');
      const message = issue?.message ?? 'Invalid request';
      const text = field && NEEDS_FIELD.test(message) ? `${field}: ${message}` : message;
      // A lookup id that cannot exist (contract's lookupId) is an unknown id: 404.
      const status = (issue?.params as { params?: { status?: number } } | undefined)?.params?.status ?? 400;
      return reply.status(status === 404 ? 404 : 400).send(refusal(text));
    }
    if (isDbUnavailable(err)) {
      req.log.warn({ err, reqId: req.id }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send(refusal(SERVICE_UNAVAILABLE_MESSAGE));
    }
    if (isBadValue(err)) {
      req.log.warn({ err, reqId: req.id }, 'database refused a value');
      return reply
        .status(400)
        .send(refusal('A value in the request is not valid. Please check it and try again.'));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      // @fastify/rate-limit throws the body built by errorResponseBuilder (it says how long to wait).
      const built = (err as { responseDto?: { message?: string } }).responseDto?.message;
      return reply
        .status(429)
        .send(refusal(built ?? 'Too many requests. Please wait a minute and try again.'));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).send(refusal('The request body is too large.'));
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send(refusal('Unsupported content type. Send JSON.'));
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return reply.status(400).send(refusal('The request body is empty; send a JSON object.'));
    if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send(refusal('The request body is not valid JSON.'));
    }
    if (status >= 400 && status < 500) return reply.status(status).send(refusal(err.message));
    req.log.error({ err, reqId: req.id }, 'unhandled error');
    return reply
      .status(500)
      .send(refusal(`Something went wrong on our side. Please try again (request ${req.id}).`));
  });
}
