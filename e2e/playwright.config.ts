import { defineConfig, devices } from '@playwright/test';

// Driven by scripts/e2e.mjs, which builds the app and starts the real server on a temporary data directory.
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3210';

// Specs that change what every other spec shares (the one admin account's two-factor sign-in, the cohorts' clock)
// run in their own project, after the others (scripts/e2e.mjs runs the projects one after the other), so no
// parallel spec meets the change meanwhile.
const SOLO = /(two-factor|student\/cohort)\.spec\.ts$/;

export default defineConfig({
  projects: [
    { name: 'main', testIgnore: SOLO },
    { name: 'solo', testMatch: SOLO },
  ],
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // scripts/e2e.mjs gives each run its own folder, so parallel runs never mix traces.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    // The app's service worker would answer navigations from its cache; specs that test it allow it themselves.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
});
