import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, EP, EP_PATTERNS } from '@app/contract/endpoints';
import { OPS } from '@app/contract/operations';
import { startTestApp, type TestApp } from './harness.ts';

/** The contract's endpoint table against the routes the server registered (its OpenAPI document). */
describe('the contract and the server agree on the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('registers every path of the contract, and no API path outside it', async () => {
    const doc = (await t.api<{ paths: Record<string, unknown> }>('/openapi.json')).body;
    // OpenAPI writes `{id}` where Fastify wrote `:id`.
    const served = new Set(Object.keys(doc.paths).map((p) => p.replace(/\{(\w+)\}/g, ':$1')));
    const declared = new Set<string>([
      ...Object.values(EP).filter(
        (p): p is Exclude<typeof p, (...a: never[]) => string> => typeof p === 'string',
      ),
      ...Object.values(EP_PATTERNS),
    ]);
    const underBase = (p: string) => (p.startsWith(API_BASE) ? p.slice(API_BASE.length) : p);
    const servedPaths = [...served].map(underBase);
    expect([...declared].filter((p) => !servedPaths.includes(p))).toEqual([]);
    // Media files, robots.txt and sitemap.xml are not API calls; every path under API_BASE is.
    const apiPaths = [...served].filter((p) => p.startsWith(API_BASE)).map(underBase);
    expect(apiPaths.length).toBeGreaterThan(40);
    expect(apiPaths.filter((p) => !declared.has(p))).toEqual([]);
  });

  it('serves every declared operation with its method, and documents its refusals', async () => {
    type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const doc = (await t.api<Doc>('/openapi.json')).body;
    for (const [name, op] of Object.entries(OPS)) {
      // OpenAPI writes `{id}` where the contract wrote `:id`.
      const path = API_BASE + op.path.replace(/:(\w+)/g, '{$1}');
      const documented = doc.paths[path]?.[op.method.toLowerCase()];
      expect(documented, name).toBeDefined();
      expect(Object.keys(documented!.responses).sort(), name).toEqual(
        ['200', ...op.refusals.map(String)].sort(),
      );
    }
  });

  it('answers a guest 401 before looking at the body, on every guarded call', async () => {
    for (const path of [EP.deleteCourse, EP.processCourse, EP.cardCharge, EP.reviewAdd, EP.userUpdate]) {
      const res = await t.api(path, { body: { not: 'valid' } });
      expect(res.status, path).toBe(401);
    }
  });
});
