import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../server/src/common/auth/roles.js';
import { runningClock, startOfRunOn } from '../../server/src/shared/clock.js';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { toDecimalString } from '../../server/src/shared/money.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createBankAgreement } from './core-banking-world.js';
import { createMember, createUser, PASSWORD } from './payment-world.js';

const TODAY = '2031-03-03' as LocalDate;
const TZ = 'Australia/Sydney';

const RUN = `mutation { runNextDemoDay { date durationMs figures { label count amount } details } }`;
const CLOCK = `{ demoClock { enabled today daysAhead running { step } lastRun { date } } }`;
const JOBS = `{ bankJobs { name schedule nextRunAt failedRuns
  lastRun { state durationMs itemsDone itemsFailed error } } }`;

interface Figure {
  label: string;
  count: number;
  amount: string | null;
}

describe('demo mode: staff run the next day (issue 10 item 5)', () => {
  let server: TestServer;
  const em = () => server.app.database.orm.em.fork();

  beforeAll(async () => {
    // A running clock on TODAY: the demo clock moves the bank's day forward from it; sessions keep it.
    server = await startTestServer({
      env: { DEMO_DATA: 'false', DEMO_MODE: 'true' },
      clock: runningClock(startOfRunOn(TODAY, TZ), TZ),
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('moves the clock a day, runs its jobs, shows the deposit arrive and the runs; members refused', async () => {
    const fixture = await createMember(em(), 'demo1');
    const tomorrow = addDays(TODAY, 1);
    const agreement = await createBankAgreement(em(), fixture, {
      start: tomorrow,
      end: addDays(tomorrow, 364),
      frequency: 1,
      billers: [{ nickname: 'Water', paymentMethod: 0, value: '90.00', frequency: 3, dateOfBill: addDays(TODAY, 20) }],
    });
    await createUser(em(), 'demo.agent', [Role.AGENT]);
    const agent = await server.token('demo.agent', PASSWORD);
    const member = await server.token(fixture.username, PASSWORD);

    const refused = await server.graphql(RUN, {}, member);
    expect(refused.body.data ?? null).toBeNull();
    expect(refused.body.errors?.[0].extensions?.code).not.toBe('DEMO_MODE_OFF');
    expect((await server.graphql(CLOCK, {}, member)).body.data ?? null).toBeNull();
    // The screens' today (the pay screen's overdue rules) is the bank's, which any signed-in user may read.
    const DAY = '{ institutionDay { today timeZone } }';
    expect((await server.graphql(DAY, {}, member)).body.data).toEqual({
      institutionDay: { today: TODAY, timeZone: TZ },
    });
    expect((await server.graphql(DAY)).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const before = await server.graphql<{ demoClock: Record<string, unknown> }>(CLOCK, {}, agent);
    expect(before.body.data?.demoClock).toEqual({
      enabled: true,
      today: TODAY,
      daysAhead: 0,
      running: null,
      lastRun: null,
    });

    const { body } = await server.graphql<{
      runNextDemoDay: { date: string; durationMs: number; figures: Figure[]; details: string[] };
    }>(RUN, {}, agent);
    expect(body.errors).toBeUndefined();
    const run = body.data!.runNextDemoDay;
    expect(run.date).toBe(tomorrow);
    expect(run.figures.find((f) => f.label === 'deposits in')).toEqual({
      label: 'deposits in',
      count: 1,
      amount: toDecimalString(agreement.depositAmount),
    });
    expect(run.details).toEqual([]);
    const balances = (await agreementBalances(em(), [agreement.agreementId])).get(agreement.agreementId)!;
    expect(balances.total).toBe(agreement.depositAmount);

    const after = await server.graphql<{ demoClock: Record<string, unknown> }>(CLOCK, {}, agent);
    expect(after.body.data?.demoClock).toEqual({
      enabled: true,
      today: tomorrow,
      daysAhead: 1,
      running: null,
      lastRun: { date: tomorrow },
    });
    // The member's screens moved with it.
    expect((await server.graphql(DAY, {}, member)).body.data).toEqual({
      institutionDay: { today: tomorrow, timeZone: TZ },
    });
    // The agent is still signed in: sessions keep the real clock.
    const jobs = await server.graphql<{
      bankJobs: {
        name: string;
        schedule: string;
        nextRunAt: string | null;
        failedRuns: number;
        lastRun: { state: string; itemsDone: number; itemsFailed: number; error: string | null } | null;
      }[];
    }>(JOBS, {}, agent);
    expect(jobs.body.errors).toBeUndefined();
    const named = (name: string) => jobs.body.data!.bankJobs.find((job) => job.name === name)!;
    const day = named('core-banking-day');
    const window = named('core-banking-window');
    // Each step of the day is its own job, started by the one before; all ran.
    expect(jobs.body.data!.bankJobs.map((job) => [job.name, job.schedule, job.lastRun?.state])).toEqual([
      ['core-banking-day', '5 0 * * *', 'completed'],
      ['core-banking-reconciliation', 'after core-banking-day', 'completed'],
      ['core-banking-autopay', 'after core-banking-reconciliation', 'completed'],
      ['core-banking-calendar', 'after core-banking-autopay', 'completed'],
      ['core-banking-day-part', 'sent by each step of the day', 'completed'],
      // Sent only by applying an agreement after the day's automatic payments: not run here.
      ['core-banking-applied-autopay', 'sent by applying an agreement', undefined],
      ['core-banking-window', '0 9,15 * * *', 'completed'],
      // The embedded database (no autovacuum) is vacuumed at the end of each day run (jobs/database-vacuum.ts).
      ...(server.app.database.embedded ? [['database-vacuum', '30 3 * * *', 'completed']] : []),
    ]);
    expect(day).toMatchObject({ name: 'core-banking-day', schedule: '5 0 * * *', failedRuns: 0 });
    expect(day.lastRun).toMatchObject({ state: 'completed', itemsDone: 1, itemsFailed: 0, error: null });
    // The next 00:05 after the demo clock's now (on the new day).
    expect(new Date(day.nextRunAt!).getTime()).toBeGreaterThan(server.app.services.clock.now().getTime());
    expect(window).toMatchObject({ name: 'core-banking-window', schedule: '0 9,15 * * *' });
    expect(window.lastRun?.state).toBe('completed');
    // The deposit review is a job of the day too (01:30 on the demo clock, not the real clock's cron): it ran for the
    // day run and reviewed the agreement that started on it.
    const reviews = await em().execute<{ state: string; output: { reviewed: number } }[]>(
      `select state, output from pgboss.job where name = 'agreement-deposit-review' and singleton_key = ?`,
      [`review:${tomorrow}`],
    );
    expect(reviews.map((r) => [r.state, r.output.reviewed > 0])).toEqual([['completed', true]]);

    // Run again: the day after, and nothing of the first counted twice.
    const second = await server.graphql<{ runNextDemoDay: { date: string; figures: Figure[] } }>(RUN, {}, agent);
    expect(second.body.data?.runNextDemoDay.date).toBe(addDays(TODAY, 2));
    expect(second.body.data?.runNextDemoDay.figures.find((f) => f.label === 'deposits in')?.count).toBe(0);
    expect((await checkLedger(em())).ok).toBe(true);
  }, 120_000);
});

describe('demo mode off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'false' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses to run the next day with a clear error and leaves the clock alone', async () => {
    const em = server.app.database.orm.em.fork();
    await createUser(em, 'demo.off.agent', [Role.AGENT]);
    const agent = await server.token('demo.off.agent', PASSWORD);
    const today = server.app.services.clock.today();
    const { body } = await server.graphql(RUN, {}, agent);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('The demo clock is off on this server'),
      extensions: expect.objectContaining({ code: 'DEMO_MODE_OFF' }),
    });
    const clock = await server.graphql<{ demoClock: { enabled: boolean; today: string } }>(CLOCK, {}, agent);
    expect(clock.body.data?.demoClock).toMatchObject({ enabled: false, today });
  }, 120_000);
});
