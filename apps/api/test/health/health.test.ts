import { describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@app/contract/health';
import { useTestApp } from '../harness.ts';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import { refusal } from '../refusal.ts';

describe('health and readiness', () => {
  const t = useTestApp({ env: { DB_TIMEOUT_MS: '300' } });

  /** Runs `call` while every database query fails with `error`, then puts the database back. */
  const whileDatabaseFails = async (error: string, call: () => Promise<void>) => {
    const execute = t.ctx.db.execute;
    t.ctx.db.execute = (() => Promise.reject(new Error(error))) as never;
    try {
      await call();
    } finally {
      t.ctx.db.execute = execute;
    }
  };

  it('GET /health answers 200 without asking the database', async () => {
    await whileDatabaseFails('database down', async () => {
      const res = await t.api(PLAIN_ROUTES.health.path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ responseDto: { code: 'dk00', message: 'Alive' }, status: 'ok' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  it('GET /ready answers 200 while the database answers', async () => {
    const res = await t.api(PLAIN_ROUTES.ready.path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ responseDto: { code: 'dk00', message: 'Ready' }, status: 'ready' });
  });

  it('GET /ready answers 503 with Retry-After when the database refuses', async () => {
    await whileDatabaseFails('connect ECONNREFUSED', async () => {
      const res = await t.api(PLAIN_ROUTES.ready.path);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toEqual({
        responseDto: refusal(SERVICE_UNAVAILABLE_MESSAGE),
        status: 'unavailable',
      });
    });
  });

  it('GET /ready answers 503 within DB_TIMEOUT_MS when the database hangs', async () => {
    const execute = t.ctx.db.execute;
    t.ctx.db.execute = (() => new Promise(() => {})) as never;
    try {
      const started = Date.now();
      const res = await t.api(PLAIN_ROUTES.ready.path);
      expect(res.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      t.ctx.db.execute = execute;
    }
  });

  it('lists both calls in the OpenAPI document', async () => {
    const res = await t.api<{ paths: Record<string, unknown> }>('/openapi.json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/dl/api/v1/health', '/dl/api/v1/ready']),
    );
  });
});
