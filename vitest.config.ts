import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** Tests that run whole fleets of processes and kill them: one at a time, after the rest, so a
 *  2-core machine doesn't starve the timing-sensitive ones. */
const heavy = [
  'workers/inbound/crash-recovery.int.test.ts',
  'workers/flows/fleet-crash.int.test.ts',
  'bin/replypilot.int.test.ts',
  'tests/fleet/fleet.int.test.ts',
  'workers/jobs/broadcast-crash.int.test.ts',
  'workers/jobs/event-webhooks-crash.int.test.ts',
  'db/backup/backup-restore.int.test.ts',
  'api/cells/cells.int.test.ts',
];

// One embedded PostgreSQL per run (tests/support/global-setup.ts); each test file clones its own
// database from a migrated template. Projects let `vitest --project unit` run the fast ones alone.
export default defineConfig({
  // Same alias as vite.config.ts and tsconfig.json paths: ui/ imports contracts as @contracts/<file>.
  resolve: { alias: { '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)) } },
  test: {
    globalSetup: ['./tests/support/global-setup.ts'],
    // A failed test prints its servers' recent log and its browser pages' recent requests.
    setupFiles: ['./tests/support/print-failure-context.ts'],
    reporters: ['default', './tests/support/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // vitest's default is one worker per core less one: a single file at a time on 2 cores.
          maxWorkers: 2,
          include: ['{contracts,flow-compiler,workflows,activities,integrations,db,api,workers,config,ui,tests/perf}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          // One file at a time (vitest's default on 2 cores): files here assert wall-clock bounds
          // (webhook-isolation's 2 s) that a second file beside them can push over on a busy machine.
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**', ...heavy],
        },
      },
      {
        extends: true,
        test: {
          name: 'heavy',
          sequence: { groupOrder: 2 },
          include: heavy,
          maxWorkers: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          include: ['tests/e2e/**/*.e2e.test.ts'],
          // Two Chromiums at once on a 2-core machine is the sweet spot.
          maxWorkers: 2,
          testTimeout: 60_000,
          // A browser test that fails is run once more: two Chromiums, their servers and PostgreSQL
          // share 2 cores, and a step can miss its 10 s wait. The failure's context (server log,
          // the page's requests) is printed either way, and the closing summary names every test
          // that passed only on its retry, so a flake stays visible.
          retry: 1,
        },
      },
    ],
  },
});
