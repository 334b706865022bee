import { defineJob, type JobQueue } from '../../jobs/job-queue.js';
import type { BankDayService } from './bank-day.service.js';

/**
 * The bank's day, five past midnight in the institution's time zone: deposits, automatic payments, the bills'
 * calendar, expiries. One job across all instances (cron); keyed so that at most one waits. A failed run is tried
 * again: every step is idempotent per day and agreement.
 */
export const BANK_DAY_JOB = defineJob<Record<string, never>>({
  name: 'core-banking-day',
  policy: 'short',
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 1800,
  cron: '5 0 * * *',
  batchSize: 1,
});

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

/** The bank's jobs as the staff page names them. */
export const BANK_JOBS = [
  { type: BANK_DAY_JOB, title: 'The bank day: deposits, automatic payments, the bills’ calendar, expiry' },
  { type: BANK_WINDOW_JOB, title: 'Pending window: payments answered and sent' },
] as const;

export function registerBankJobs(jobs: JobQueue, bank: BankDayService): void {
  jobs.handle(BANK_DAY_JOB, async (_data, { em }) => {
    const { date, deposits, bills, renewalDue, reconciliation } = await bank.runDay(em);
    const mismatches = reconciliation.mismatches;
    const done =
      deposits.received.length +
      deposits.missed.length +
      bills.paid.length +
      bills.missedBills +
      bills.reminders +
      bills.expired.length +
      renewalDue.length;
    return {
      date,
      itemsDone: done,
      itemsFailed: bills.notPaid.length + mismatches.length,
      depositsReceived: deposits.received.length,
      depositsMissed: deposits.missed.length,
      billsPaid: bills.paid.length,
      billsNotPaid: bills.notPaid.length,
      missedBills: bills.missedBills,
      reminders: bills.reminders,
      expired: bills.expired.length,
      renewalDue: renewalDue.length,
      reconciled: reconciliation.checked,
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
  });
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

/** "1 deposit", "2 payments", "1 deposit and 1 payment": what a day's reconciliation found apart. */
function reconciliationCount(mismatches: readonly { kind: 'deposit' | 'payment' }[]): string {
  return (['deposit', 'payment'] as const)
    .map((kind) => [kind, mismatches.filter((m) => m.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}${count === 1 ? '' : 's'}`)
    .join(' and ');
}
