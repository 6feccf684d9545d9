import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildCourse } from '../factories-course.ts';
import { containsSecrets, startTestApp, type TestApp } from '../harness.ts';

/**
 * Property-based fuzzing driven by the OpenAPI document: every operation gets malformed bodies, path values and
 * headers, as guest, student, tutor and admin. Fails on any 5xx, any answer slower than 5 s, or any answer that
 * carries a secret. `FUZZ_RUNS` sets the number of requests (default 5,000; `npm run test:fuzz` sends 20,000 and
 * prints the count of answers ≥ 500); `FUZZ_SEED` replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const HANG_MS = 5000;
const CONCURRENCY = 6;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
};
type Operation = { method: string; path: string; body?: JsonSchema; multipart: boolean; params: string[] };
type Role = 'guest' | 'student' | 'tutor' | 'admin' | 'forged';
type FuzzRequest = {
  op: Operation;
  role: Role;
  params: Record<string, string>;
  contentType: string | null;
  body: string | null;
};

const INT4 = 2147483647;
const nasty = fc.oneof(
  fc.constantFrom(
    INT4 + 1,
    -INT4 - 2,
    Number.MAX_SAFE_INTEGER,
    1e308,
    -1,
    0,
    1.5,
    '2147483648',
    '99999999999999999999',
    '-1',
    '1e400',
    'NaN',
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m',
    '\ud800',
    "' OR 1=1 --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'x'.repeat(20_000),
    null,
    true,
    false,
    [],
    {},
    { __proto__: { admin: true } },
    [[[[[[[[[[]]]]]]]]]],
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => n.toString()),
);

/** A plausible value for a schema (so requests get past the first check), with nasty values mixed in. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return nasty;
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), nasty);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => valueFor(s, depth + 1)), nasty);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return fc.oneof({ weight: 4, arbitrary: objectFor(schema, depth) }, { weight: 1, arbitrary: nasty });
    case 'array':
      return fc.oneof(fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 }), nasty);
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 50 }), fc.integer().map(String), nasty);
    case 'string':
      return fc.oneof(fc.string({ maxLength: 30 }), fc.emailAddress(), nasty);
    case 'boolean':
      return fc.oneof(fc.boolean(), nasty);
    default:
      return nasty;
  }
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const shape = Object.fromEntries(props.map(([k, s]) => [k, valueFor(s, depth + 1)]));
  return fc
    .tuple(
      fc.record(shape, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 8 }), nasty, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

function bodyFor(op: Operation): fc.Arbitrary<{ contentType: string | null; body: string | null }> {
  if (op.multipart) {
    const boundary = fc.constantFrom('x', 'abc', '', '----b');
    return fc
      .tuple(
        boundary,
        boundary,
        fc.string({ maxLength: 200, unit: 'binary' }),
        fc.constantFrom('image', 'video', 'zzz', '\u0000'),
      )
      .map(([declared, used, junk, type]) => ({
        contentType: declared ? `multipart/form-data; boundary=${declared}` : 'multipart/form-data',
        body: `--${used}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n--${used}\r\nContent-Disposition: form-data; name="files"; filename="a\u0000.png"\r\n\r\n${junk}`,
      }));
  }
  const json = valueFor(op.body ?? { type: 'object' }).map((v) => ({
    contentType: 'application/json',
    body: JSON.stringify(v) ?? 'null',
  }));
  const broken = fc.oneof(
    fc.string({ maxLength: 60, unit: 'binary' }).map((body) => ({ contentType: 'application/json', body })),
    fc.constantFrom(
      { contentType: 'application/json', body: '{"a":' },
      { contentType: 'text/plain', body: 'hello' },
      { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=%00' },
      { contentType: 'application/json', body: '' },
      { contentType: null, body: null },
    ),
  );
  return fc.oneof({ weight: 5, arbitrary: json }, { weight: 1, arbitrary: broken });
}

const paramValue = fc.oneof(
  fc.integer({ min: 1, max: 20 }).map(String),
  fc.constantFrom(
    '2147483648',
    '-1',
    '0',
    '1.5',
    'abc',
    '%00',
    '%E0%A4%A',
    '..%2F..',
    'x'.repeat(300),
    '%20',
  ),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

describe('fuzzing every operation of the OpenAPI document', () => {
  let t: TestApp;
  let accounts: Record<Exclude<Role, 'guest' | 'forged'>, TestAccount>;
  let operations: Operation[];

  beforeAll(async () => {
    // The per-IP ceiling would turn most auth calls into 429s; the fuzz wants them to reach the handlers.
    t = await startTestApp({ env: { AUTH_RATE_LIMIT: '1000000' } });
    const [student, tutor, admin] = await Promise.all([buildStudent(t), buildTutor(t), buildAdmin(t)]);
    accounts = { student, tutor, admin };
    await buildApprovedCourse(t, tutor);
    await buildCourse(t, tutor, { status: 'Pending' });
    const doc = (
      await t.api<{ paths: Record<string, Record<string, Record<string, unknown>>> }>('/openapi.json')
    ).body;
    operations = [];
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, spec] of Object.entries(methods)) {
        const content = (spec.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
          ?.content;
        operations.push({
          method: method.toUpperCase(),
          path: p,
          body: content?.['application/json']?.schema,
          multipart: Boolean(content?.['multipart/form-data']) || p.endsWith(PLAIN_ROUTES.upload.path),
          params: [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        });
      }
    }
  }, 180_000);
  afterAll(() => t?.close());

  it(
    `sends ${RUNS} malformed requests (seed ${SEED}): no 5xx, no hang, no secret`,
    { timeout: 600_000 },
    async () => {
      expect(operations.length).toBeGreaterThanOrEqual(35);
      const perOp = Math.ceil(RUNS / operations.length);
      const requests: FuzzRequest[] = operations.flatMap((op, i) =>
        fc.sample(
          fc
            .record({
              op: fc.constant(op),
              role: fc.constantFrom<Role>('guest', 'student', 'tutor', 'admin', 'forged'),
              params: fc.record(
                Object.fromEntries(op.params.map((name) => [name, paramValue])),
              ) as fc.Arbitrary<Record<string, string>>,
              payload: bodyFor(op),
            })
            .map(({ payload, ...rest }) => ({ ...rest, ...payload })),
          { numRuns: perOp, seed: SEED + i },
        ),
      );
      const tokens = Object.values(accounts).map((a) => a.token);
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      let slowest = 0;

      async function send(r: FuzzRequest) {
        const path = r.op.path.replace(/\{(\w+)\}/g, (_, name: string) => r.params[name] ?? '1');
        const headers: Record<string, string> = {};
        if (r.contentType) headers['content-type'] = r.contentType;
        const own = r.role === 'guest' || r.role === 'forged' ? undefined : accounts[r.role].token;
        if (own) headers.apiKey = own;
        if (r.role === 'forged')
          headers.apiKey = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwicm9sZSI6ImFkbWluIn0.x';
        const started = Date.now();
        const describe = `${r.op.method} ${path} as ${r.role}: ${String(r.body).slice(0, 200)}`;
        try {
          const res = await fetch(`${t.url}${path}`, {
            method: r.op.method,
            headers,
            body: r.op.method === 'GET' || r.body === null ? undefined : r.body,
            signal: AbortSignal.timeout(HANG_MS),
          });
          const text = await res.text();
          slowest = Math.max(slowest, Date.now() - started);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500) failures.push(`${res.status} ${describe} → ${text.slice(0, 200)}`);
          if (containsSecrets(text) || tokens.some((tk) => tk !== own && text.includes(tk)))
            failures.push(`secret in the answer to ${describe}`);
        } catch (err) {
          failures.push(`no answer within ${HANG_MS} ms (${(err as Error).name}) to ${describe}`);
        }
      }

      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < requests.length) await send(requests[next++]!);
        }),
      );
      const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
      console.log(
        `fuzz: ${requests.length} requests over ${operations.length} operations (seed ${SEED}); ` +
          `answers ≥ 500: ${fiveXx}; slowest ${slowest} ms; by status ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
      );
      expect(requests.length).toBeGreaterThanOrEqual(RUNS);
      expect(failures.slice(0, 20)).toEqual([]);
    },
  );
});
