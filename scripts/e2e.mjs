// `npm run test:e2e`: builds the app, starts the real server on a temporary data directory (embedded database,
// sandbox payments, outbox email, demo content), runs the Playwright specs in Chromium, then stops the server.
// E2E_PORT picks the port (default 3210); extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ADMIN, buildAndServe, requireChromium, root } from './serve-built.mjs';

const port = process.env.E2E_PORT ?? '3210';
requireChromium();

let server;
try {
  // e2e/public/cross-origin.spec.ts plays the spec's original client on this origin; the app's own
  // pages then get absolute media URLs too, as in a deployment that serves another client.
  server = await buildAndServe({ port, label: 'e2e', env: { CORS_ORIGINS: 'http://localhost:5173' } });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const child = spawn(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: server.baseURL,
      E2E_OUTPUT_DIR: path.join(root, 'test-results', `run-${process.pid}`),
      E2E_ADMIN_EMAIL: ADMIN.email,
      E2E_ADMIN_PASSWORD: ADMIN.password,
    },
  },
);
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
server.stop();
process.exit(code);
