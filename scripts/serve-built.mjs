// Builds the web app and the API into private folders and starts the real server on a temporary data directory
// (embedded database, sandbox payments, outbox email, demo content). Used by `npm run test:e2e` and
// `npm run bench:web`; each run builds into its own folders (inside the workspaces, so packages resolve).
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export const ADMIN = { email: 'admin@e2e.test', password: 'AdminPass123!' };

/** Builds, starts and waits for the server on `port`; returns its base URL and a stop function. */
export async function buildAndServe({ port, label, env: extraEnv = {} }) {
  const baseURL = `http://127.0.0.1:${port}`;
  const apiOut = `.${label}-build-${process.pid}`;
  const webOut = path.join(root, 'apps/web', `.${label}-build-${process.pid}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), `devlearn-${label}-`));
  let server = null;
  const stop = () => {
    if (server && server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', () => {
    stop();
    for (const dir of [dataDir, webOut, path.join(root, 'apps/api', apiOut)])
      rmSync(dir, { recursive: true, force: true });
  });

  execSync(`npx vite build --outDir ${webOut} --emptyOutDir --logLevel warn`, {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  // The same compressed copies `npm run build` makes, so the server sends what it sends in production.
  const precompress = path.join(root, 'scripts/precompress.mjs');
  if (existsSync(precompress)) execSync(`node ${precompress} ${webOut}`, { stdio: 'inherit' });
  execSync('node build.mjs', {
    cwd: path.join(root, 'apps/api'),
    stdio: 'inherit',
    env: { ...process.env, API_OUT_DIR: apiOut },
  });

  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    DATABASE_URL: '',
    PAYSTACK_SECRET_KEY: '',
    SMTP_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: 'true',
    AUTH_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    WEB_DIST: webOut,
    ...extraEnv,
  };
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/api', apiOut, 'main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error('The server exited before it was ready.');
    try {
      const res = await fetch(`${baseURL}/dl/api/v1/openapi.json`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('The server did not start within 60 s.');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseURL, stop };
}
