import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { agreementsAskingDeposits } from '../../server/src/modules/core-banking/deposit-arrivals.js';
import { BANK_PART_JOB, BANK_STEP_JOBS, stepKey } from '../../server/src/modules/core-banking/core-banking.jobs.js';
import type { DayStepName } from '../../server/src/modules/core-banking/bank-day.service.js';
import { stepBegun } from '../../server/src/modules/core-banking/step-record.js';
import type { JobType } from '../../server/src/jobs/job-queue.js';
import { MEMBER_NO_AGREEMENT } from '../support/demo.js';
import { realDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { sql } from './biller-wizard.fixtures.js';
import { activateByStaff, approveByMember, preparedNewAgreement } from './lifecycle.fixtures.js';

/**
 * Whether a step of the bank's day has begun is read from the step's own record (step-record.ts#stepBegun: its
 * rounds in bank_day_partition), not from the work it did: the deposits step of a day with no deposit due anywhere
 * leaves no key of its own (bank_day_step is per agreement), and the reader that inferred from them answered "not
 * run", so a new agreement applied after it got a first deposit of today, which the bank asks for only the next day,
 * as a missed one.
 */

let server: TestServer;
let today: LocalDate;
/** Days before any of the book's deposits: nothing is due by them anywhere. */
const EMPTY = '2001-03-05' as LocalDate;
const EMPTY_WHOLE = '2001-03-12' as LocalDate;
const RACED = '2001-03-19' as LocalDate;

const em = () => server.app.database.orm.em.fork();

/** A step of `date` as its jobs run it (its run, its parts, its finish), here. */
async function runStepByJobs(step: DayStepName, date: LocalDate): Promise<void> {
  const { jobs } = server.app.services;
  const stepJob = BANK_STEP_JOBS[step] as JobType<object>;
  await jobs.send(em(), BANK_STEP_JOBS[step], { date }, { key: stepKey(step, date) });
  await jobs.drain(stepJob, { includeDelayed: true });
  await jobs.drain(BANK_PART_JOB, { includeDelayed: true });
  await jobs.drain(stepJob, { includeDelayed: true });
}

beforeAll(async () => {
  server = await startTestServer();
  today = server.app.services.clock.today();
});
afterAll(async () => {
  await server?.stop();
});

describe('the record of a bank day’s step (stepBegun, depositsTakenOn)', () => {
  it('reads each step of each day from its own record, a day with nothing due included', async () => {
    expect(await agreementsAskingDeposits(em(), EMPTY)).toEqual([]);
    expect(await agreementsAskingDeposits(em(), EMPTY_WHOLE)).toEqual([]);
    const read = async () => ({
      deposits: await server.app.services.bankDay.depositsTakenOn(em(), EMPTY),
      depositsWhole: await server.app.services.bankDay.depositsTakenOn(em(), EMPTY_WHOLE),
      reconciliation: await stepBegun(em(), 'reconciliation', EMPTY),
      autopay: await stepBegun(em(), 'autopay', EMPTY),
      nextDay: await server.app.services.bankDay.depositsTakenOn(em(), addDays(EMPTY, 1)),
    });
    expect(await read()).toEqual({
      deposits: false,
      depositsWhole: false,
      reconciliation: false,
      autopay: false,
      nextDay: false,
    });
    // The deposits step by its jobs (it sends reconciliation, not run here), and another empty day's run whole.
    await runStepByJobs('deposits', EMPTY);
    await server.app.services.bankDay.runStep(em(), 'deposits', EMPTY_WHOLE);
    expect(await read()).toEqual({
      deposits: true,
      depositsWhole: true,
      reconciliation: false,
      autopay: false,
      nextDay: false,
    });
    // It found nothing to do: no key of its own (what the reader inferred from before).
    expect(
      await sql(server, `select 1 from bank_day_step where step = 'deposits' and business_date in (?::date, ?::date)`, [
        EMPTY,
        EMPTY_WHOLE,
      ]),
    ).toEqual([]);
    await runStepByJobs('reconciliation', EMPTY);
    await runStepByJobs('autopay', EMPTY);
    expect(await read()).toEqual({
      deposits: true,
      depositsWhole: true,
      reconciliation: true,
      autopay: true,
      nextDay: false,
    });
  });

  it('gives a new agreement applied after the deposits step of a day with no deposit due its first deposit tomorrow', async () => {
    // A book where nothing is due today: every deposit due by today a holiday (never asked of the bank).
    await sql(server, 'update scheduled_deposit set status = 5 where due_date <= ?::date and status in (0, 2, 3)', [
      today,
    ]);
    expect(await agreementsAskingDeposits(em(), today)).toEqual([]);
    const { agreementId } = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0]);
    await activateByStaff(server, agreementId);
    await runStepByJobs('deposits', today);
    await approveByMember(server, agreementId, MEMBER_NO_AGREEMENT[0]);
    expect((await server.app.services.changeApplier.applyQueued(em(), agreementId)).stage).toBe('APPLIED');
    const [first] = await sql<{ due_date: string }>(
      server,
      'select due_date::text as due_date from scheduled_deposit where agreement_id = ? order by due_date limit 1',
      [agreementId],
    );
    expect(first.due_date).toBe(addDays(today, 1));
  });

  it.skipIf(!realDatabaseUrl)('makes the step’s split wait for a transaction that read it had not begun', async () => {
    const rounds = async () =>
      (
        await sql<{ n: number }>(
          server,
          `select count(*)::int as n from bank_day_partition where step = 'deposits' and business_date = ?::date`,
          [RACED],
        )
      )[0].n;
    const applying = em();
    await applying.begin();
    expect(await stepBegun(applying, 'deposits', RACED)).toBe(false);
    // The step starts meanwhile (another connection of the pool): its split waits for the reader's commit.
    const step = runStepByJobs('deposits', RACED);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await rounds()).toBe(0);
    await applying.commit();
    await step;
    expect(await rounds()).toBe(1);
    expect(await stepBegun(em(), 'deposits', RACED)).toBe(true);
  });
});
