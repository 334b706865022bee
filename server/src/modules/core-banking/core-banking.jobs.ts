import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../shared/local-date.js';
import { defineJob, PART_JOB_OPTIONS, type JobDefinition, type JobQueue, type JobType } from '../../jobs/job-queue.js';
import {
  DAY_STEPS,
  PARTITIONED_STEPS,
  type BankDayService,
  type DayStepName,
  type StepReport,
} from './bank-day.service.js';
import { EVERY_AGREEMENT, partitionRanges } from '../../jobs/agreement-ranges.rules.js';
import { combineStepOutputs } from './job-runs.rules.js';
import { insertRound, lockStep, markPartDone, partsOf, stepBegun } from './step-record.js';

/**
 * A step's data: the bank day it runs for (the first step, sent by its schedule, takes the clock's today). `finish`:
 * the run that ends the step once its parts are done (sent by the last part): its output is the step's summary.
 */
export interface DayStepData {
  date?: LocalDate;
  /** The round whose parts are all done: this run ends the step. */
  finish?: number;
}

/** A part of a step of the day: the agreements of its range in a round of the step (`bank_day_partition`). */
export interface DayPartData {
  step: DayStepName;
  date: LocalDate;
  round: number;
  part: number;
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

/**
 * A part of a step of the day (issue 23 items 2 and 3): one at a time per instance (batchSize 1), so that every
 * instance's worker takes parts of the same step; expires (and is taken again) well after a part's run (a part is at
 * most BANK_DAY_PARTITION_SIZE agreements: seconds; `bankDay.partExpireSeconds` overrides it).
 */
export const BANK_PART_JOB = defineJob<DayPartData>({ name: 'core-banking-day-part', ...PART_JOB_OPTIONS });

/** The key of a day's step job: one waits at most per step and day. */
export function stepKey(step: DayStepName, date: LocalDate): string {
  return step === 'deposits' ? `day:${date}` : `${step}:${date}`;
}

/** The key of the run that ends a round of a day's step (`DayStepData.finish`). */
export function finishKey(step: DayStepName, date: LocalDate, round: number): string {
  return `${stepKey(step, date)}:finish:${round}`;
}

/** The key of a part's job: one waits at most per step, day, round and part. */
export function partKey(step: DayStepName, date: LocalDate, round: number, part: number): string {
  return `${step}:${date}:${round}:${part}`;
}

/** An agreement applied after its day's automatic payments step began: the day's automatic payments of its bills. */
export interface AppliedAutopayData {
  agreementId: number;
  date: LocalDate;
}

/**
 * The automatic payments of an agreement applied after the day's automatic payments step began
 * (`autopayAfterStep`): its bills due by that day paid then, as the step pays them (`BankDayService#payDueNow`),
 * rather than the next day (overdue in between).
 */
export const BANK_APPLIED_AUTOPAY_JOB = defineJob<AppliedAutopayData>({
  name: 'core-banking-applied-autopay',
  ...PART_JOB_OPTIONS,
});

/** The key of an applied agreement's automatic payments of a day: one waits at most. */
export function appliedAutopayKey(agreementId: number, date: LocalDate): string {
  return `applied-autopay:${date}:${agreementId}`;
}

/**
 * Called by the change applier in the transaction that applies an agreement (new or changed) on `date`: when the
 * automatic payments step of that day has begun (its record, step-record.ts#stepBegun, which waits for a split
 * being written), the step may no longer see the agreement's bills, so their automatic payments are sent as their
 * own job (`BANK_APPLIED_AUTOPAY_JOB`), with the transaction: sent if it commits. Before the step began, the step
 * pays them. Either way each bill's payment keeps its idempotency key (`core-banking-autopay-<bill id>`): paid once.
 * Answers whether it was sent.
 */
export async function autopayAfterStep(
  jobs: JobQueue,
  tx: EntityManager,
  agreementId: number,
  date: LocalDate,
): Promise<boolean> {
  if (!(await stepBegun(tx, 'autopay', date))) return false;
  await jobs.send(tx, BANK_APPLIED_AUTOPAY_JOB, { agreementId, date }, { key: appliedAutopayKey(agreementId, date) });
  return true;
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
export const BANK_JOBS: readonly {
  type: JobType<object>;
  title: string;
  after?: JobType<object>;
  /** How it is started when neither a schedule nor the step before starts it. */
  sentBy?: string;
}[] = [
  ...DAY_STEPS.map((step, i) => ({
    type: BANK_STEP_JOBS[step],
    title: STEP_TITLES[step],
    after: i === 0 ? undefined : BANK_STEP_JOBS[DAY_STEPS[i - 1]],
  })),
  {
    type: BANK_PART_JOB,
    title: 'A part of a step of the day: its range of agreements, on any instance',
    sentBy: 'sent by each step of the day',
  },
  {
    type: BANK_APPLIED_AUTOPAY_JOB,
    title: 'Automatic payments of an agreement applied after the day’s automatic payments step',
    sentBy: 'sent by applying an agreement',
  },
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

/** How the day's steps are split: agreements per part, and how long a part may run before it is taken again. */
export interface BankDayJobOptions {
  partitionSize: number;
  partExpireSeconds: number;
}

export const DEFAULT_BANK_DAY_JOB_OPTIONS: BankDayJobOptions = { partitionSize: 5_000, partExpireSeconds: 600 };

/**
 * The day's steps, each its own job split into parts (issue 23 items 2 and 3). A step's run (`BANK_STEP_JOBS`) does
 * what the step does once for the day before its parts (`beginStep`) and, in one transaction, either sends again the
 * parts of its last round not done (a run killed or failed before them), or starts a round: its agreements split into
 * id ranges (`partitionRanges`, at most `partitionSize` each; a step not in `PARTITIONED_STEPS` is one part) recorded
 * in `bank_day_partition` with one part job each. Any instance's worker takes a part (one at a time) and runs the step
 * for its range (`runPart`); in the transaction that marks it done with its summary, the last part of the round sends
 * the run that ends the step (`finish`): what the step does once after its parts (`endStep`), the round's summary (its
 * parts' and that together, `combineStepOutputs`) as its output, and the next step sent under its key. Every part is
 * idempotent per day and agreement (its keys), so a part run again (a retry, its instance killed, a second send)
 * changes nothing, and a step run again after it ended (a day run again) does only what was not done.
 */
export function registerBankJobs(
  jobs: JobQueue,
  bank: BankDayService,
  options: BankDayJobOptions = DEFAULT_BANK_DAY_JOB_OPTIONS,
): void {
  for (const [i, step] of DAY_STEPS.entries()) {
    const next = DAY_STEPS[i + 1] as DayStepName | undefined;
    jobs.handle(BANK_STEP_JOBS[step], async (data, { em }) => {
      const date = data.date ?? bank.today();
      if (data.finish !== undefined) {
        const parts = await partsOf(em, step, date, data.finish);
        if (parts.length === 0 || parts.some((p) => p.done_at === null)) {
          throw new Error(`Round ${data.finish} of the ${step} step of ${date} has parts not done: it cannot end yet`);
        }
        // What the step does once after its parts (the calendar's expiry, renewal due, reminders): idempotent.
        const end = await bank.endStep(em, step, date);
        if (next) {
          await jobs.send(em, BANK_STEP_JOBS[next], { date }, { key: stepKey(next, date) });
          jobs.notify(BANK_STEP_JOBS[next]);
        }
        const outputs = [...parts.map((p) => p.output ?? {}), ...(end ? [stepSummary(end)] : [])];
        return { date, round: data.finish, parts: parts.length, ...combineStepOutputs(outputs) };
      }
      await bank.beginStep(em, step, date);
      const agreements = PARTITIONED_STEPS.has(step) ? await bank.stepAgreements(em, step, date) : [];
      const { round, parts, sent } = await em.fork().transactional(async (tx) => {
        await lockStep(tx, step, date);
        let rows = await partsOf(tx, step, date);
        if (rows.length === 0 || rows.every((row) => row.done_at !== null)) {
          const ranges = PARTITIONED_STEPS.has(step)
            ? partitionRanges(agreements, options.partitionSize)
            : [EVERY_AGREEMENT];
          rows = await insertRound(tx, step, date, ranges);
        }
        const waiting = rows.filter((row) => row.done_at === null);
        await jobs.sendMany(
          tx,
          BANK_PART_JOB,
          waiting.map(({ round: r, part }) => ({
            data: { step, date, round: r, part },
            key: partKey(step, date, r, part),
          })),
        );
        return { round: rows[0].round, parts: rows.length, sent: waiting.length };
      });
      jobs.notify(BANK_PART_JOB);
      return { date, round, parts, partsSent: sent };
    });
  }
  // The parts' queue with this instance's expiry (the definition's name: `send` and the staff page find it).
  const partJob = defineJob<DayPartData>({ ...BANK_PART_JOB.definition, expireInSeconds: options.partExpireSeconds });
  jobs.handle(partJob, async ({ step, date, round, part }, { em }) => {
    const [row] = (await partsOf(em, step, date, round)).filter((p) => p.part === part);
    if (!row) throw new Error(`Part ${part} of round ${round} of the ${step} step of ${date} was never split`);
    if (row.done_at !== null) return { date, step, round, part, repeated: true };
    const report = await bank.runPart(em, step, date, { from: row.from_id, to: row.to_id });
    const summary = stepSummary(report);
    const ended = await em.fork().transactional(async (tx) => {
      await lockStep(tx, step, date);
      if (!(await markPartDone(tx, step, date, round, part, summary))) return false;
      if ((await partsOf(tx, step, date, round)).some((p) => p.done_at === null)) return false;
      await jobs.send(tx, BANK_STEP_JOBS[step], { date, finish: round }, { key: finishKey(step, date, round) });
      return true;
    });
    if (ended) jobs.notify(BANK_STEP_JOBS[step]);
    return { date, step, round, part, from: row.from_id, to: row.to_id, ...summary };
  });
  jobs.handle(BANK_APPLIED_AUTOPAY_JOB, async ({ agreementId, date }, { em }) => {
    const bills = await bank.payDueNow(em, date, agreementId);
    return {
      date,
      agreementId,
      ...stepSummary({ step: 'autopay', date, bills, ms: 0 }),
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
