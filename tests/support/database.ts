import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Clock } from '../../server/src/common/clock.js';
import { createLogger } from '../../server/src/common/logger.js';
import type { Config } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/database/database.js';
import { startEmbeddedPostgres } from '../../server/src/database/embedded.js';
import { seedDemoData } from '../../server/src/seed/demo.js';

/** Where integration tests keep the embedded database when no DATABASE_URL is given (a fresh machine). */
export const EMBEDDED_TEST_DIR = path.resolve('.test-data');

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

/** Empties the test database (real or embedded): its `public` schema and the job queue's schema. */
export async function resetDatabase(): Promise<void> {
  if (realDatabaseUrl) {
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
  const embedded = await startEmbeddedPostgres(EMBEDDED_TEST_DIR);
  const client = new pg.Client({ connectionString: embedded.clientUrl });
  await client.connect();
  try {
    await client.query(EMPTY);
  } finally {
    await client.end();
    await embedded.stop();
  }
}

export function removeEmbeddedTestData(): void {
  rmSync(EMBEDDED_TEST_DIR, { recursive: true, force: true });
}

/**
 * A fresh database for one test server on a real PostgreSQL, quickly: the first server of a run migrates and seeds
 * a scratch database and keeps it as a template (`<db>_tpl_<key>`, one per day, time zone and demo-data choice);
 * every later one is a copy of that template (CREATE DATABASE … TEMPLATE), skipping the migrations, the password
 * hashing and the demo data's inserts. The templates live for one run (tests/support/global-setup.ts drops them).
 */
export async function freshSeededDatabase(config: Config, clock: Clock): Promise<void> {
  if (!realDatabaseUrl) return resetDatabase();
  const target = databaseName(realDatabaseUrl);
  const now = clock.now();
  const live = Math.abs(now.getTime() - Date.now()) < 60_000;
  const key = createHash('sha1')
    .update(JSON.stringify([clock.today(), live ? 'live' : now.toISOString(), config.timeZone, config.loadDemoData]))
    .digest('hex')
    .slice(0, 12);
  const template = `${target}_tpl_${key}`;
  const admin = await maintenanceClient();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount) {
      await admin.query(`drop database if exists ${ident(target)} with (force)`);
      await admin.query(`create database ${ident(target)} template ${ident(template)}`);
      return;
    }
    await resetDatabase();
    const database = await openDatabase(config);
    try {
      if (config.loadDemoData) await seedDemoData(database.orm.em.fork(), clock, createLogger('silent'));
    } finally {
      await database.close();
    }
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [target],
    );
    await admin.query(`create database ${ident(template)} template ${ident(target)}`);
  } finally {
    await admin.end();
  }
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
