import type { EntityManager } from '@mikro-orm/postgresql';
import type { SettableClock } from '../../common/clock.js';
import { formatCurrency, type Cents } from '../../common/money.js';
import { todayIn, zonedInstant, type LocalDate } from '../../common/local-date.js';
import type { JobQueue, JobType } from '../../jobs/job-queue.js';
import type { BankDayService, DayReport } from './bank-day.service.js';
import { BANK_DAY_JOB, BANK_WINDOW_JOB } from './core-banking.jobs.js';
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
}

/** When each job of the day runs (the jobs' cron times): the day at 00:05, the windows at 9:00 and 15:00. */
const DAY_AT = { hour: 0, minute: 5 };
const WINDOWS_AT = [9, 15];

/** The steps of a day, in order (progress for the demo's "run the next day"). */
export type DayStep = 'day' | 'window-9' | 'window-15';

/**
 * Sends a job and runs it here (`drain`, retries included) until `done` says its report came. On a server whose
 * workers poll the queue (the demo's run), a worker of this instance may take the job first: then this waits for
 * it, as long as the job is still live. Throws when the job ended without a report (failed for good).
 */
async function runJobNow<T extends object>(
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
    if (!(await jobs.liveKeys(type)).has(key)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Lives through one day as the running jobs would: the clock at each job's time, the job sent to the queue and run
 * by this instance (`drain`, retries included). Answers what the day did; throws if a job did not complete.
 */
export async function simulateDay(
  jobs: JobQueue,
  bank: BankDayService,
  em: EntityManager,
  clock: SettableClock,
  date: LocalDate,
  onStep: (step: DayStep) => void = () => {},
): Promise<SimulatedDay> {
  const reports: (DayReport | WindowResult)[] = [];
  const stop = bank.listen((report) => reports.push(report));
  try {
    const dayReport = () => reports.find((r): r is DayReport => 'deposits' in r);
    onStep('day');
    clock.setAt(date, DAY_AT.hour, DAY_AT.minute);
    await runJobNow(jobs, em, BANK_DAY_JOB, {}, `day:${date}`, () => dayReport() !== undefined);
    const day = dayReport();
    if (!day) throw new Error(`The bank day job of ${date} did not complete (see the job's error in pgboss.job)`);
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
    return { date, day, windows };
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
