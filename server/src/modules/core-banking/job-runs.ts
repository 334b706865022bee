import type { EntityManager } from '@mikro-orm/postgresql';
import { JOB_SCHEMA } from '../../jobs/job-queue.js';
import { BANK_DAY_JOB, BANK_WINDOW_JOB } from './core-banking.jobs.js';

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
}

const NAMES = [BANK_DAY_JOB.definition.name, BANK_WINDOW_JOB.definition.name];

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
  return rows.map((row) => ({
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
  }));
}
