import 'reflect-metadata';
import path from 'node:path';
import { startApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { e2eClock, e2eToday } from './clock.js';

/**
 * One spec file's server (started by fixtures.ts, see README.md): the real server on the embedded database in
 * DATA_DIR, one connection, as `npm start` runs it, on the run's clock (E2E_TODAY, see clock.ts) with the built
 * client, on a free port, which it prints: `e2e server at <url>`. With `--seed`, it migrates and seeds DATA_DIR (the
 * run's template, global-setup.ts) and stops.
 */
const seedOnly = process.argv.includes('--seed');
const app = await startApp(
  loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: '', // the embedded database, whatever the run's DATABASE_URL says
    TOKEN_SECRET: 'e2e-token-secret',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    CLIENT_DIR: path.resolve('dist/client'),
    HOST: '127.0.0.1',
    PORT: '0',
    ...(seedOnly ? { JOB_POLLING_SECONDS: '0' } : {}),
  }),
  { clock: e2eClock() },
);
if (seedOnly) {
  await app.stop();
  process.exit(0);
}
console.log(`e2e server at ${app.url}, today ${e2eToday()}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void app.stop().finally(() => process.exit(0)));
}
