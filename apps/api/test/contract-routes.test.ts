import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@app/contract/endpoints';
import { OPS } from '@app/contract/operations';
import { startTestApp, type TestApp } from './harness.ts';
import { OP_ROUTES, opPath, PLAIN_ROUTES, type OpName } from '@app/contract/operation-routes';

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
    const declared = new Set<string>(
      [...Object.values(OP_ROUTES), ...Object.values(PLAIN_ROUTES)].map((r) => r.path),
    );
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
    for (const [name, route] of Object.entries(OP_ROUTES)) {
      // OpenAPI writes `{id}` where the contract wrote `:id`.
      const path = API_BASE + route.path.replace(/:(\w+)/g, '{$1}');
      const documented = doc.paths[path]?.[route.method.toLowerCase()];
      expect(documented, name).toBeDefined();
      expect(Object.keys(documented!.responses).sort(), name).toEqual(
        ['200', ...OPS[name as OpName].refusals.map(String)].sort(),
      );
    }
    for (const [name, route] of Object.entries(PLAIN_ROUTES)) {
      const path = API_BASE + route.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], name).toBeDefined();
    }
  });

  it('answers a guest 401 before looking at the body, on every guarded call', async () => {
    for (const path of [
      opPath('deleteCourse'),
      opPath('processCourse'),
      opPath('cardCharge'),
      opPath('reviewAdd'),
      opPath('userUpdate'),
    ]) {
      const res = await t.api(path, { body: { not: 'valid' } });
      expect(res.status, path).toBe(401);
    }
  });
});
