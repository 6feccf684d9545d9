import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, refusal } from '../errors.ts';

// Zod's own wording does not say which field it means; ours does, so only zod's gets the field prefixed.
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized|Expected|Required)/;

/** Turns every thrown error into `{ responseDto: { code, message } }` with an honest status. Never a stack trace. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send(refusal(err.message));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = issue?.instancePath
        .replace(/^\//, '')
        .replace(/\/(\d+)/g, '[$1]')
        .replace(/\//g, '.');
      const message = issue?.message ?? 'Invalid request';
      const text = field && ZOD_DEFAULT.test(message) ? `${field}: ${message}` : message;
      return reply.status(400).send(refusal(text));
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
