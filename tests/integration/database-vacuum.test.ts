import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_VACUUM_JOB } from '../../server/src/jobs/database-vacuum.js';
import { bankJobs } from '../../server/src/modules/core-banking/job-runs.js';
import { realDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { em, sql } from './portal-support.js';

/**
 * The embedded database has no autovacuum (PGlite: single-user PostgreSQL): the `database-vacuum` job, scheduled at
 * 03:30 on it only, runs `VACUUM (ANALYZE)` table by table; the demo's "run the next day" ends with it too. On
 * PostgreSQL (autovacuum) there is no such job.
 */

async function billStats(server: TestServer) {
  const [row] = await sql<{ dead: number; live: number; vacuumed: boolean; analysed: boolean }>(
    server,
    `select n_dead_tup::int as dead, n_live_tup::int as live, last_vacuum is not null as vacuumed,
            last_analyze is not null as analysed
     from pg_stat_user_tables where schemaname = 'public' and relname = 'bill'`,
  );
  return row;
}

/** Dead rows as a bank's months leave them: every bill row updated `times` times, each in its own transaction. */
async function bloatBills(server: TestServer, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await em(server).execute('update bill set id = id');
  // The one backend's counts reach pg_stat_user_tables at most once a second: now.
  await em(server).execute('select pg_stat_force_next_flush()');
}

async function vacuumNow(server: TestServer, key: string) {
  const jobs = server.app.services.jobs;
  await jobs.send(em(server), DATABASE_VACUUM_JOB, {}, { key });
  await jobs.drain(DATABASE_VACUUM_JOB);
  expect(await jobs.stateOf(DATABASE_VACUUM_JOB, key)).toBe('completed');
  const [{ output }] = await sql<{ output: Record<string, number | string> }>(
    server,
    `select output from pgboss.job where name = ? and singleton_key = ? order by created_on desc limit 1`,
    [DATABASE_VACUUM_JOB.definition.name, key],
  );
  return output;
}

const schedules = (server: TestServer) =>
  sql<{ name: string; cron: string }>(server, 'select name, cron from pgboss.schedule order by name');

describe('the nightly vacuum of the embedded database', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Working (schedules written) but polling once an hour: the test runs the job itself.
    server = await startTestServer({ embedded: true, env: { JOB_POLLING_SECONDS: '3600' } });
  });
  afterAll(() => server?.stop());

  it('is scheduled at 03:30 in the institution’s time zone', async () => {
    expect(server.app.database.embedded).toBe(true);
    expect(await schedules(server)).toContainEqual({ name: 'database-vacuum', cron: '30 3 * * *' });
    // Staff's bank jobs page lists it with the bank's jobs.
    const listed = await bankJobs(em(server), new Date(), server.app.services.config.timeZone);
    expect(listed.map((job) => [job.name, job.schedule])).toContainEqual(['database-vacuum', '30 3 * * *']);
  });

  it('vacuums and analyses every table: the dead rows of updates are gone', async () => {
    const demo = await vacuumNow(server, 'demo');
    console.info('vacuum of the demo database', demo);
    await bloatBills(server, 36);
    const before = await billStats(server);
    expect(before.dead).toBeGreaterThan(before.live * 10);
    const bloated = await vacuumNow(server, 'bloated');
    console.info('vacuum of the bloated database', bloated);
    const after = await billStats(server);
    expect(after).toEqual({ dead: 0, live: before.live, vacuumed: true, analysed: true });
    expect(bloated.deadRowsBefore).toBeGreaterThanOrEqual(before.dead);
    expect(bloated.deadRowsAfter).toBe(0);
    expect(bloated.tables).toBeGreaterThan(50);
    // pg-boss's tables too (its job table's partitions see an update per job).
    const [{ vacuumed }] = await sql<{ vacuumed: number }>(
      server,
      `select count(*)::int as vacuumed from pg_stat_user_tables where schemaname = 'pgboss' and last_vacuum is not null`,
    );
    expect(vacuumed).toBeGreaterThan(3);
  });

  it('ends each demo day run, as the night would', async () => {
    const lastVacuum = async () =>
      (
        await sql<{ at: string }>(
          server,
          `select last_vacuum::text as at from pg_stat_user_tables where relname = 'bill'`,
        )
      )[0].at;
    const before = await lastVacuum();
    const run = await server.app.services.demoDay.runNextDay(em(server));
    expect(await server.app.services.jobs.stateOf(DATABASE_VACUUM_JOB, `vacuum:${run.date}`)).toBe('completed');
    console.info(`demo day ${run.date}: ${run.durationMs} ms with its vacuum`);
    expect(await lastVacuum()).not.toBe(before);
  });
});

describe.skipIf(!realDatabaseUrl)('on PostgreSQL (autovacuum)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { JOB_POLLING_SECONDS: '3600' } });
  });
  afterAll(() => server?.stop());

  it('has no vacuum job: no schedule, no queue, no run after a demo day', async () => {
    expect(server.app.database.embedded).toBe(false);
    const names = (await schedules(server)).map((s) => s.name);
    expect(names).toContain('agreement-deposit-review');
    expect(names).not.toContain('database-vacuum');
    expect(await sql(server, `select name from pgboss.queue where name = 'database-vacuum'`)).toEqual([]);
    const listed = await bankJobs(em(server), new Date(), server.app.services.config.timeZone);
    expect(listed.map((job) => job.name)).not.toContain('database-vacuum');
    const run = await server.app.services.demoDay.runNextDay(em(server));
    expect(await sql(server, `select id from pgboss.job where name = 'database-vacuum'`)).toEqual([]);
    expect(run.date).toBeDefined();
  });
});
