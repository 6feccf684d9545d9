import type { z } from 'zod';

/**
 * The schemas of an API operation, attached to its method and path (`OP_ROUTES`, under the same name): its JSON
 * body (`request`, none for a GET), its path values (`params`), the answer and the refusals (4xx, and 503 when a
 * service it needs is down) it may answer, each as `{ responseDto }` unless `refusalAnswers` names another body.
 * A small typed map rather than a routing library (ts-rest and the like): the server keeps Fastify with its zod
 * type provider and registers each route from its declaration (`opRoute`), the web keeps its `api` client and
 * calls operations by name (`callOp`), and the two maps are all both need to agree.
 */
export type Operation = {
  request?: z.ZodType;
  params?: z.ZodType;
  answer: z.ZodType;
  refusals: readonly Refusal[];
  /** The body of a refusal when it is not the usual `{ responseDto }` (a refusal that carries an answer). */
  refusalAnswers?: Partial<Record<Refusal, z.ZodType>>;
};
export type Refusal = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 503;

// A signed-in call refuses a bad body, a guest and another role; one on a record, an unknown record too.
export const SIGNED_IN = [400, 401, 403] as const;
export const ON_A_RECORD = [400, 401, 403, 404] as const;
