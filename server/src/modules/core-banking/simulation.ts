import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../common/clock.js';
import { formatCurrency, type Cents } from '../../common/money.js';
import { todayIn, zonedInstant, type LocalDate } from '../../common/local-date.js';
import type { JobQueue, JobType } from '../../jobs/job-queue.js';
import type { BankDayService, DayReport } from './bank-day.service.js';
import { BANK_DAY_JOB, BANK_WINDOW_JOB } from './core-banking.jobs.js';
import type { WindowResult } from './payment-windows.js';

/** The clock of a simulation: set to an hour of the institution's day, then still (the jobs read it). */
export class SimulationClock implements Clock {
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

async function runJobNow<T extends object>(jobs: JobQueue, em: EntityManager, type: JobType<T>, data: T, key: string) {
  await jobs.send(em, type, data, { key });
  await jobs.drain(type as JobType<object>, { includeDelayed: true });
}

/**
 * Lives through one day as the running jobs would: the clock at each job's time, the job sent to the queue and run
 * by this instance (`drain`, retries included). Answers what the day did; throws if a job did not complete.
 */
export async function simulateDay(
  jobs: JobQueue,
  bank: BankDayService,
  em: EntityManager,
  clock: SimulationClock,
  date: LocalDate,
): Promise<SimulatedDay> {
  const reports: (DayReport | WindowResult)[] = [];
  const stop = bank.listen((report) => reports.push(report));
  try {
    clock.setAt(date, DAY_AT.hour, DAY_AT.minute);
    await runJobNow(jobs, em, BANK_DAY_JOB, {}, `day:${date}`);
    const day = reports.find((r): r is DayReport => 'deposits' in r);
    if (!day) throw new Error(`The bank day job of ${date} did not complete (see the job's error in pgboss.job)`);
    const windows: WindowResult[] = [];
    for (const hour of WINDOWS_AT) {
      clock.setAt(date, hour);
      const before = reports.length;
      await runJobNow(jobs, em, BANK_WINDOW_JOB, {}, `window:${date}T${hour}`);
      const window = reports.slice(before).find((r): r is WindowResult => 'window' in r);
      if (!window) throw new Error(`The ${hour}:00 window job of ${date} did not complete`);
      windows.push(window);
    }
    return { date, day, windows };
  } finally {
    stop();
  }
}

/** One line of what a simulated day did (the simulate command prints it). */
export function describeSimulatedDay({ date, day, windows }: SimulatedDay): string {
  const received = day.deposits.received.reduce((total, d) => total + d.amount, 0);
  const failed = windows.flatMap((w) => w.failed);
  const parts = [
    `deposits in ${day.deposits.received.length} (${formatCurrency(received as Cents)})`,
    `missed ${day.deposits.missed.length}`,
    `into arrears ${day.deposits.intoArrears.length}`,
    `out of arrears ${day.deposits.arrearsCleared.length}`,
    `bills paid ${day.bills.paid.length}`,
    `not paid ${day.bills.notPaid.length}`,
    `settled ${windows.reduce((n, w) => n + w.settled, 0)}`,
    `try again ${windows.reduce((n, w) => n + w.tryAgain, 0)}`,
    `failed ${failed.length}`,
    `overdue ${day.bills.overdue}`,
    `missed bills ${day.bills.missedBills}`,
    `reminders ${day.bills.reminders}`,
    `expired ${day.bills.expired.length}`,
  ];
  const details = [
    ...day.bills.notPaid.map((n) => `  bill ${n.billId} (agreement ${n.agreementId}) not paid: ${n.message}`),
    ...failed.map((f) => `  agreement ${f.agreementId}: ${f.message}`),
  ];
  return [`${date}  ${parts.join(', ')}`, ...details].join('\n');
}
