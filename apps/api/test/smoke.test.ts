import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { refusal } from './refusal.ts';

describe('the server frame', () => {
  const t = useTestApp();

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.api('/no/such/call');
    expect(res.status).toBe(404);
    expect(res.body.responseDto).toEqual(refusal('No such API call: GET /dl/api/v1/no/such/call'));
  });

  it('describes the API in openapi.json', async () => {
    const res = await t.api<{ openapi: string }>('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
  });
});
