import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../shared/clock.js';
import { FiguresChangeReason, figuresChanged } from '../../common/figures-changed.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { LedgerService } from '../ledger/index.js';
import type { EventNotifier } from '../notification/index.js';
import type { PaymentService } from '../payment/index.js';
import { autoPaymentsDue, BillDays, emptyBillDay, type BillDayResult } from './bill-days.js';
import { EVERY_AGREEMENT, type AgreementRange } from '../../jobs/agreement-ranges.rules.js';
import type { CoreBanking } from './core-banking.adapter.js';
import { agreementsAskingDeposits, DepositArrivals, type DepositDayResult } from './deposit-arrivals.js';
import { insertRound, lockStep, markPartDone, stepBegun } from './step-record.js';
import { PaymentWindows, type WindowResult } from './payment-windows.js';
import { reconcile, type ReconciliationResult } from './reconciliation.js';
import { renewalDue } from './renewal-due.js';
import { queueReminders } from '../notification/index.js';
import { type ChangeApplier, startApprovedAgreements } from '../agreement/index.js';

/** What one day of the bank did: its steps' reports together. */
export interface DayReport {
  date: LocalDate;
  deposits: DepositDayResult;
  bills: BillDayResult;
  /** Agreements told today that they are due for renewal. */
  renewalDue: number[];
  /** The day's deposits and yesterday's payments reconciled against the bank's statement (activity 18). */
  reconciliation: ReconciliationResult;
  /** How long each step took (ms): deposits, reconciliation, automatic payments, calendar, expiry, renewal due. */
  timings: Record<'deposits' | 'reconciliation' | 'autoPay' | 'calendar' | 'expiry' | 'renewal', number>;
}

/**
 * The steps of a bank day, in order, each its own job (`core-banking.jobs.ts`) started by the one before: deposits
 * (agreements starting, renewals taking over, deposits in), reconciliation, automatic payments, the calendar (overdue, missed bills,
 * reminders, expiry, renewal due).
 */
export const DAY_STEPS = ['deposits', 'reconciliation', 'autopay', 'calendar'] as const;
export type DayStepName = (typeof DAY_STEPS)[number];

/**
 * The steps split into parts by agreement id ranges (issue 23 item 2), each part a job any instance takes: their work
 * is per agreement (each batch its own transaction, keys per agreement and day; the calendar's bills one set-based
 * transaction per part). Reconciliation is one part: it compares the day's one statement of the bank with the ledger
 * as a whole (a few set-based statements). The calendar's expiry, renewal due and reminders run once after its parts
 * (`endStep`), in that order as before: the expiry follows every agreement's bills (a bill of an agreement ending
 * yesterday is still made overdue first), the reminders the expiry (an expired agreement is not reminded).
 */
export const PARTITIONED_STEPS: ReadonlySet<DayStepName> = new Set<DayStepName>(['deposits', 'autopay', 'calendar']);

/** What one step of a day did (heard by `listen`; `runDay` and `simulateDay` put a day's together). */
export type StepReport =
  | { step: 'deposits'; date: LocalDate; deposits: DepositDayResult; ms: number }
  | { step: 'reconciliation'; date: LocalDate; reconciliation: ReconciliationResult; ms: number }
  | { step: 'autopay'; date: LocalDate; bills: BillDayResult; ms: number }
  | {
      step: 'calendar';
      date: LocalDate;
      bills: BillDayResult;
      renewalDue: number[];
      ms: { calendar: number; expiry: number; renewal: number };
    };

/** The report of a step that did nothing (run again after it had run: every part done before). */
export function emptyStepReport(step: DayStepName, date: LocalDate): StepReport {
  switch (step) {
    case 'deposits':
      return { step, date, deposits: { received: [], missed: [], arrearsCleared: [], intoArrears: [] }, ms: 0 };
    case 'reconciliation':
      return { step, date, reconciliation: { checked: 0, mismatches: [] }, ms: 0 };
    case 'autopay':
      return { step, date, bills: emptyBillDay(), ms: 0 };
    case 'calendar':
      return { step, date, bills: emptyBillDay(), renewalDue: [], ms: { calendar: 0, expiry: 0, renewal: 0 } };
  }
}

