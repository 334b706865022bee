import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../common/clock.js';
import type { LocalDate } from '../../common/local-date.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { EventNotifier } from '../notification/events.js';
import type { PaymentService } from '../payment/payment.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { BillDays, emptyBillDay, type BillDayResult } from './bill-days.js';
import type { CoreBanking } from './core-banking.adapter.js';
import { DepositArrivals, type DepositDayResult } from './deposit-arrivals.js';
import { PaymentWindows, type WindowResult } from './payment-windows.js';
import { reconcile, type ReconciliationResult } from './reconciliation.js';
import { renewalDue } from './renewal-due.js';
import { startApprovedAgreements } from '../agreement/lifecycle/start-approved.js';

/** What one day of the bank did. */
export interface DayReport {
  date: LocalDate;
  deposits: DepositDayResult;
  bills: BillDayResult;
  /** Agreements told today that they are due for renewal. */
  renewalDue: number[];
  /** The day's deposits reconciled against the bank's statement (activity 18 on a mismatch). */
  reconciliation: ReconciliationResult;
  /** How long each step took (ms): deposits, automatic payments, calendar, expiry, renewal due. */
  timings: Record<'deposits' | 'reconciliation' | 'autoPay' | 'calendar' | 'expiry' | 'renewal', number>;
}

/**
 * The bank side in motion: the day's deposits, automatic payments, bill calendar and expiries (`runDay`), and the
 * pending windows' settlements (`runWindow`), on the app's clock. Run by the jobs of `core-banking.jobs.ts` and by
 * `npm run simulate`. Every step is idempotent (see each step), so a repeated or concurrent run changes nothing.
 */
export class BankDayService {
  private readonly listeners = new Set<(report: DayReport | WindowResult) => void>();
  private readonly deposits: DepositArrivals;
  private readonly bills: BillDays;
  private readonly windows: PaymentWindows;

  constructor(
    private readonly clock: Clock,
    timeZone: string,
    ledger: LedgerService,
    payments: PaymentService,
    settings: SettingsService,
    private readonly notifier: EventNotifier,
    readonly coreBanking: CoreBanking,
    /** Agreements worked on side by side (each in its own transaction): 1 on the embedded database's one connection. */
    concurrency = 1,
  ) {
    this.deposits = new DepositArrivals(ledger, settings, coreBanking, notifier, concurrency);
    this.bills = new BillDays(payments, concurrency);
    this.windows = new PaymentWindows(ledger, coreBanking, timeZone, notifier, concurrency);
  }

  /** Today's work: deposits in (reconciled with the bank's statement), automatic payments out, the bills' calendar, expiries, renewals due. */
  async runDay(em: EntityManager): Promise<DayReport> {
    const date = this.clock.today();
    const now = this.clock.now();
    let mark = performance.now();
    const lap = () => {
      const at = performance.now();
      const ms = Math.round(at - mark);
      mark = at;
      return ms;
    };
    await startApprovedAgreements(em, date, now);
    const deposits = await this.deposits.run(em, date, now);
    const depositsMs = lap();
    const reconciliation = await reconcile(em, this.coreBanking, date, now);
    const reconciliationMs = lap();
    const bills = emptyBillDay();
    await this.bills.autoPay(em, date, bills);
    const autoPayMs = lap();
    await this.bills.calendar(em, date, now, bills);
    const calendarMs = lap();
    await this.bills.expire(em, date, now, bills);
    const expiryMs = lap();
    const renewals = await renewalDue(em, date, now, this.notifier);
    const timings = {
      deposits: depositsMs,
      reconciliation: reconciliationMs,
      autoPay: autoPayMs,
      calendar: calendarMs,
      expiry: expiryMs,
      renewal: lap(),
    };
    const report = { date, deposits, bills, renewalDue: renewals, reconciliation, timings };
    for (const listener of this.listeners) listener(report);
    return report;
  }

  /** The pending window opening now: answers for the payments sent, then the next payments sent. */
  async runWindow(em: EntityManager): Promise<WindowResult> {
    const report = await this.windows.run(em, this.clock.now(), this.clock.today());
    for (const listener of this.listeners) listener(report);
    return report;
  }

  /** Hears every report this instance produces (the simulate command prints them); answers the unsubscribe. */
  listen(listener: (report: DayReport | WindowResult) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
