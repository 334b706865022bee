import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SettableClock } from '../../shared/clock.js';
import { formatCurrency, type Cents } from '../../shared/money.js';
import { todayIn, zonedInstant, type LocalDate } from '../../shared/local-date.js';
import { JOB_SCHEMA, type JobQueue, type JobType } from '../../jobs/job-queue.js';
import {
  combineStepReports,
  DAY_STEPS,
  dayReportOf,
  emptyStepReport,
  type BankDayService,
  type DayReport,
  type DayStepName,
  type StepReport,
} from './bank-day.service.js';
import { DEPOSIT_REVIEW_JOB, DEPOSIT_REVIEW_PART_JOB } from '../agreement/index.js';
import { BANK_PART_JOB, BANK_STEP_JOBS, BANK_WINDOW_JOB, stepKey } from './core-banking.jobs.js';
import type { WindowResult } from './payment-windows.js';

/** The clock of a simulation: set to an hour of the institution's day, then still (the jobs read it). */
export class SimulationClock implements SettableClock {
  private current: Date;

  constructor(
    start: Date,
    private readonly timeZone: string,
  ) {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  today(): LocalDate {
    return todayIn(this.timeZone, this.current);
  }

  setAt(date: LocalDate, hour: number, minute = 0): void {
    this.current = zonedInstant(date, this.timeZone, hour, minute);
  }
}

export interface SimulatedDay {
  date: LocalDate;
  day: DayReport;
  windows: WindowResult[];
  /** How long the deposit review took (a job of its own, not the bank's: the bank-day bench leaves it out). */
  reviewMs: number;
}

/**
 * When each job of the day runs (the jobs' cron times): the day at 00:05, the deposit review at 01:30, the windows at
 * 9:00 and 15:00.
 */
const DAY_AT = { hour: 0, minute: 5 };
const REVIEW_AT = { hour: 1, minute: 30 };
const WINDOWS_AT = [9, 15];

/** The steps of a day, in order (progress for the demo's "run the next day"). */
export type DayStep = DayStepName | 'review' | 'window-9' | 'window-15';

/**
 * Sends a job and runs it here (`drain`, retries included) until `done` says its report came or the key's newest job
 * has ended. On a server whose workers poll the queue (the demo's run), a worker of this instance may take the job
 * first: then this waits, as long as it is still live. Only the key's newest job counts: one an instance took before
 * it was killed stays active until its expiry (30 minutes for the deposit review), and the job sent here since does
 * its work. Answers when the job ended without a report (failed for good): the caller says so.
 */
export async function runJobNow<T extends object>(
  jobs: JobQueue,
  em: EntityManager,
  type: JobType<T>,
  data: T,
  key: string,
  done: () => boolean,
): Promise<void> {
  await jobs.send(em, type, data, { key });
  for (;;) {
    await jobs.drain(type as JobType<object>, { includeDelayed: true });
    if (done()) return;
    if ((await jobs.unfinishedKeys(type, key)).size === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Where a step of a day stands: `ended` (its last round done and finished), `running`, or `stopped` (failed). */
export type StepProgress = 'ended' | 'running' | 'stopped';

/**
 * Where a step of `date` stands, in ONE statement (one snapshot). Ended: its last round's parts are all done, that
 * round's finish (which sends the next step) completed, and no run of the step waits or runs (it would start another
 * round). Running: otherwise, while its run, a part of its last round or that round's finish waits, waits for a
 * retry or runs. Stopped: otherwise (a job failed for good). One snapshot, because the step's work passes from one
 * queue to the other in one transaction (the last part marked done and the finish sent; the run's round and its
 * parts): read one queue, then the other, and a worker may have moved it in between, unseen by either read. Only each
 * key's newest job counts: one an instance took before it was killed stays active until it expires, and the job sent
 * again under its key since does its work; a part whose work is marked done counts as done, whatever its job says.
 */
export async function stepProgress(em: EntityManager, step: DayStepName, date: LocalDate): Promise<StepProgress> {
  const key = stepKey(step, date);
  const stepJob = BANK_STEP_JOBS[step].definition.name;
  const [row] = await em.execute<{ done: boolean; run_live: boolean; live: boolean }[]>(
    `with last as (
       select max(round) as round from bank_day_partition where step = ? and business_date = ?::date),
     parts as (
       select count(*) as parts, count(*) filter (where p.done_at is null) as waiting
       from bank_day_partition p, last where p.step = ? and p.business_date = ?::date and p.round = last.round),
     newest as (
       select distinct on (j.name, j.singleton_key) j.name, j.singleton_key, j.state
       from ${JOB_SCHEMA}.job j, last
       where (j.name = ? and (j.singleton_key = ? or j.singleton_key = ? || ':finish:' || last.round))
          or (j.name = ? and j.singleton_key like ? || ':' || last.round || ':%')
       order by j.name, j.singleton_key, j.created_on desc)
     select
       coalesce((select parts > 0 and waiting = 0 from parts), false)
         and exists (select 1 from newest, last where name = ? and singleton_key = ? || ':finish:' || last.round
                     and state = 'completed') as done,
       exists (select 1 from newest where name = ? and singleton_key = ? and state < 'completed') as run_live,
       exists (select 1 from newest where state < 'completed') as live`,
    [
      step,
      date,
      step,
      date,
      stepJob,
      key,
      key,
      BANK_PART_JOB.definition.name,
      `${step}:${date}`,
      stepJob,
      key,
      stepJob,
      key,
    ],
  );
  if (row?.done && !row.run_live) return 'ended';
  return row?.live ? 'running' : 'stopped';
}

/**
 * Runs a step of `date` here as the workers would (its run, its parts, its finish: `drain`, retries included) until
 * it has ended; the first step is sent as its schedule would, each next one was sent by the step before. On a server
 * whose workers poll the queues, they may take some of it: then this waits while any of it is live
 * (`stepProgress`). Answers whether it ended.
 */
async function runStepNow(
  jobs: JobQueue,
  em: EntityManager,
  step: DayStepName,
  date: LocalDate,
  first: boolean,
): Promise<boolean> {
  if (first) await jobs.send(em, BANK_STEP_JOBS[step], { date }, { key: stepKey(step, date) });
  const stepJob = BANK_STEP_JOBS[step] as JobType<object>;
  for (;;) {
    await jobs.drain(stepJob, { includeDelayed: true });
    await jobs.drain(BANK_PART_JOB, { includeDelayed: true });
    await jobs.drain(stepJob, { includeDelayed: true });
    const progress = await stepProgress(em, step, date);
    if (progress !== 'running') return progress === 'ended';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Lives through one day as the running jobs would: the clock at each job's time, the day's first step sent to the
 * queue and each step (each sending the next) and then the windows run by this instance (`drain`, retries included).
 * Answers what the day did; throws if a job did not complete.
 */
export async function simulateDay(
  jobs: JobQueue,
  bank: BankDayService,
  em: EntityManager,
  clock: SettableClock,
  date: LocalDate,
  onStep: (step: DayStep) => void = () => {},
  /**
   * Demo mode's "run the next day" run again after its instance died part-way (`DemoDayRunner`): the day resumes at
   * its first step not ended, so no step that had ended is sent again (the cluster journey: the deposits step
   * completed twice when the instance died in a later step). Otherwise the first step is always sent: a date lived
   * through again (`npm run simulate`, the tests) does its work for the agreements made since (each step's keys
   * leave what was done).
   */
  { resume = false }: { resume?: boolean } = {},
): Promise<SimulatedDay> {
  const reports: (StepReport | WindowResult)[] = [];
  const stop = bank.listen((report) => reports.push(report));
  try {
    clock.setAt(date, DAY_AT.hour, DAY_AT.minute);
    // The step sent is sent as its schedule would; each next one is sent by the end of the step before.
    let sent = false;
    for (const step of DAY_STEPS) {
      onStep(step);
      const send: boolean = !sent && (!resume || (await stepProgress(em, step, date)) !== 'ended');
      sent ||= send;
      if (!(await runStepNow(jobs, em, step, date, send))) {
        throw new Error(
          `The ${step} step of the bank day ${date} did not complete (see the job's error in pgboss.job)`,
        );
      }
    }
    // Each step's report from its parts run here (none when it had run before: nothing done again).
    const day = dayReportOf(
      date,
      DAY_STEPS.map((step) => {
        const parts = reports.filter((r): r is StepReport => 'step' in r && r.step === step && r.date === date);
        return parts.length > 0 ? combineStepReports(parts) : emptyStepReport(step, date);
      }),
    );
    // The deposit review (issue 24 item 2) is a job of the day as well: a day lived through on the demo clock or in a
    // simulation reviews its agreements as the real night would (its cron is the real clock's).
    onStep('review');
    clock.setAt(date, REVIEW_AT.hour, REVIEW_AT.minute);
    const reviewKey = `review:${date}`;
    const reviewStarted = performance.now();
    await runJobNow(jobs, em, DEPOSIT_REVIEW_JOB, {}, reviewKey, () => false);
    if ((await jobs.stateOf(DEPOSIT_REVIEW_JOB, reviewKey)) !== 'completed') {
      throw new Error(`The deposit review of ${date} did not complete (see the job's error in pgboss.job)`);
    }
    // A large book's review runs in parts (review-jobs.ts): here too, as long as any of them is live.
    for (;;) {
      await jobs.drain(DEPOSIT_REVIEW_PART_JOB, { includeDelayed: true });
      if ((await jobs.unfinishedKeys(DEPOSIT_REVIEW_PART_JOB, `${reviewKey}:`, { prefix: true })).size === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [failedParts] = await em.execute<{ failed: number }[]>(
      `select count(*)::int as failed from ${JOB_SCHEMA}.job where name = ? and singleton_key like ? and state = 'failed'`,
      [DEPOSIT_REVIEW_PART_JOB.definition.name, `${reviewKey}:%`],
    );
    if (failedParts.failed > 0) {
      throw new Error(`${failedParts.failed} part(s) of the deposit review of ${date} failed (see pgboss.job)`);
    }
    const reviewMs = performance.now() - reviewStarted;
    const windows: WindowResult[] = [];
    for (const hour of WINDOWS_AT) {
      onStep(hour === 9 ? 'window-9' : 'window-15');
      clock.setAt(date, hour);
      const before = reports.length;
      const windowReport = () => reports.slice(before).find((r): r is WindowResult => 'window' in r);
      await runJobNow(jobs, em, BANK_WINDOW_JOB, {}, `window:${date}T${hour}`, () => windowReport() !== undefined);
      const window = windowReport();
      if (!window) throw new Error(`The ${hour}:00 window job of ${date} did not complete`);
      windows.push(window);
    }
    return { date, day, windows, reviewMs };
  } finally {
    stop();
  }
}

/** One figure of a simulated day: a count and, for money, the total. */
export interface DayFigure {
  label: string;
  count: number;
  amount?: Cents;
}

/** What a simulated day did: its figures in a fixed order and a line per refusal or failure. */
export function summariseSimulatedDay({ day, windows }: SimulatedDay): { figures: DayFigure[]; details: string[] } {
  const received = day.deposits.received.reduce((total, d) => total + d.amount, 0) as Cents;
  const failed = windows.flatMap((w) => w.failed);
  const figures: DayFigure[] = [
    { label: 'deposits in', count: day.deposits.received.length, amount: received },
    { label: 'missed', count: day.deposits.missed.length },
    { label: 'into arrears', count: day.deposits.intoArrears.length },
    { label: 'out of arrears', count: day.deposits.arrearsCleared.length },
    { label: 'bills paid', count: day.bills.paid.length },
    { label: 'not paid', count: day.bills.notPaid.length },
    { label: 'settled', count: windows.reduce((n, w) => n + w.settled, 0) },
    { label: 'try again', count: windows.reduce((n, w) => n + w.tryAgain, 0) },
    { label: 'failed', count: failed.length },
    { label: 'overdue', count: day.bills.overdue },
    { label: 'missed bills', count: day.bills.missedBills },
    { label: 'reminders', count: day.bills.reminders },
    { label: 'expired', count: day.bills.expired.length },
    { label: 'renewal due', count: day.renewalDue.length },
    { label: 'reconciled', count: day.reconciliation.checked },
    { label: 'mismatches', count: day.reconciliation.mismatches.length },
  ];
  const details = [
    ...day.bills.notPaid.map((n) => `bill ${n.billId} (agreement ${n.agreementId}) not paid: ${n.message}`),
    ...failed.map((f) => `agreement ${f.agreementId}: ${f.message}`),
    ...day.reconciliation.mismatches.map((m) => `agreement ${m.agreementId}: ${m.sentence}`),
  ];
  return { figures, details };
}

/** One line of what a simulated day did (the simulate command prints it). */
export function describeSimulatedDay(simulated: SimulatedDay): string {
  const { figures, details } = summariseSimulatedDay(simulated);
  const parts = figures.map(
    (f) => `${f.label} ${f.count}${f.amount === undefined ? '' : ` (${formatCurrency(f.amount)})`}`,
  );
  return [`${simulated.date}  ${parts.join(', ')}`, ...details.map((line) => `  ${line}`)].join('\n');
}
