import type { EntityManager } from '@mikro-orm/postgresql';
import { JOB_SCHEMA, type JobType } from '../../jobs/job-queue.js';
import { DATABASE_VACUUM_JOB } from '../../jobs/database-vacuum.js';
import { BANK_JOBS } from './core-banking.jobs.js';
import { nextDailyRun, readJobOutput } from './job-runs.rules.js';

export interface BankJobRunRow {
  id: string;
  name: string;
  state: string;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  durationMs: number | null;
  retryCount: number;
  /** What the run did (its summary), or why it failed. */
  output: Record<string, unknown> | null;
  /** Items the run worked through (deposits, payments, reminders, ...), from its summary. */
  itemsDone: number | null;
  /** Items it could not do (a bill not paid, a payment failed). */
  itemsFailed: number | null;
  /** Why a failed run failed. */
  error: string | null;
}

export interface BankJobRow {
  name: string;
  title: string;
  /** Its cron schedule, or `after <job>` for a step of the day started by the step before. */
  schedule: string;
  /** The schedule's next tick after now, on the bank's clock. */
  nextRunAt: Date | null;
  lastRun: BankJobRunRow | null;
  /** The last run that failed (kept as long as pg-boss keeps it), with its error. */
  lastFailure: BankJobRunRow | null;
  /** Failed runs among those kept. */
  failedRuns: number;
}

/**
 * The embedded database's nightly upkeep (jobs/database-vacuum.ts) is listed beside the bank's jobs where its queue
 * exists: on the embedded database only (PostgreSQL has autovacuum, and no such job).
 */
const UPKEEP_JOB = {
  type: DATABASE_VACUUM_JOB as JobType<object>,
  title: 'Database upkeep: VACUUM (ANALYZE) of every table (the embedded database has no autovacuum)',
};

const NAMES = [...BANK_JOBS, UPKEEP_JOB].map((job) => job.type.definition.name);

/** The latest runs of the bank's jobs, live and archived, newest first (pg-boss's own tables). */
export async function bankJobRuns(em: EntityManager, limit: number): Promise<BankJobRunRow[]> {
  const columns = `id::text, name, state::text, created_on, started_on, completed_on, retry_count, output`;
  const rows = await em.execute<
    {
      id: string;
      name: string;
      state: string;
      created_on: Date;
      started_on: Date | null;
      completed_on: Date | null;
      retry_count: number;
      output: Record<string, unknown> | null;
    }[]
  >(
    `select * from (select ${columns} from ${JOB_SCHEMA}.job where name = any(?::text[])
                    union all
                    select ${columns} from ${JOB_SCHEMA}.archive where name = any(?::text[])) runs
     order by created_on desc, id limit ?`,
    [`{${NAMES.join(',')}}`, `{${NAMES.join(',')}}`, limit],
  );
  return rows.map(toRunRow);
}

type RunSqlRow = {
  id: string;
  name: string;
  state: string;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  retry_count: number;
  output: Record<string, unknown> | null;
};

function toRunRow(row: RunSqlRow): BankJobRunRow {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    createdOn: new Date(row.created_on),
    startedOn: row.started_on ? new Date(row.started_on) : null,
    completedOn: row.completed_on ? new Date(row.completed_on) : null,
    durationMs:
      row.started_on && row.completed_on
        ? new Date(row.completed_on).getTime() - new Date(row.started_on).getTime()
        : null,
    retryCount: row.retry_count,
    output: row.output,
    ...readJobOutput(row.state, row.output),
  };
}

/** Each of the bank's jobs: its schedule and next run, its last run, its last failure (pg-boss's tables). */
export async function bankJobs(em: EntityManager, now: Date, timeZone: string): Promise<BankJobRow[]> {
  const columns = `id::text, name, state::text, created_on, started_on, completed_on, retry_count, output`;
  const runs = `(select ${columns} from ${JOB_SCHEMA}.job where name = ? union all
                 select ${columns} from ${JOB_SCHEMA}.archive where name = ?)`;
  const result: BankJobRow[] = [];
  const [upkeep] = await em.execute<{ name: string }[]>(`select name from ${JOB_SCHEMA}.queue where name = ?`, [
    UPKEEP_JOB.type.definition.name,
  ]);
  const listed: (typeof BANK_JOBS)[number][] = upkeep ? [...BANK_JOBS, UPKEEP_JOB] : [...BANK_JOBS];
  for (const { type, title, after, sentBy } of listed) {
    const { name, cron = '' } = type.definition;
    const [last] = await em.execute<RunSqlRow[]>(
      `select * from ${runs} r where state <> 'created' order by coalesce(started_on, created_on) desc, id limit 1`,
      [name, name],
    );
    const [failure] = await em.execute<RunSqlRow[]>(
      `select * from ${runs} r where state in ('failed', 'retry') order by created_on desc, id limit 1`,
      [name, name],
    );
    const [{ failed }] = await em.execute<{ failed: number }[]>(
      `select count(*)::int as failed from ${runs} r where state = 'failed'`,
      [name, name],
    );
    result.push({
      name,
      title,
      schedule: cron || (after ? `after ${after.definition.name}` : (sentBy ?? '')),
      nextRunAt: nextDailyRun(cron, now, timeZone),
      lastRun: last ? toRunRow(last) : null,
      lastFailure: failure ? toRunRow(failure) : null,
      failedRuns: failed,
    });
  }
  return result;
}