/** A step's report from its parts' (`reports` all of one step and day, at least one), as if run whole. */
export function combineStepReports(reports: readonly StepReport[]): StepReport {
  const [first, ...rest] = reports;
  if (!first) throw new Error('A step without a report');
  const byAgreement = <T extends { agreementId: number }>(a: T, b: T) => a.agreementId - b.agreementId;
  switch (first.step) {
    case 'deposits': {
      const all = [first, ...rest] as Extract<StepReport, { step: 'deposits' }>[];
      const key = (a: { agreementId: number; depositId: number }, b: { agreementId: number; depositId: number }) =>
        a.agreementId - b.agreementId || a.depositId - b.depositId;
      return {
        step: 'deposits',
        date: first.date,
        deposits: {
          received: all.flatMap((r) => r.deposits.received).sort(key),
          missed: all.flatMap((r) => r.deposits.missed).sort(key),
          arrearsCleared: all.flatMap((r) => r.deposits.arrearsCleared).sort((a, b) => a - b),
          intoArrears: all.flatMap((r) => r.deposits.intoArrears).sort((a, b) => a - b),
        },
        ms: all.reduce((ms, r) => ms + r.ms, 0),
      };
    }
    case 'reconciliation': {
      const all = [first, ...rest] as Extract<StepReport, { step: 'reconciliation' }>[];
      return {
        step: 'reconciliation',
        date: first.date,
        reconciliation: {
          checked: all.reduce((n, r) => n + r.reconciliation.checked, 0),
          mismatches: all.flatMap((r) => r.reconciliation.mismatches).sort(byAgreement),
        },
        ms: all.reduce((ms, r) => ms + r.ms, 0),
      };
    }
    case 'autopay':
    case 'calendar': {
      const all = [first, ...rest] as Extract<StepReport, { step: 'autopay' | 'calendar' }>[];
      const bills: BillDayResult = {
        paid: all.flatMap((r) => r.bills.paid).sort((a, b) => a.billId - b.billId),
        notPaid: all.flatMap((r) => r.bills.notPaid).sort((a, b) => a.billId - b.billId),
        overdue: all.reduce((n, r) => n + r.bills.overdue, 0),
        missedBills: all.reduce((n, r) => n + r.bills.missedBills, 0),
        reminders: all.reduce((n, r) => n + r.bills.reminders, 0),
        expired: all.flatMap((r) => r.bills.expired).sort((a, b) => a - b),
      };
      if (first.step === 'autopay') {
        const ms = (all as Extract<StepReport, { step: 'autopay' }>[]).reduce((n, r) => n + r.ms, 0);
        return { step: 'autopay', date: first.date, bills, ms };
      }
      const calendars = all as Extract<StepReport, { step: 'calendar' }>[];
      const sum = (of: 'calendar' | 'expiry' | 'renewal') => calendars.reduce((n, r) => n + r.ms[of], 0);
      return {
        step: 'calendar',
        date: first.date,
        bills,
        renewalDue: calendars.flatMap((r) => r.renewalDue).sort((a, b) => a - b),
        ms: { calendar: sum('calendar'), expiry: sum('expiry'), renewal: sum('renewal') },
      };
    }
  }
}

/** A day's report from its four steps' (each step's own; throws when one is missing). */
export function dayReportOf(date: LocalDate, steps: readonly StepReport[]): DayReport {
  const find = <S extends DayStepName>(step: S) => {
    const found = steps.find((r): r is Extract<StepReport, { step: S }> => r.step === step);
    if (!found) throw new Error(`The ${step} step of ${date} did not report`);
    return found;
  };
  const deposits = find('deposits');
  const reconciliation = find('reconciliation');
  const autopay = find('autopay');
  const calendar = find('calendar');
  return {
    date,
    deposits: deposits.deposits,
    bills: { ...calendar.bills, paid: autopay.bills.paid, notPaid: autopay.bills.notPaid },
    renewalDue: calendar.renewalDue,
    reconciliation: reconciliation.reconciliation,
    timings: {
      deposits: deposits.ms,
      reconciliation: reconciliation.ms,
      autoPay: autopay.ms,
      calendar: calendar.ms.calendar,
      expiry: calendar.ms.expiry,
      renewal: calendar.ms.renewal,
    },
  };
}

