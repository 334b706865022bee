import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import { defineJob, JOB_SCHEMA, type JobQueue } from './job-queue.js';

/** Which database the portal runs on: the embedded PGlite (`npm start`) or a PostgreSQL server (DATABASE_URL). */
export type DatabaseKind = 'embedded' | 'postgresql';

/**
 * Whether the portal must vacuum its database itself. The embedded PGlite is PostgreSQL in single-user mode: no
 * autovacuum runs, so without this every update's and rollback's dead rows stay forever (a biller form's preview
 * left ~130 dead bill rows per call) and the planner's statistics are never refreshed. PostgreSQL's autovacuum does
 * both on its own.
 */
export function maintenanceWanted(kind: DatabaseKind): boolean {
  return kind === 'embedded';
}

/**
 * The embedded database's nightly upkeep: `VACUUM (ANALYZE)` of each of the application's tables and pg-boss's, at
 * 03:30 in the institution's time zone (after the 00:05 bank day and the 01:30 deposit review, well before the 9:00
 * window). One statement per table, each on its own on the pool (VACUUM runs in no transaction block): on the one
 * connection, other work waits for a table at most, not for the whole run. Run again, it does no harm.
 */
export const DATABASE_VACUUM_JOB = defineJob<Record<string, never>>({
  name: 'database-vacuum',
  policy: 'short',
  retryLimit: 2,
  retryDelaySeconds: 600,
  retryBackoff: false,
  expireInSeconds: 3600,
  cron: '30 3 * * *',
  batchSize: 1,
});

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/**
 * `VACUUM (ANALYZE)` of every table of the `public` schema and of the job queue's, one after another, each outside any
 * transaction (`em` must be a fresh fork: on a transaction's connection VACUUM fails). Answers what it did.
 */
export async function vacuumTables(em: EntityManager): Promise<Record<string, unknown>> {
  const started = performance.now();
  const deadRows = async () => {
    // The one backend's counts reach the statistics at most once a second: the figure of now.
    await em.execute('select pg_stat_force_next_flush()');
    const [row] = await em.execute<{ dead: string }[]>(
      `select coalesce(sum(n_dead_tup), 0)::text as dead from pg_stat_user_tables where schemaname in ('public', ?)`,
      [JOB_SCHEMA],
    );
    return Number(row.dead);
  };
  const deadBefore = await deadRows();
  const tables = await em.execute<{ schema: string; name: string }[]>(
    `select schemaname as schema, relname as name from pg_stat_user_tables
     where schemaname in ('public', ?) order by schemaname, relname`,
    [JOB_SCHEMA],
  );
  let slowest = { table: '', ms: 0 };
  for (const { schema, name } of tables) {
    const tableStarted = performance.now();
    await em.execute(`vacuum (analyze) ${quoted(schema)}.${quoted(name)}`);
    const ms = Math.round(performance.now() - tableStarted);
    if (ms > slowest.ms) slowest = { table: `${schema}.${name}`, ms };
  }
  return {
    tables: tables.length,
    deadRowsBefore: deadBefore,
    deadRowsAfter: await deadRows(),
    slowestTable: slowest.table,
    slowestTableMs: slowest.ms,
    durationMs: Math.round(performance.now() - started),
  };
}

/** Registers the upkeep job, on the embedded database only (on PostgreSQL: no queue, no schedule). */
export function registerDatabaseVacuumJob(jobs: JobQueue, kind: DatabaseKind): void {
  if (!maintenanceWanted(kind)) return;
  jobs.handle(DATABASE_VACUUM_JOB, async (_data, { em }) => vacuumTables(em));
}
