import { createConnection } from 'node:net';
import { inject } from 'vitest';
import { findPostgresBin } from './db/private-postgres.ts';

/** What a suite may need beyond the embedded PGlite. */
export type Service =
  /** The run's PostgreSQL server (TEST_DATABASE_URL; the global setup has made and reached its database). */
  | 'postgres'
  /** A Redis server (TEST_REDIS_URL), answering PING. */
  | 'redis'
  /** initdb and pg_ctl, to run a PostgreSQL cluster of the test's own. */
  | 'postgres-binaries';

/**
 * Why a suite that needs `service` cannot run here (for `describe.skipIf`), or null when it can. With CI=true a
 * suite may skip only in the PGlite run: a run with TEST_DATABASE_URL must have every service, or the file fails.
 */
export async function needs(service: Service): Promise<string | null> {
  const missing = await whyMissing(service);
  if (!missing) return null;
  // CI's PGlite run has no TEST_DATABASE_URL by choice; its PostgreSQL run sets it, and then nothing may skip.
  if (process.env.CI === 'true' && process.env.TEST_DATABASE_URL)
    throw new Error(`CI's PostgreSQL run needs ${service}, which is missing: ${missing}`);
  console.warn(`skipped a suite that needs ${service}: ${missing}`);
  return missing;
}

async function whyMissing(service: Service): Promise<string | null> {
  if (service === 'postgres')
    return inject('databaseUrl') ? null : 'no TEST_DATABASE_URL: this run is on PGlite';
  if (service === 'postgres-binaries') {
    const found = findPostgresBin();
    return 'missing' in found ? found.missing : null;
  }
  const url = process.env.TEST_REDIS_URL;
  if (!url) return 'no TEST_REDIS_URL';
  return (await pingRedis(url)) ? null : `no Redis answers PING at ${url}`;
}

/** Whether the Redis server at `url` answers PING within 2 s (a raw RESP exchange: no client to set up). */
function pingRedis(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname || '127.0.0.1', port: Number(port) || 6379 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    // A server with a password answers -NOAUTH: it is there, and the suite's own client authenticates.
    socket.on('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}
