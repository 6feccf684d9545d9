// `npm run test:e2e`: builds the app, starts the real server on a temporary data directory (embedded database,
// sandbox payments, email to a local SMTP sink, demo content), runs the Playwright specs in Chromium, then stops the
// server.
// E2E_PORT picks the port (default 3210); extra arguments go to `playwright test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailSink } from './lib/mail-sink.mjs';
import { ADMIN, buildAndServe, requireChromium, root } from './serve-built.mjs';

const port = process.env.E2E_PORT ?? '3210';
requireChromium();

// The server's email goes over SMTP to a local sink, whose file specs read (e2e/tutor/payouts.spec.ts: the code).
const mailDir = mkdtempSync(path.join(tmpdir(), 'devlearn-e2e-mail-'));
process.on('exit', () => rmSync(mailDir, { recursive: true, force: true }));
const mailbox = path.join(mailDir, 'mail.jsonl');
const mailSink = await startMailSink(mailbox);

let server;
try {
  // e2e/public/cross-origin.spec.ts plays the spec's original client on this origin; the app's own
  // pages then get absolute media URLs too, as in a deployment that serves another client.
  // The sandbox confirms a transfer or USSD payment (and a refund) this long after it is sent: short, yet long enough
  // for e2e/student/bank-transfer.spec.ts to see the return page wait.
  server = await buildAndServe({
    port,
    label: 'e2e',
    // The pseudo-locale's catalog (docs/i18n.md), which e2e/public/pseudo-locale.spec.ts shows every screen in: one
    // more lazy chunk, never loaded unless a browser chooses it.
    buildEnv: { VITE_PSEUDO_LOCALE: 'true' },
    // No hold after a payout account is set, so e2e/tutor/payouts.spec.ts can pay it at once.
    env: {
      CORS_ORIGINS: 'http://localhost:5173',
      SANDBOX_CONFIRM_DELAY_MS: '2500',
      PAYOUT_HOLD_HOURS: '0',
      // The sandbox's test calls (docs/payments.md): e2e/student/instalment-plan.spec.ts moves the plans' clock and
      // empties a saved card; e2e/student/cohort.spec.ts moves the cohorts' clock.
      SANDBOX_TEST_HOOKS: 'true',
      SMTP_URL: mailSink.url,
    },
  });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

/** Runs one Playwright project (e2e/playwright.config.ts) with the extra arguments; resolves to its exit code. */
function runProject(project) {
  const child = spawn(
    'npx',
    [
      'playwright',
      'test',
      '-c',
      'e2e/playwright.config.ts',
      `--project=${project}`,
      '--pass-with-no-tests',
      // The solo specs change what the others share (the admin's two-factor sign-in, the cohorts' clock), each other's
      // too: one at a time.
      ...(project === 'solo' ? ['--workers=1'] : []),
      ...process.argv.slice(2),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: server.baseURL,
        E2E_OUTPUT_DIR: path.join(root, 'test-results', `run-${process.pid}-${project}`),
        E2E_ADMIN_EMAIL: ADMIN.email,
        E2E_ADMIN_PASSWORD: ADMIN.password,
        E2E_MAILBOX: mailbox,
      },
    },
  );
  return new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
}
// The specs in parallel, then the ones that change the shared admin account on their own.
const mainCode = await runProject('main');
const soloCode = await runProject('solo');
const code = mainCode || soloCode;
server.stop();
mailSink.stop();
process.exit(code);
