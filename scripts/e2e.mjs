// `npm run test:e2e`: builds the app, starts the real server on a temporary data directory (embedded database,
// sandbox payments, outbox email, demo content), runs the Playwright specs in Chromium, then stops the server.
// E2E_PORT picks the port (default 3210); extra arguments go to `playwright test`.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = process.env.E2E_PORT ?? '3210';
const baseURL = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

// Each run builds into its own folders (inside the workspaces, so packages resolve), so runs never clash.
const apiOut = `.e2e-build-${process.pid}`;
const webOut = path.join(root, 'apps/web', `.e2e-build-${process.pid}`);
execSync(`npx vite build --outDir ${webOut} --emptyOutDir --logLevel warn`, {
  cwd: path.join(root, 'apps/web'),
  stdio: 'inherit',
});
execSync('node build.mjs', {
  cwd: path.join(root, 'apps/api'),
  stdio: 'inherit',
  env: { ...process.env, API_OUT_DIR: apiOut },
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'devlearn-e2e-'));
const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: baseURL,
  DATABASE_URL: '',
  PAYSTACK_SECRET_KEY: '',
  SMTP_URL: '',
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'AdminPass123!',
  DEMO_DATA: 'true',
  AUTH_RATE_LIMIT: '1000',
  LOG_LEVEL: 'warn',
  WEB_DIST: webOut,
};
const server = spawn(process.execPath, [path.join(root, 'apps/api', apiOut, 'main.js')], {
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', () => {
  stop();
  for (const dir of [dataDir, webOut, path.join(root, 'apps/api', apiOut)])
    rmSync(dir, { recursive: true, force: true });
});

const deadline = Date.now() + 60_000;
for (;;) {
  if (server.exitCode !== null) {
    console.error('The server exited before it was ready.');
    process.exit(1);
  }
  try {
    const res = await fetch(`${baseURL}/dl/api/v1/openapi.json`);
    if (res.ok) break;
  } catch {
    /* not listening yet */
  }
  if (Date.now() > deadline) {
    console.error('The server did not start within 60 s.');
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 250));
}

const child = spawn(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseURL,
      E2E_OUTPUT_DIR: path.join(root, 'test-results', `run-${process.pid}`),
      E2E_ADMIN_EMAIL: env.ADMIN_EMAIL,
      E2E_ADMIN_PASSWORD: env.ADMIN_PASSWORD,
    },
  },
);
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
stop();
process.exit(code);
