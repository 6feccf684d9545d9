import { z } from 'zod';
import { ROLES } from './roles.ts';

export { API_BASE } from './endpoints.ts';

/** `responseDto.code` on success and on a refused request (DECISIONS §1). */
export const RESPONSE_CODE = { ok: 'dk00', refused: 'dk96' } as const;

export const ZResponseDto = z.object({
  code: z.string(),
  message: z.string(),
  /** On error answers (4xx/5xx): the request's id, as in its `x-request-id` header and its log lines. */
  requestId: z.string().optional(),
});
export type TResponseDto = z.infer<typeof ZResponseDto>;

/** Every JSON answer carries a readable `responseDto`. */
export const ZOkResponse = z.object({ responseDto: ZResponseDto });
export type TOkResponse = z.infer<typeof ZOkResponse>;

/** Builds an answer schema: the envelope plus the call's own fields. */
export function envelope<T extends z.ZodRawShape>(shape: T) {
  return z.object({ responseDto: ZResponseDto, ...shape });
}

export { ROLES };
export type { TRole } from './roles.ts';
export const ZRole = z.enum(ROLES);

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

// ---- shared input primitives -------------------------------------------------------
// Messages that start with "must" get the field's path put in front by the server's error handler
// ("courseIds[0]: must be …"), so one primitive names whichever field it guards.

/** Ids are PostgreSQL `integer` columns. */
export const MAX_ID = 2_147_483_647;
const NUMERIC_STRING = /^\s*-?(\d+\.?\d*|\.\d+)\s*$/;

/**
 * A number, or a string holding one (`"12500"` from a number input, `"9"` taken from a URL): the spec's client
 * sends both. Anything else is refused with "<field> must be a number".
 */
export function numberInput<T extends z.ZodType<unknown, number>>(schema: T, error = 'must be a number') {
  return z
    .union([z.number({ error }), z.string({ error }).regex(NUMERIC_STRING, { error }).transform(Number)], {
      error,
    })
    .pipe(schema);
}

/** An id in a request: a positive whole number within the column's range, or a string of its digits. */
export const ZIdInput = numberInput(
  z
    .number()
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be a positive whole number' })
    .max(MAX_ID, { error: `must be at most ${MAX_ID}` }),
  'must be a whole number',
);

/**
 * An id that names what a lookup fetches (`/course/singlecourse/{id}`): a number out of range cannot exist, so it
 * answers 404 with `notFound`, like any unknown id. The server's error handler reads `params.status`.
 */
export const lookupId = (notFound: string) =>
  numberInput(
    z.number().refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_ID, {
      error: notFound,
      params: { status: 404 },
    }),
    'must be a whole number',
  );

/** Ids in answers are plain numbers. */
export const ZId = z.number().int().positive();

/** Control characters never belong in text; multi-line fields keep tab, newline and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARS_MESSAGE = 'must not contain control characters';

/** True when `v` holds no control character (multi-line text may hold tab, newline, carriage return). */
const withoutControlChars = (multiLine?: boolean) => (v: string) =>
  !(multiLine ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS).test(v);

/** Any text from a client: refuses NUL and other control characters ("<field>: must not contain …"). */
export const ZPlainText = (opts: { multiLine?: boolean } = {}) =>
  z.string().refine(withoutControlChars(opts.multiLine), { error: CONTROL_CHARS_MESSAGE });

/** A required, trimmed text field named `field` in its messages, at most `max` characters. */
export const ZText = (field: string, max = 200, opts: { multiLine?: boolean } = {}) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine(withoutControlChars(opts.multiLine), { error: `${field} ${CONTROL_CHARS_MESSAGE}` });

/** An optional, trimmed text field: missing or blank is '' (never "<field> is required"), at most `max` characters. */
export const ZOptionalText = (field: string, max = 200, opts: { multiLine?: boolean } = {}) =>
  z
    .string()
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine(withoutControlChars(opts.multiLine), { error: `${field} ${CONTROL_CHARS_MESSAGE}` })
    .optional()
    .default('');

/** Zero-based paging used by every list call. */
export const ZPageRequest = z.object({
  pageSize: numberInput(
    z
      .number()
      .int({ error: 'must be a whole number' })
      .min(1, { error: 'must be at least 1' })
      .max(MAX_PAGE_SIZE, { error: `must be at most ${MAX_PAGE_SIZE}` }),
  ).default(DEFAULT_PAGE_SIZE),
  pageNo: numberInput(
    z
      .number()
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must be 0 or more' })
      .max(MAX_ID, { error: `must be at most ${MAX_ID}` }),
  ).default(0),
});
export type TPageRequest = z.infer<typeof ZPageRequest>;

/** Three-part signed token whose middle part holds `exp` in epoch seconds. */
export const ZTokenClaims = z.object({ sub: z.string(), role: ZRole, exp: z.number() });
export type TTokenClaims = z.infer<typeof ZTokenClaims>;
