import { createHash } from 'node:crypto';
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Clock } from '../../server/src/shared/clock.js';
import { createLogger } from '../../server/src/common/logger.js';
import type { Config } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/database/database.js';
import { startEmbeddedPostgres } from '../../server/src/database/embedded.js';
import { seedDemoData } from '../../server/src/seed/demo.js';

/** Where tests keep embedded databases: a directory per vitest worker, seeded templates beside them. */
export const EMBEDDED_TEST_ROOT = path.resolve('.test-data');

/** This test file's embedded database when no DATABASE_URL is given (or a test asks for the embedded one). */
export const EMBEDDED_TEST_DIR = path.join(EMBEDDED_TEST_ROOT, `w${process.env.VITEST_POOL_ID ?? '0'}`);

/** The PostgreSQL server the run was given (DATABASE_URL), or none: the embedded database. */
export const givenDatabaseUrl = process.env.DATABASE_URL || undefined;

/**
 * The database this test file uses. The integration project runs its files in parallel workers
 * (TEST_DATABASE_PER_WORKER, vitest.config.ts): each worker has its own database beside the given one,
 * `<db>_w<worker>`, made on first use (ensureDatabase) and dropped at the end of the run (global-setup.ts).
 */
export const realDatabaseUrl =
  givenDatabaseUrl && process.env.TEST_DATABASE_PER_WORKER === '1' && process.env.VITEST_POOL_ID
    ? withDatabase(givenDatabaseUrl, `${databaseName(givenDatabaseUrl)}_w${process.env.VITEST_POOL_ID}`)
    : givenDatabaseUrl;

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** Creates this file's database when it does not exist yet (a worker's first file). */
async function ensureDatabase(): Promise<void> {
  if (!realDatabaseUrl || realDatabaseUrl === givenDatabaseUrl) return;
  const admin = await maintenanceClient();
  try {
    const name = databaseName(realDatabaseUrl);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`create database ${ident(name)}`);
  } finally {
    await admin.end();
  }
}

/** Drops the application's tables and the job queue's (pg-boss keeps its own schema). */
const EMPTY = 'drop schema if exists pgboss cascade; drop schema if exists public cascade; create schema public;';

/**
 * Empties the test database (real or embedded): its `public` schema and the job queue's schema. The embedded one
 * in `dataDir` when the run has no DATABASE_URL (or `embedded` says so).
 */
export async function resetDatabase(options: { embedded?: boolean; dataDir?: string } = {}): Promise<void> {
  if (realDatabaseUrl && !options.embedded) {
    await ensureDatabase();
    const client = new pg.Client({ connectionString: realDatabaseUrl });
    await client.connect();
    try {
      await client.query(EMPTY);
    } finally {
      await client.end();
    }
    return;
  }
  const embedded = await startEmbeddedPostgres(options.dataDir ?? EMBEDDED_TEST_DIR);
  const client = new pg.Client({ connectionString: embedded.clientUrl });
  await client.connect();
  try {
    await client.query(EMPTY);
  } finally {
    await client.end();
    await embedded.stop();
  }
}

/** Removes every embedded test database and template (the run's start and end: tests/support/global-setup.ts). */
export function removeEmbeddedTestData(): void {
  rmSync(EMBEDDED_TEST_ROOT, { recursive: true, force: true });
}

/**
 * One template per time zone and demo-data choice, and with the demo data per day (or instant, for a stopped clock):
 * the demo data are seeded on the clock, the migrations alone never read it (migrateAndSeed), so every database
 * without the demo data is the same whatever the clock.
 */
function templateKey(config: Config, clock: Clock): string {
  const now = clock.now();
  const live = Math.abs(now.getTime() - Date.now()) < 60_000;
  const day = config.loadDemoData ? [clock.today(), live ? 'live' : now.toISOString()] : [];
  return createHash('sha1')
    .update(JSON.stringify([...day, config.timeZone, config.loadDemoData]))
    .digest('hex')
    .slice(0, 12);
}

/** Migrates and (per the config) seeds the config's database, emptied first, and closes it. */
async function migrateAndSeed(config: Config, clock: Clock): Promise<void> {
  await resetDatabase({ embedded: !config.databaseUrl, dataDir: config.dataDir });
  const database = await openDatabase(config);
  try {
    if (config.loadDemoData) await seedDemoData(database.orm.em.fork(), clock, createLogger('silent'));
  } finally {
    await database.close();
  }
}

/**
 * A fresh database for one test server, quickly: the first server of a run migrates and seeds its database and keeps
 * a copy as a template (`templateKey`); every later one is a copy of that template, skipping the migrations, the
 * password hashing and the demo data's inserts. On a real PostgreSQL the template is a database beside the given one
 * (`<db>_tpl_<key>`, CREATE DATABASE … TEMPLATE), shared by the run's workers: the first to need it makes it under an
 * advisory lock on its name while another waits for it and copies it; on the embedded one a closed data directory
 * (`.test-data/tpl_<key>`) copied into the config's DATA_DIR. The templates live for one run
 * (tests/support/global-setup.ts removes them).
 */
export async function freshSeededDatabase(config: Config, clock: Clock): Promise<void> {
  if (!config.databaseUrl) return freshEmbeddedDatabase(config, clock);
  const target = databaseName(config.databaseUrl);
  const template = `${givenDatabaseUrl ? databaseName(givenDatabaseUrl) : target}_tpl_${templateKey(config, clock)}`;
  const admin = await maintenanceClient();
  try {
    // Held until this connection ends (below): one worker makes a template, the others wait here for it.
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount) {
      await admin.query(`drop database if exists ${ident(target)} with (force)`);
      await admin.query(`create database ${ident(target)} template ${ident(template)}`);
      return;
    }
    await migrateAndSeed(config, clock);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [target],
    );
    await admin.query(`create database ${ident(template)} template ${ident(target)}`);
  } finally {
    await admin.end();
  }
}

/** The embedded half of freshSeededDatabase: a copy of a seeded, closed data directory. */
async function freshEmbeddedDatabase(config: Config, clock: Clock): Promise<void> {
  const template = path.join(EMBEDDED_TEST_ROOT, `tpl_${templateKey(config, clock)}`);
  if (existsSync(template)) {
    copyDataDir(template, config.dataDir);
    return;
  }
  await migrateAndSeed(config, clock);
  // Copied beside it, then renamed: a worker never sees half a template (another may have made it meanwhile).
  const partial = `${template}.${process.pid}`;
  copyDataDir(config.dataDir, partial);
  try {
    renameSync(partial, template);
  } catch {
    rmSync(partial, { recursive: true, force: true });
  }
}

/** Replaces `target` with a copy of the data directory `source` (closed: PGlite writes its files as it goes). */
export function copyDataDir(source: string, target: string): void {
  rmSync(target, { recursive: true, force: true });
  cpSync(source, target, { recursive: true });
}

/** Drops the run's own databases beside the given one: the workers' (`_w…`) and the templates (`_tpl_…`). */
export async function dropRunDatabases(): Promise<void> {
  if (!givenDatabaseUrl) return;
  const prefix = databaseName(givenDatabaseUrl).replaceAll('!', '!!').replaceAll('_', '!_').replaceAll('%', '!%');
  const admin = await maintenanceClient();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 escape '!' or datname like $2 escape '!'`,
      [`${prefix}!_tpl!_%`, `${prefix}!_w%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${ident(datname)} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A connection to the server's `postgres` database (a database cannot be dropped or copied from inside itself). */
export async function maintenanceClient(): Promise<pg.Client> {
  const url = new URL(givenDatabaseUrl!);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
