import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  // graphql has no "exports" map: Node loads its CommonJS build, Vite would pick the .mjs one. One instance only.
  resolve: { alias: [{ find: /^graphql$/, replacement: fileURLToPath(import.meta.resolve('graphql')) }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['server/src/**/*.test.ts', 'client/src/**/*.test.{ts,tsx}'],
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
          fileParallelism: false,
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
