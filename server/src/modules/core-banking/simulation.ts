import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SettableClock } from '../../shared/clock.js';
import { formatCurrency, type Cents } from '../../shared/money.js';
import { todayIn, zonedInstant, type LocalDate } from '../../shared/local-date.js';
import type { JobQueue, JobType } from '../../jobs/job-queue.js';
import {
  DAY_STEPS,
  dayReportOf,
  type BankDayService,
  type DayReport,
  type DayStepName,
  type StepReport,
} from './bank-day.service.js';
import { DEPOSIT_REVIEW_JOB } from '../agreement/index.js';
import { BANK_STEP_JOBS, BANK_WINDOW_JOB, stepKey } from './core-banking.jobs.js';
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
 * Sends a job (unless `previous` is given: a step the step before sends) and runs it here (`drain`, retries
 * included) until `done` says its report came. On a server whose workers poll the queue (the demo's run), a worker
 * of this instance may take the job, or the step before, first: then this waits, as long as either is still live (a
 * step reports before it sends its next; a step before failed after reporting is run again here, and sends it).
 * Answers when the job ended without a report (failed for good): the caller says so.
 */
async function runJobNow<T extends object>(
  jobs: JobQueue,
  em: EntityManager,
  type: JobType<T>,
  data: T,
  key: string,
  done: () => boolean,
  previous?: { type: JobType<object>; key: string },
): Promise<void> {
  if (!previous) await jobs.send(em, type, data, { key });
  for (;;) {
    if (previous) await jobs.drain(previous.type, { includeDelayed: true });
    await jobs.drain(type as JobType<object>, { includeDelayed: true });
    if (done()) return;
    const live =
      (await jobs.liveKeys(type)).has(key) || (previous && (await jobs.liveKeys(previous.type)).has(previous.key));
    if (!live) return;
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
): Promise<SimulatedDay> {
  const reports: (StepReport | WindowResult)[] = [];
  const stop = bank.listen((report) => reports.push(report));
  try {
    clock.setAt(date, DAY_AT.hour, DAY_AT.minute);
    for (const [i, step] of DAY_STEPS.entries()) {
      onStep(step);
      const reported = () => reports.some((r) => 'step' in r && r.step === step && r.date === date);
      // The first step is sent as its schedule would; each next one is sent by the step before.
      const before = i === 0 ? undefined : DAY_STEPS[i - 1];
      await runJobNow(
        jobs,
        em,
        BANK_STEP_JOBS[step],
        { date },
        stepKey(step, date),
        reported,
        before && { type: BANK_STEP_JOBS[before], key: stepKey(before, date) },
      );
      if (!reported()) {
        throw new Error(
          `The ${step} step of the bank day ${date} did not complete (see the job's error in pgboss.job)`,
        );
      }
    }
    const day = dayReportOf(
      date,
      reports.filter((r): r is StepReport => 'step' in r && r.date === date),
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