function stopwatch(): () => number {
  let mark = performance.now();
  return () => {
    const at = performance.now();
    const ms = Math.round(at - mark);
    mark = at;
    return ms;
  };
}

/**
 * The bank side in motion: the day's steps (`runStep`: deposits, reconciliation, automatic payments, calendar; all
 * four in order: `runDay`) and the pending windows' settlements (`runWindow`), on the app's clock. Run by the jobs of
 * `core-banking.jobs.ts` and by `npm run simulate`. Every step is idempotent (see each step), so a repeated or
 * concurrent run changes nothing.
 */
export class BankDayService {
  private readonly listeners = new Set<(report: StepReport | WindowResult) => void>();
  private readonly deposits: DepositArrivals;
  private readonly bills: BillDays;
  private readonly windows: PaymentWindows;

  constructor(
    private readonly clock: Clock,
    timeZone: string,
    ledger: LedgerService,
    payments: PaymentService,
    private readonly notifier: EventNotifier,
    readonly coreBanking: CoreBanking,
    /** Agreements worked on side by side (each in its own transaction): 1 on the embedded database's one connection. */
    concurrency = 1,
    /** Renewals waiting (1) take over on their first day, before its deposits (agreement/change-applier.ts). */
    private readonly renewals: Pick<ChangeApplier, 'takeOverRenewals'> | null = null,
  ) {
    this.deposits = new DepositArrivals(ledger, coreBanking, notifier, concurrency);
    this.bills = new BillDays(payments, concurrency);
    this.windows = new PaymentWindows(ledger, coreBanking, timeZone, notifier, concurrency);
  }

  /** The bank's today on the app's clock (the day the day's first step runs for). */
  today(): LocalDate {
    return this.clock.today();
  }

  /**
   * Whether the deposits step of `date` has begun (step-record.ts#stepBegun: its own record of the day, also when no
   * deposit was due anywhere): a deposit of that day written from now on is asked for only the next day.
   */
  depositsTakenOn(em: EntityManager, date: LocalDate): Promise<boolean> {
    return stepBegun(em, 'deposits', date);
  }

  /**
   * One step of the day `date`, whole, here (the clock gives the time its records are made at), recorded as the jobs
   * record a step (one round of one part: `depositsTakenOn` reads it).
   */
  async runStep(em: EntityManager, step: DayStepName, date: LocalDate): Promise<StepReport> {
    await this.beginStep(em, step, date);
    const [{ round }] = await em.fork().transactional(async (tx) => {
      await lockStep(tx, step, date);
      return insertRound(tx, step, date, [EVERY_AGREEMENT]);
    });
    const whole = await this.runPart(em, step, date, EVERY_AGREEMENT);
    await em.fork().transactional(async (tx) => {
      await lockStep(tx, step, date);
      await markPartDone(tx, step, date, round, 0, null);
    });
    const end = await this.endStep(em, step, date);
    return end ? combineStepReports([whole, end]) : whole;
  }

  /**
   * What a step does once for the whole day after its parts (the calendar's: expiry, renewal due, reminders, in that
   * order); null for a step with nothing after its parts. Run by the step's finish run (core-banking.jobs.ts).
   */
  async endStep(em: EntityManager, step: DayStepName, date: LocalDate): Promise<StepReport | null> {
    if (step !== 'calendar') return null;
    const now = this.clock.now();
    const lap = stopwatch();
    const bills = emptyBillDay();
    await this.bills.expire(em, date, now, bills);
    const expiry = lap();
    const renewals = await renewalDue(em, date, now, this.notifier);
    await queueReminders(em, this.notifier, date);
    const report: StepReport = {
      step,
      date,
      bills,
      renewalDue: renewals,
      ms: { calendar: 0, expiry, renewal: lap() },
    };
    figuresChanged(em, { everyAccount: true, reason: FiguresChangeReason.BankDay });
    for (const listener of this.listeners) listener(report);
    return report;
  }

