import { afterEach, describe, expect, it } from 'vitest';
import { zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { SimulationClock, simulateDay, stepProgress } from '../../server/src/modules/core-banking/simulation.js';
import {
  BANK_DAY_JOB,
  BANK_PART_JOB,
  BANK_RECONCILIATION_JOB,
  stepKey,
} from '../../server/src/modules/core-banking/core-banking.jobs.js';
import { DEPOSIT_REVIEW_JOB } from '../../server/src/modules/agreement/index.js';
import type { JobType } from '../../server/src/jobs/job-queue.js';
import { realDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementsOn } from './core-banking-world.js';

const TZ = 'Australia/Sydney';
const DAY = '2035-05-07' as LocalDate;

/**
 * A job sent under `key` and taken by an instance that is then killed (SIGKILL): pg-boss's fetch marks it active,
 * and it stays so until its expiry (30 minutes for a step or the deposit review), as the cluster's journey leaves it.
 */
async function takenByADeadInstance(server: TestServer, type: JobType<object>, data: object, key: string) {
  const em = server.app.database.orm.em.fork();
  const id = await server.app.services.jobs.send(em, type, data, { key });
  await em.execute(`update pgboss.job set state = 'active', started_on = now() where name = ? and id = ?`, [
    type.definition.name,
    id,
  ]);
  return id;
}

async function stateOfJob(server: TestServer, id: string | null) {
  const [row] = await server.app.database.orm.em
    .fork()
    .execute<{ state: string }[]>('select state from pgboss.job where id = ?', [id]);
  return row?.state;
}

/**
 * Demo mode's "run the next day" run again after the instance running it was killed (tests/e2e/cluster.spec.ts):
 * the re-run must see each step's work wherever a worker has it, and must not wait for what the dead instance left
 * active.
 */
describe.skipIf(!realDatabaseUrl)('a bank day run again after its instance was killed', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0).reverse()) await server.stop();
  });

  it('sees a step running at every moment its work passes from the last part to the finish', async () => {
    const clock = new SimulationClock(zonedInstant(DAY, TZ, 0, 5), TZ);
    const server = await startTestServer({ env: { DEMO_DATA: 'false' }, clock });
    servers.push(server);
    await agreementsOn(server, DAY, 'handoff', 2);
    const { jobs } = server.app.services;
    const em = () => server.app.database.orm.em.fork();
    await jobs.send(em(), BANK_DAY_JOB, { date: DAY }, { key: stepKey('deposits', DAY) });
    const stepLive = async () => [...(await jobs.liveKeys(BANK_DAY_JOB))].some((k) => k.startsWith(`day:${DAY}`));
    const partLive = async () =>
      [...(await jobs.liveKeys(BANK_PART_JOB))].some((k) => k.startsWith(`deposits:${DAY}:`));

    // The step's run has split the day and sent its part: nothing of the step's own queue is live any more.
    await jobs.drain(BANK_DAY_JOB);
    expect(await stepLive()).toBe(false);
    expect(await stepProgress(em(), 'deposits', DAY)).toBe('running');
    // A worker runs the part: in one transaction it is marked done and the finish is sent, then it completes. Now
    // nothing of the parts' queue is live, and the finish waits in the step's queue. The re-run read the step's
    // queue (before) and then the parts' (after): it saw nothing live, the step not ended, and answered
    // DEMO_DAY_FAILED ("The autopay step of the bank day … did not complete", cluster journey, 1 run in 5 under load).
    await jobs.drain(BANK_PART_JOB);
    expect(await partLive()).toBe(false);
    expect(await stepLive()).toBe(true);
    expect(await stepProgress(em(), 'deposits', DAY)).toBe('running');
    await jobs.drain(BANK_DAY_JOB); // the finish: it sends the next step
    expect(await stepProgress(em(), 'deposits', DAY)).toBe('ended');
    expect(await stepProgress(em(), 'reconciliation', DAY)).toBe('running');
  }, 120_000);

  it('finishes the day though jobs the killed instance took stay active', async () => {
    const clock = new SimulationClock(zonedInstant(DAY, TZ, 0, 5), TZ);
    const server = await startTestServer({ env: { DEMO_DATA: 'false' }, clock });
    servers.push(server);
    const ids = await agreementsOn(server, DAY, 'rerun', 2);
    // The killed run had reached the reconciliation's run and, on another attempt, the deposit review: both taken,
    // neither done, active until they expire.
    const deadStep = await takenByADeadInstance(
      server,
      BANK_RECONCILIATION_JOB,
      { date: DAY },
      `reconciliation:${DAY}`,
    );
    const deadReview = await takenByADeadInstance(server, DEPOSIT_REVIEW_JOB, {}, `review:${DAY}`);
    const run = simulateDay(
      server.app.services.jobs,
      server.app.services.bankDay,
      server.app.database.orm.em.fork(),
      clock,
      DAY,
    );
    // Before: the run waited for the dead review's key as long as it was active (its expiry: 30 minutes).
    const day = await Promise.race([
      run,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the day run again still waits after 60 s')), 60_000),
      ),
    ]);
    expect(day.day.deposits.received.map((r) => r.agreementId).sort((a, b) => a - b)).toEqual(ids);
    expect(day.day.bills.paid.map((b) => b.agreementId).sort((a, b) => a - b)).toEqual(ids);
    expect(day.windows).toHaveLength(2);
    const [review] = await server.app.database.orm.em
      .fork()
      .execute<{ completed: number }[]>(
        `select count(*)::int as completed from pgboss.job where name = ? and singleton_key = ? and state = 'completed'`,
        [DEPOSIT_REVIEW_JOB.definition.name, `review:${DAY}`],
      );
    expect(review.completed).toBe(1);
    // The dead instance's jobs are left as they were (pg-boss retries them after their expiry: their keys then find
    // the work done).
    expect(await stateOfJob(server, deadStep)).toBe('active');
    expect(await stateOfJob(server, deadReview)).toBe('active');
    expect((await checkLedger(server.app.database.orm.em.fork())).ok).toBe(true);
  }, 180_000);

  it('sends no step again that had ended before its instance died (demo mode’s run again: resume)', async () => {
    const clock = new SimulationClock(zonedInstant(DAY, TZ, 0, 5), TZ);
    const server = await startTestServer({ env: { DEMO_DATA: 'false' }, clock });
    servers.push(server);
    const ids = await agreementsOn(server, DAY, 'resume', 2);
    const { jobs } = server.app.services;
    const em = () => server.app.database.orm.em.fork();
    // The killed run had ended the deposits step (its run, its part, its finish, which sent the reconciliation), and
    // its instance had taken the reconciliation's job when it died: active until it expires.
    await jobs.send(em(), BANK_DAY_JOB, { date: DAY }, { key: stepKey('deposits', DAY) });
    await jobs.drain(BANK_DAY_JOB);
    await jobs.drain(BANK_PART_JOB);
    await jobs.drain(BANK_DAY_JOB);
    expect(await stepProgress(em(), 'deposits', DAY)).toBe('ended');
    const [dead] = await em().execute<{ id: string }[]>(
      `update pgboss.job set state = 'active', started_on = now()
       where name = ? and singleton_key = ? and state = 'created' returning id`,
      [BANK_RECONCILIATION_JOB.definition.name, stepKey('reconciliation', DAY)],
    );
    expect(dead).toBeDefined();

    const day = await simulateDay(jobs, server.app.services.bankDay, em(), clock, DAY, () => {}, { resume: true });
    expect(day.day.bills.paid.map((b) => b.agreementId).sort((a, b) => a - b)).toEqual(ids);
    const completed = async (type: JobType<object>, key: string) => {
      const [row] = await em().execute<{ n: number }[]>(
        `select count(*)::int as n from pgboss.job where name = ? and singleton_key = ? and state = 'completed'`,
        [type.definition.name, key],
      );
      return row.n;
    };
    // Before: the run sent the deposits step again, which ran a second time (finding its keys: nothing posted twice).
    expect(await completed(BANK_DAY_JOB, stepKey('deposits', DAY))).toBe(1);
    expect(await completed(BANK_RECONCILIATION_JOB, stepKey('reconciliation', DAY))).toBe(1);
    expect(await stateOfJob(server, dead.id)).toBe('active');
    expect((await checkLedger(em())).ok).toBe(true);
  }, 180_000);
});
