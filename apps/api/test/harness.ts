import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@app/contract/common';
import { fillPath, OP_ROUTES, type OpName } from '@app/contract/operation-routes';
import type { OpAnswer, OpParams, OpRequest } from '@app/contract/operations';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase, type Database } from '../src/db/client.ts';

export type TestApp = {
  /** http://127.0.0.1:<port> of the running server. */
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  dataDir: string;
  database: Database;
  /**
   * Calls a declared operation by name over real HTTP, its method and path from the contract: the body and path
   * values typed as the operation's request, the answer as its answer (`t.op('loginCustomer', { body })`).
   */
  op<N extends OpName>(name: N, ...[call]: OpCallArgs<N>): Promise<ApiResult<OpAnswer<N>>>;
  /**
   * POST (or GET when body is undefined and method not given) anything under /dl/api/v1 over real HTTP: for
   * what is not a declared operation, and for the requests that are malformed on purpose.
   */
  api<T = ApiBody>(
    path: string,
    opts?: { body?: unknown; token?: string; method?: string },
  ): Promise<ApiResult<T>>;
  close(): Promise<void>;
};
type Envelope = { responseDto: { code: string; message: string; requestId?: string } };
export type ApiBody = Envelope & Record<string, unknown>;
/** An answer over HTTP. Typed as the 2xx answer; a refusal's body is `{ responseDto }`, the part every answer has. */
export type ApiResult<T> = { status: number; body: T; headers: Headers; text: string };
// Checks that part: an operation whose answer had no `responseDto` would be named here and fail the typecheck.
type WithoutEnvelope = { [N in OpName]: OpAnswer<N> extends Envelope ? never : N }[OpName];
export const everyAnswerHasTheEnvelope: [WithoutEnvelope] extends [never] ? true : WithoutEnvelope = true;

/** What a call of an operation sends: the body and path values it declares (required when it has them). */
export type OpCall<N extends OpName> = { token?: string } & (OpRequest<N> extends undefined
  ? { body?: undefined }
  : { body: OpRequest<N> }) &
  (OpParams<N> extends undefined ? { params?: undefined } : { params: OpParams<N> });
export type OpCallArgs<N extends OpName> =
  OpRequest<N> extends undefined
    ? OpParams<N> extends undefined
      ? [call?: OpCall<N>]
      : [call: OpCall<N>]
    : [call: OpCall<N>];

let fileDatabase: Promise<string | undefined> | undefined;

/**
 * This test file's own PostgreSQL database: a copy of the run's migrated template, made on first use (each file
 * runs in its own module scope) and dropped with the run. Undefined on PGlite, where each app has its own database.
 * Files never share rows, jobs or sequences, so a file's worker cannot run another file's jobs.
 */
export function fileDatabaseUrl(): Promise<string | undefined> {
  fileDatabase ??= copyTemplate();
  return fileDatabase;
}

