import type { LocalDate } from '../../shared/local-date.js';
import { defineJob, type JobDefinition, type JobQueue, type JobType } from '../../jobs/job-queue.js';
import { DAY_STEPS, type BankDayService, type DayStepName, type StepReport } from './bank-day.service.js';

/** A step's data: the bank day it runs for (the first step, sent by its schedule, takes the clock's today). */
export interface DayStepData {
  date?: LocalDate;
}

/** Every step of the day: one job per key at most waits; a failed run is tried again (each step is idempotent). */
const STEP: Omit<JobDefinition, 'name'> = {
  policy: 'short',
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 1800,
  batchSize: 1,
};

/**
 * The bank's day begins five past midnight in the institution's time zone: approved agreements starting, deposits
 * in (missed ones into arrears). One job across all instances (cron); it then sends the day's next step.
 */
export const BANK_DAY_JOB = defineJob<DayStepData>({ name: 'core-banking-day', ...STEP, cron: '5 0 * * *' });
/** The day's deposits and yesterday's payments out reconciled with the bank's statement (activity 18). */
export const BANK_RECONCILIATION_JOB = defineJob<DayStepData>({ name: 'core-banking-reconciliation', ...STEP });
/** The automatic payments of the bills due, through the payment service. */
export const BANK_AUTOPAY_JOB = defineJob<DayStepData>({ name: 'core-banking-autopay', ...STEP });
/** The bills' calendar (overdue, missed bills, reminders), expiries and renewals due. */
export const BANK_CALENDAR_JOB = defineJob<DayStepData>({ name: 'core-banking-calendar', ...STEP });

/** Each step of the day's job, in the order of `DAY_STEPS`. */
export const BANK_STEP_JOBS: Record<DayStepName, JobType<DayStepData>> = {
  deposits: BANK_DAY_JOB,
  reconciliation: BANK_RECONCILIATION_JOB,
  autopay: BANK_AUTOPAY_JOB,
  calendar: BANK_CALENDAR_JOB,
};

/** The key of a day's step job: one waits at most per step and day. */
export function stepKey(step: DayStepName, date: LocalDate): string {
  return step === 'deposits' ? `day:${date}` : `${step}:${date}`;
}

/** The pending windows open at 9am and 3pm (1 §2): payments answered and sent. */
export const BANK_WINDOW_JOB = defineJob<Record<string, never>>({
  name: 'core-banking-window',
  policy: 'short',
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 900,
  cron: '0 9,15 * * *',
  batchSize: 1,
});

/** What the staff page calls each step's job. */
const STEP_TITLES: Record<DayStepName, string> = {
  deposits: 'The bank day begins: agreements starting, deposits in, missed deposits',
  reconciliation: 'Reconciliation with the bank’s statement: the day’s deposits, yesterday’s payments',
  autopay: 'Automatic payments of the bills due',
  calendar: 'The bills’ calendar (overdue, missed bills, reminders), expiry, renewal due',
};

/**
 * The bank's jobs as the staff page names them, in the order of a day (`DAY_STEPS`, each step started by the one
 * before it: `after`), then the pending window.
 */
export const BANK_JOBS: readonly { type: JobType<object>; title: string; after?: JobType<object> }[] = [
  ...DAY_STEPS.map((step, i) => ({
    type: BANK_STEP_JOBS[step],
    title: STEP_TITLES[step],
    after: i === 0 ? undefined : BANK_STEP_JOBS[DAY_STEPS[i - 1]],
  })),
  { type: BANK_WINDOW_JOB, title: 'Pending window: payments answered and sent' },
];

/** "1 deposit", "2 payments", "1 deposit and 1 payment": what a day's reconciliation found apart. */
function reconciliationCount(mismatches: readonly { kind: 'deposit' | 'payment' }[]): string {
  return (['deposit', 'payment'] as const)
    .map((kind) => [kind, mismatches.filter((m) => m.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}${count === 1 ? '' : 's'}`)
    .join(' and ');
}

/** A step's summary, kept as its job's output (items done and failed, its figures, a problem to show). */
export function stepSummary(report: StepReport): Record<string, unknown> {
  switch (report.step) {
    case 'deposits': {
      const { received, missed, intoArrears, arrearsCleared } = report.deposits;
      return {
        itemsDone: received.length + missed.length,
        itemsFailed: 0,
        depositsReceived: received.length,
        depositsMissed: missed.length,
        intoArrears: intoArrears.length,
        outOfArrears: arrearsCleared.length,
      };
    }
    case 'reconciliation': {
      const { checked, mismatches } = report.reconciliation;
      return {
        itemsDone: checked,
        itemsFailed: mismatches.length,
        reconciled: checked,
        reconciliationMismatches: mismatches.length,
        ...(mismatches.length > 0
          ? {
              problem: `Reconciliation: ${reconciliationCount(mismatches)} differ from the bank's statement. ${mismatches
                .slice(0, 5)
                .map((m) => m.sentence)
                .join('; ')}`,
            }
          : {}),
      };
    }
    case 'autopay':
      return {
        itemsDone: report.bills.paid.length,
        itemsFailed: report.bills.notPaid.length,
        billsPaid: report.bills.paid.length,
        billsNotPaid: report.bills.notPaid.length,
        // Each refusal with its reason: the morning after reads it (bank-day-run.ts, `lastBankDay`).
        notPaid: report.bills.notPaid.map(({ billId, agreementId, message }) => ({ billId, agreementId, message })),
      };
    case 'calendar': {
      const { overdue, missedBills, reminders, expired } = report.bills;
      return {
        itemsDone: missedBills + reminders + expired.length + report.renewalDue.length,
        itemsFailed: 0,
        overdue,
        missedBills,
        reminders,
        expired: expired.length,
        renewalDue: report.renewalDue.length,
      };
    }
  }
}

/**
 * The day's steps, each its own job: a step runs for its data's day (the first, sent by its schedule, for the
 * clock's today), then sends the next step for the same day under that step's key (`stepKey`), so a day's steps run
 * in order, wherever a worker takes them; a retried or repeated step may send its next again, which finds its keys
 * done (every step is idempotent per day and agreement).
 */
export function registerBankJobs(jobs: JobQueue, bank: BankDayService): void {
  for (const [i, step] of DAY_STEPS.entries()) {
    const next = DAY_STEPS[i + 1] as DayStepName | undefined;
    jobs.handle(BANK_STEP_JOBS[step], async (data, { em }) => {
      const date = data.date ?? bank.today();
      const report = await bank.runStep(em, step, date);
      if (next) {
        await jobs.send(em, BANK_STEP_JOBS[next], { date }, { key: stepKey(next, date) });
        jobs.notify(BANK_STEP_JOBS[next]);
      }
      return { date, ...stepSummary(report) };
    });
  }
  jobs.handle(BANK_WINDOW_JOB, async (_data, { em }) => {
    const { window, processed, settled, tryAgain, failed } = await bank.runWindow(em);
    return {
      window,
      itemsDone: processed + settled + tryAgain + failed.length,
      itemsFailed: failed.length,
      processed,
      settled,
      tryAgain,
      failed: failed.length,
    };
  });
}
