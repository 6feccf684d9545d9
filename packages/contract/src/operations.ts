import type { z } from 'zod';
import { ZOkResponse } from './common.ts';
import type { OpName } from './operation-routes.ts';
import { ACCOUNT_OPS } from './operations-accounts.ts';
import { ASSIGNMENT_OPS } from './operations-assignments.ts';
import { CAPTION_OPS } from './operations-captions.ts';
import { COHORT_OPS } from './operations-cohorts.ts';
import { COMMUNITY_OPS } from './operations-community.ts';
import type { Operation } from './operations-common.ts';
import { COURSE_OPS } from './operations-courses.ts';
import { GIFT_OPS } from './operations-gifts.ts';
import { TEAM_OPS } from './operations-teams.ts';
import { MONEY_OPS } from './operations-money.ts';
import { PROTECTION_OPS } from './operations-protection.ts';

/**
 * Every operation's schemas, keyed by the names of `OP_ROUTES`, declared by area (operations-<area>.ts) and put
 * together here: the server registers its routes from it (`opRoute`); the web reads only its types.
 */
export const OPS = {
  ...COURSE_OPS,
  ...ACCOUNT_OPS,
  ...MONEY_OPS,
  ...COMMUNITY_OPS,
  ...COHORT_OPS,
  ...PROTECTION_OPS,
  ...ASSIGNMENT_OPS,
  ...GIFT_OPS,
  ...CAPTION_OPS,
  ...TEAM_OPS,
} as const satisfies Record<OpName, Operation>;

export type Operations = typeof OPS;
type Schema<O, K extends 'request' | 'params', Side extends 'in' | 'out'> =
  O extends Record<K, z.ZodType> ? (Side extends 'in' ? z.input<O[K]> : z.output<O[K]>) : undefined;
/** What the caller sends as the body (before the server's coercions); `undefined` for a call without one. */
export type OpRequest<N extends OpName> = Schema<Operations[N], 'request', 'in'>;
/** The body as the server's handler sees it (after validation and coercions). */
export type OpBody<N extends OpName> = Schema<Operations[N], 'request', 'out'>;
/** The values in the path, as the caller gives them (`{ id: 5 }` for `/course/singlecourse/:id`). */
export type OpParams<N extends OpName> = Schema<Operations[N], 'params', 'in'>;
/** The path values as the server's handler sees them. */
export type OpParamsOut<N extends OpName> = Schema<Operations[N], 'params', 'out'>;
/** What the server answers. */
export type OpAnswer<N extends OpName> = z.output<Operations[N]['answer']>;

/** The Fastify `schema` of an operation: its body, path values, answer and refusals (all in the OpenAPI document). */
export function opSchema<O extends Operation>(op: O) {
  return {
    ...(op.request ? { body: op.request } : {}),
    ...(op.params ? { params: op.params } : {}),
    response: {
      200: op.answer,
      ...Object.fromEntries(
        op.refusals.map((status) => [status, op.refusalAnswers?.[status] ?? ZOkResponse]),
      ),
    },
  };
}
