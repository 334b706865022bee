import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['server/src/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}', 'client/build/**/*.test.ts'],
          environment: 'node',
          // Component tests render the real screens: 3–4 s each on a quiet 2-core machine, more under load.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          // On a real PostgreSQL each worker has its own database (tests/support/database.ts) and the files share the
          // unit tests' workers; the embedded database is a single directory, so its files run one at a time, after.
          ...(process.env.DATABASE_URL ? {} : { maxWorkers: 1, sequence: { groupOrder: 1 } }),
          env: { TEST_DATABASE_PER_WORKER: '1' },
          globalSetup: ['tests/support/global-setup.ts'],
          // As server/src/main.ts does first: a test importing a module's index.ts loads its GraphQL types' decorators.
          setupFiles: ['reflect-metadata'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