  /**
   * What a step does once for the whole day before its parts: the deposits step starts the approved agreements
   * starting by `date` and lets renewals take over (status transitions, each its own key), so that the agreements
   * asking deposits are known when the day is split.
   */
  async beginStep(em: EntityManager, step: DayStepName, date: LocalDate): Promise<void> {
    if (step !== 'deposits') return;
    await startApprovedAgreements(em, date, this.clock.now());
    await this.renewals?.takeOverRenewals(em, date);
  }

  /**
   * The agreements a step of `date` works on, to split it into parts (`partitionRanges`): those asking deposits,
   * those with automatic payments due, the running ones for the calendar; none for a step run as one part
   * (`PARTITIONED_STEPS`).
   */
  async stepAgreements(em: EntityManager, step: DayStepName, date: LocalDate): Promise<number[]> {
    if (step === 'deposits') return agreementsAskingDeposits(em, date);
    if (step === 'autopay') return [...new Set((await autoPaymentsDue(em, date)).map((bill) => bill.agreement_id))];
    if (step === 'calendar') return this.bills.calendarAgreements(em);
    return [];
  }

  /**
   * One part of a step of the day `date`: the step's work for the agreements in `range` (a step not in
   * `PARTITIONED_STEPS` is given every agreement). The same work whether the step runs whole or in parts.
   */
  async runPart(em: EntityManager, step: DayStepName, date: LocalDate, range: AgreementRange): Promise<StepReport> {
    const now = this.clock.now();
    const lap = stopwatch();
    let report: StepReport;
    switch (step) {
      case 'deposits': {
        const deposits = await this.deposits.run(em, date, now, range);
        report = { step, date, deposits, ms: lap() };
        break;
      }
      case 'reconciliation': {
        const reconciliation = await reconcile(em, this.coreBanking, date, now);
        report = { step, date, reconciliation, ms: lap() };
        break;
      }
      case 'autopay': {
        const bills = emptyBillDay();
        await this.bills.autoPay(em, date, bills, range);
        report = { step, date, bills, ms: lap() };
        break;
      }
      case 'calendar': {
        const bills = emptyBillDay();
        await this.bills.calendar(em, date, now, bills, range);
        report = { step, date, bills, renewalDue: [], ms: { calendar: lap(), expiry: 0, renewal: 0 } };
        break;
      }
    }
    // Bills fell due, deposits came or were missed: every open screen reads its figures again.
    figuresChanged(em, { everyAccount: true, reason: FiguresChangeReason.BankDay });
    for (const listener of this.listeners) listener(report);
    return report;
  }

  /**
   * The automatic payments of one agreement's bills due by `date`, now: the automatic payments step's own work
   * (`BillDays#autoPay`, `PaymentService.payAutomatically`, each bill's idempotency key) for that agreement alone.
   * For an agreement applied after the day's step ran (core-banking.jobs.ts, `BANK_APPLIED_AUTOPAY_JOB`): a bill due
   * today is paid today, once, whether the step or this pays it.
   */
  async payDueNow(em: EntityManager, date: LocalDate, agreementId: number): Promise<BillDayResult> {
    const bills = emptyBillDay();
    await this.bills.autoPay(em, date, bills, { from: agreementId, to: agreementId + 1 });
    return bills;
  }

  /** Today's steps in order, here: deposits in (reconciled with the bank's statement), automatic payments out, the calendar. */
  async runDay(em: EntityManager): Promise<DayReport> {
    const date = this.clock.today();
    const reports: StepReport[] = [];
    for (const step of DAY_STEPS) reports.push(await this.runStep(em, step, date));
    return dayReportOf(date, reports);
  }

  /** The pending window opening now: answers for the payments sent, then the next payments sent. */
  async runWindow(em: EntityManager): Promise<WindowResult> {
    const report = await this.windows.run(em, this.clock.now(), this.clock.today());
    figuresChanged(em, { everyAccount: true, reason: FiguresChangeReason.BankDay });
    for (const listener of this.listeners) listener(report);
    return report;
  }

  /** Hears every report this instance produces (the simulate command prints them); answers the unsubscribe. */
  listen(listener: (report: StepReport | WindowResult) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
