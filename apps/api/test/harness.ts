import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@app/contract/common';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';

export type TestApp = {
  /** http://127.0.0.1:<port> of the running server. */
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  dataDir: string;
  /** POST (or GET when body is undefined and method not given) a JSON call under /dl/api/v1 over real HTTP. */
  api<T = ApiBody>(
    path: string,
    opts?: { body?: unknown; token?: string; method?: string },
  ): Promise<ApiResult<T>>;
  close(): Promise<void>;
};
export type ApiBody = { responseDto: { code: string; message: string } } & Record<string, unknown>;
export type ApiResult<T> = { status: number; body: T; headers: Headers; text: string };

/**
 * Starts the real server on a random port with a fresh database: in-memory PGlite, or the run's PostgreSQL
 * database when TEST_DATABASE_URL is set. `env` overrides configuration; `services` swaps in fakes.
 */
export async function startTestApp(
  opts: { env?: Record<string, string>; services?: BuildOptions['services'] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'devlearn-test-'));
  const databaseUrl = inject('databaseUrl');
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    AUTH_RATE_LIMIT: '1000',
    ...opts.env,
  });
  const database = await openDatabase({ url: databaseUrl, dataDir: null, poolSize: 5 });
  if (!databaseUrl) await database.migrate();
  const app = await buildApp({ config, db: database.db, services: opts.services, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = url;

  return {
    url,
    app,
    ctx: app.ctx,
    config,
    dataDir,
    async api(p, o = {}) {
      const method = o.method ?? (o.body === undefined ? 'GET' : 'POST');
      const headers: Record<string, string> = {};
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      if (o.token) headers.apiKey = o.token;
      const res = await fetch(`${url}${API_BASE}${p}`, {
        method,
        headers,
        body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, body: body as never, headers: res.headers, text };
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asserts nothing secret leaks: no password hash, OTP code hash or argon2 string anywhere in a body. */
export function containsSecrets(text: string): boolean {
  return /\$argon2|passwordHash|password_hash|codeHash|code_hash/.test(text);
}
