import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OP_ROUTES, type OpName } from '@app/contract/operation-routes';
import { OPS, opSchema, type OpAnswer, type OpBody, type OpParamsOut } from '@app/contract/operations';
import { Served } from '../cache/index.ts';

/** Where a route's handler gets its validated body and path values, typed from the operation's schemas. */
export type OpRequestOf<N extends OpName> = FastifyRequest<{ Body: OpBody<N>; Params: OpParamsOut<N> }>;

export type OpRouteOptions = {
  /** The OpenAPI group the operation is listed under. */
  tag: string;
  /** A line for the OpenAPI document (what the operation does). */
  summary?: string;
  /** More for the OpenAPI document (markdown). */
  description?: string;
  /** The auth hook (`requireRole`, `optionalAuth`): preValidation, so 401/403 come before a 400 on the body. */
  auth?: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * Runs `auth` after validation instead (preHandler): for a call whose only input is its path, where a value
   * that cannot exist is a 404 for anyone (`singleCourse`).
   */
  authAfterValidation?: boolean;
  /** Anything else Fastify takes on a route (bodyLimit, config, further hooks). */
  extra?: Record<string, unknown>;
};

/**
 * Registers an operation from its declaration in the contract: method and path (`OP_ROUTES`), body, path values,
 * answer and refusals (`OPS`) all come from there, so the server cannot drift from what the web calls. The handler answers the
 * operation's answer type (a refusal is thrown: `badRequest`, `notFound`…).
 */
export function opRoute<N extends OpName>(
  app: FastifyInstance,
  name: N,
  options: OpRouteOptions,
  handler: (req: OpRequestOf<N>, reply: FastifyReply) => Promise<OpAnswer<N> | Served<OpAnswer<N>>>,
): void {
  const { method, path } = OP_ROUTES[name];
  const { auth } = options;
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url: path,
    schema: {
      ...opSchema(OPS[name]),
      tags: [options.tag],
      ...(options.summary ? { summary: options.summary } : {}),
      ...(options.description ? { description: options.description } : {}),
      ...(auth ? { security: [{ apiKey: [] }] } : {}),
    },
    ...(auth ? { [options.authAfterValidation ? 'preHandler' : 'preValidation']: auth } : {}),
    ...options.extra,
    handler: (async (req: OpRequestOf<N>, reply: FastifyReply) => {
      const answer = await handler(req, reply);
      // The answer cache has sent it already.
      return answer instanceof Served ? undefined : answer;
    }) as never,
  });
}
