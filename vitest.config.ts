import { defineConfig } from 'vitest/config';

// One Vitest run, three projects: the contract's units, the web app's component tests (jsdom)
// and the API tests over real HTTP (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
        },
      },
      'apps/web/vite.config.ts',
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: keep the number of PGlite instances alive at once small.
          maxWorkers: 2,
        },
      },
    ],
  },
});
