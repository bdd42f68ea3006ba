import { defineConfig } from 'vitest/config';

// One embedded PostgreSQL per run (tests/support/global-setup.ts); each test file clones its own
// database from a migrated template. Projects let `vitest --project unit` run the fast ones alone.
export default defineConfig({
  test: {
    globalSetup: ['./tests/support/global-setup.ts'],
    reporters: ['default', './tests/support/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['{contracts,flow-compiler,workflows,activities,integrations,db,api,workers,config,ui}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['tests/e2e/**/*.e2e.test.ts'],
          // Two Chromiums at once on a 2-core machine is the sweet spot.
          maxWorkers: 2,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
