import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Integration files that need a module graph of their own (isolate): they set what the server's modules read when they
 * load (bank-day-partition: BANK_DAY_TEST_BATCH and a pause, which would also slow every later file of its worker) or
 * mock one of them (stored-plan: the contingency rate). Every other integration file shares its worker's modules.
 */
const ISOLATED_INTEGRATION = ['tests/integration/bank-day-partition.test.ts', 'tests/integration/stored-plan.test.ts'];

/** The integration files' settings, in both of their projects. */
const integration = {
  // On a real PostgreSQL each worker has its own database (tests/support/database.ts) and the files share the
  // unit tests' workers; the embedded database is a single directory, so its files run one at a time, after.
  ...(process.env.DATABASE_URL ? {} : { maxWorkers: 1, sequence: { groupOrder: 1 } }),
  env: { TEST_DATABASE_PER_WORKER: '1' },
  // Run before any worker starts (each project's, in turn) and after the last file: both only clean up.
  globalSetup: ['tests/support/global-setup.ts'],
  // As server/src/main.ts does first: a test importing a module's index.ts loads its GraphQL types' decorators.
  // one-query-at-a-time: a test fails when a query is handed to a pg connection still running another.
  setupFiles: ['reflect-metadata', 'tests/support/one-query-at-a-time.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  // graphql has no "exports" map: Node loads its CommonJS build, Vite would pick the .mjs one. One instance only.
  resolve: {
    alias: [
      { find: /^graphql$/, replacement: fileURLToPath(import.meta.resolve('graphql')) },
      // The client's one way into server code (client/vite.config.ts).
      { find: /^@shared\//, replacement: fileURLToPath(new URL('./server/src/shared/', import.meta.url)) },
    ],
  },
  test: {
    // Two workers on the 2-core machine (vitest's default here is one). On a real PostgreSQL the integration files use
    // both, each worker on its own database (tests/support/database.ts).
    maxWorkers: 2,
    // `isolate: false` (unit, integration): a worker imports the server's modules once for all its files instead of
    // once per file, which cost each integration file 5-6 s and each rule's test file about 0.3 s (issue 23's CI time).
    // The files of those projects leave no module state behind them: what needs its own modules is in the isolated
    // projects (`npm run test:unit`, `test:integration` run both of theirs: `--project 'unit*'`, `'integration*'`).
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['server/src/**/*.test.ts', 'client/build/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // The client's tests render screens in jsdom and stub timers, storage and modules: each file on its own.
          name: 'unit-client',
          include: ['client/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Component tests render the real screens: 3–4 s each on a quiet 2-core machine, 17-22 s for the overview's
          // longest at load 12-15 (it timed out at 20 s there and passed given longer).
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED_INTEGRATION],
          isolate: false,
          ...integration,
        },
      },
      {
        extends: true,
        test: { name: 'integration-isolated', include: ISOLATED_INTEGRATION, ...integration },
      },
    ],
  },
});
