import 'reflect-metadata';
import path from 'node:path';
import { startApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { EMBEDDED_TEST_DIR, realDatabaseUrl, resetDatabase } from '../support/database.js';
import { e2eClock, e2eToday } from './clock.js';

/**
 * The real server for the browser tests: a fresh database (DATABASE_URL or embedded) seeded on the run's clock
 * (E2E_TODAY, see clock.ts) and the built client.
 */
await resetDatabase();
const app = await startApp(
  loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: realDatabaseUrl ?? '',
    DATA_DIR: EMBEDDED_TEST_DIR,
    TOKEN_SECRET: 'e2e-token-secret',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    CLIENT_DIR: path.resolve('dist/client'),
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '4173',
  }),
  { clock: e2eClock() },
);
console.log(`e2e server at ${app.url}, today ${e2eToday()}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void app.stop().finally(() => process.exit(0)));
}
