// Builds the web app and the API into private folders and starts the real server on a temporary data directory
// (embedded database, sandbox payments, outbox email, demo content). Used by `npm run test:e2e` and
// `npm run bench:web`; each run builds into its own folders (inside the workspaces, so packages resolve).
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApi, root, waitFor } from './lib/stack.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

export { root };

export const ADMIN = { email: 'admin@e2e.test', password: 'AdminPass123!' };

/** The system Chromium (CHROMIUM_PATH, default /usr/bin/chromium); exits with an install hint when it is missing. */
export function requireChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(
      `Chromium not found at ${chromium}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  return chromium;
}

/**
 * Builds (with `buildEnv` added to the environment of the web's build), starts and waits for the server on `port`;
 * returns its base URL and a stop function.
 */
export async function buildAndServe({ port, label, env: extraEnv = {}, buildEnv = {} }) {
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
    // The API folder by path, not buildApi's remover: a build that failed half-way leaves one too.
    for (const dir of [dataDir, webOut, path.join(root, 'apps/api', apiOut)])
      rmSync(dir, { recursive: true, force: true });
  });

  execSync(`npx vite build --outDir ${webOut} --emptyOutDir --logLevel warn`, {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, ...buildEnv },
  });
  // The same compressed copies `npm run build` makes, so the server sends what it sends in production.
  execSync(`node ${path.join(root, 'scripts/precompress.mjs')} ${webOut}`, { stdio: 'inherit' });
  // The server's render of the public pages, as `npm run build -w @app/web` makes it (into the web build's server/).
  execSync(
    `npx vite build --ssr src/entry-server.tsx --outDir ${path.join(webOut, 'server')} --emptyOutDir --logLevel warn`,
    { cwd: path.join(root, 'apps/web'), stdio: 'inherit', env: { ...process.env, ...buildEnv } },
  );
  const { main } = buildApi(apiOut);

  const env = {
    ...process.env,
    ...SERVER_ENV,
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
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Migrating and seeding the demo takes well under a minute on a quiet machine, several on a loaded one; three
  // minutes by default, SERVER_START_TIMEOUT_MS to wait longer.
  const startMs = Number(process.env.SERVER_START_TIMEOUT_MS) || 180_000;
  await waitFor(`${baseURL}/dl/api/v1/openapi.json`, 'The server', server, startMs);
  return { baseURL, stop };
}