async function copyTemplate(): Promise<string | undefined> {
  const template = inject('databaseUrl');
  const server = inject('databaseServerUrl');
  if (!template || !server) return undefined;
  const url = new URL(template);
  const name = `${url.pathname.slice(1)}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    // Two files copying at the same moment: PostgreSQL refuses the second while the first reads the template.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${url.pathname.slice(1)}`);
        break;
      } catch (err) {
        if (attempt >= 40 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts the real server on a random port with a fresh database: in-memory PGlite, or the run's PostgreSQL
 * database when TEST_DATABASE_URL is set. `env` overrides configuration; `services` swaps in fakes.
 */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    services?: BuildOptions['services'];
    jobs?: BuildOptions['jobs'];
    /** The built web app to serve (default: apps/web/dist when it exists). */
    webDist?: string;
    /** A second instance on the same database as `sameDatabaseAs` (PGlite: the same in-process database). */
    sameDatabaseAs?: TestApp;
    /** A PostgreSQL database of the test's own (migrated here) instead of the run's. */
    databaseUrl?: string;
    /** Where the server's JSON log lines go (info and above); without it the server logs nothing. */
    logStream?: NodeJS.WritableStream;
    /** This DATA_DIR (kept when the app closes) instead of a fresh temporary one. */
    dataDir?: string;
    /** The embedded database on disk in `dataDir`, as `npm start` keeps it, whatever the run's database. */
    embedded?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'devlearn-test-'));
  const databaseUrl = opts.embedded ? undefined : (opts.databaseUrl ?? (await fileDatabaseUrl()));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    AUTH_RATE_LIMIT: '1000',
    // Only the files that ask for a worker (jobs) get one: the others check what is queued, not what it does.
    JOB_WORKER: opts.jobs ? 'true' : 'false',
    ...opts.env,
  });
  const shared = opts.sameDatabaseAs;
  const database =
    shared && !databaseUrl
      ? shared.database
      : await openDatabase({
          url: databaseUrl,
          dataDir: opts.embedded ? dataDir : null,
          poolSize: 5,
          timeoutMs: config.dbTimeoutMs,
        });
  if ((!databaseUrl && !shared) || opts.databaseUrl) await database.migrate();
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    services: opts.services,
    jobs: opts.jobs,
    webDist: opts.webDist,
    logger: opts.logStream ? { level: 'info', stream: opts.logStream } : false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.publicUrl = url;

  const api: TestApp['api'] = async (p, o = {}) => {
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
  };

  const testApp: TestApp = {
    url,
    app,
    ctx: app.ctx,
    config,
    dataDir,
    database,
    api,
    op: (name, ...[call]) => {
      const { body, token, params } = (call ?? {}) as { body?: unknown; token?: string; params?: object };
      const { method, path } = OP_ROUTES[name];
      // Through the object's `api`, so a test's wrapper of it (watchAnswers) sees these calls too.
      return testApp.api(fillPath(path, params as Record<string, string | number>), { body, token, method });
    },
    async close() {
      const closing = app.close();
      // Every test of the file has finished: a keep-alive or streaming connection a test left open (a media body
      // not read to the end) must not keep the server, and the file, waiting.
      app.server.closeAllConnections();
      await closing;
      if (database !== shared?.database) await database.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * A stand-in for a value the file makes in a `beforeAll`: until `set` it throws on use, then every read, write
 * and call goes to that value. Lets a test file declare `const t = useTestApp()` instead of a `let` and its hooks.
 * Each call makes its own stand-in: nothing is shared between files or describe blocks.
 */
export function standIn<T extends object>(
  what: string,
): { value: T; current(): T | undefined; set(v: T): void } {
  let current: T | undefined;
  const target = (): T => {
    if (!current) throw new Error(`${what} is used before its beforeAll has made it`);
    return current;
  };
  const value = new Proxy({} as T, {
    get(_, key) {
      const v = Reflect.get(target(), key) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target()) : v;
    },
    set: (_, key, v) => Reflect.set(target(), key, v),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(target(), key);
      return d && { ...d, configurable: true };
    },
  });
  return { value, current: () => current, set: (v) => (current = v) };
}

export type StartOptions = Parameters<typeof startTestApp>[0];

/**
 * The test app of a file or describe block: started in a `beforeAll` (options read then, so they may use what an
 * earlier hook made), followed by `setup` on it, and closed in an `afterAll`. Returns its stand-in.
 */
export function useTestApp(
  opts: StartOptions | (() => StartOptions) = {},
  setup?: (t: TestApp) => unknown,
): TestApp {
  const app = standIn<TestApp>('the test app');
  beforeAll(async () => {
    app.set(await startTestApp(typeof opts === 'function' ? opts() : opts));
    await setup?.(app.value);
  });
  afterAll(() => app.current()?.close());
  return app.value;
}

/** Asserts nothing secret leaks: no password hash, OTP code hash or argon2 string anywhere in a body. */
export function containsSecrets(text: string): boolean {
  return /\$argon2|passwordHash|password_hash|codeHash|code_hash/.test(text);
}

/**
 * Reads until the answer comes from the answer cache (x-cache: hit), at most 10 more times, and returns that answer.
 * A background write of the file's own (a worker's job, a second instance's invalidation) may turn one read into a
 * miss; a read that never hits still fails.
 */
export async function cachedRead<T extends { headers: Headers }>(read: () => Promise<T>): Promise<T> {
  let res = await read();
  for (let i = 0; i < 10 && res.headers.get('x-cache') !== 'hit'; i++) res = await read();
  expect(res.headers.get('x-cache')).toBe('hit');
  return res;
}

/**
 * A link to `path` on any test server. Links in emails are built on the PUBLIC_URL of the instance whose worker ran
 * the job, and a file with two instances has two addresses (in production the instances share PUBLIC_URL).
 */
export const linkTo = (path: string): RegExp =>
  new RegExp(`http://127\\.0\\.0\\.1:\\d+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
