import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/src/database/embedded.js';

/** Where integration tests keep the embedded database when no DATABASE_URL is given (a fresh machine). */
export const EMBEDDED_TEST_DIR = path.resolve('.test-data');

export const realDatabaseUrl = process.env.DATABASE_URL || undefined;

/** Drops the application's tables and the job queue's (pg-boss keeps its own schema). */
const EMPTY = 'drop schema if exists pgboss cascade; drop schema if exists public cascade; create schema public;';

/** Empties the test database (real or embedded): its `public` schema and the job queue's schema. */
export async function resetDatabase(): Promise<void> {
  if (realDatabaseUrl) {
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
