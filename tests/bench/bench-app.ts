import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { startApp, type App } from '../../server/src/app.js';
import type { Clock } from '../../server/src/shared/clock.js';
import { loadConfig } from '../../server/src/config.js';
import { createScratchDatabase } from '../integration/ledger-fixture.js';
import { buildClient } from './first-load.js';

export interface BenchApp {
  app: App;
  /** A fresh entity manager of the server's ORM. */
  em(): EntityManager;
  /** Stops the server and drops its scratch database (kept with BENCH_KEEP_DATABASE=1). */
  stop(): Promise<void>;
}

/**
 * The server a book bench measures: production settings, no demo data, no background job polling (the bench runs the
 * jobs itself; `env` may say otherwise), on its own scratch database beside DATABASE_URL (`<db>_<label>`), on the
 * bench's clock.
 */
export async function startBenchApp(
  label: string,
  clock: Clock,
  env: Record<string, string> = {},
): Promise<BenchApp & { databaseUrl: string }> {
  const scratch = await createScratchDatabase(label);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: scratch.url,
    TOKEN_SECRET: 'bench-token-secret',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DEMO_DATA: 'false',
    JOB_POLLING_SECONDS: '0',
    ...env,
  });
  const app = await startApp(config, { port: 0, clock });
  return {
    app,
    databaseUrl: scratch.url,
    em: () => app.database.orm.em.fork() as EntityManager,
    async stop() {
      await app.stop();
      // BENCH_KEEP_DATABASE=1: the scratch database stays (its name is printed), to EXPLAIN statements on the book.
      if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept the bench's database: ${scratch.url}`);
      else await scratch.drop();
    },
  };
}

/**
 * The portal as `npm start` serves it, for the benches that drive a browser (lighthouse, live-refresh): the built
 * client (built into a scratch folder, or FIRST_LOAD_DIR) on the embedded database with one connection and the demo
 * data, in a scratch DATA_DIR (`label` names it); `stop` removes both.
 */
export async function startPortalAsServed(label: string): Promise<{ app: App; stop(): Promise<void> }> {
  const { dir, cleanup } = await buildClient();
  const dataDir = mkdtempSync(path.join(tmpdir(), `billsmoothing-${label}-`));
  const config = loadConfig({
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    CLIENT_DIR: dir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  });
  const app = await startApp(config, { port: 0 });
  return {
    app,
    async stop() {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
      cleanup();
    },
  };
}
