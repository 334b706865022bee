import type { Cents } from '../../shared/money.js';
import { maxDate, minDate, type LocalDate } from '../../shared/local-date.js';
import {
  buildCashFlowProfile,
  simulateCashFlow,
  type BalancePoint,
  type CashFlow,
  type DailyBalance,
  type DateWindow,
  type ExpectedBill,
} from '../../shared/deposit/cash-flow.rules.js';

export interface ForecastSeries {
  window: DateWindow;
  /** Closing balance per day, one point per calendar day. */
  days: DailyBalance[];
  lowestPoint: BalancePoint;
  /** First day that closes below zero; null if none. */
  firstDateBelowZero: LocalDate | null;
  overdrawLimit: Cents;
  /** First day that closes below -overdrawLimit (deeper than the overdraw allowed); null if none. */
  firstDateBelowOverdrawLimit: LocalDate | null;
}

/** The graphs page's series, read off an already simulated cash flow. */
export function forecastFromCashFlow(cashFlow: CashFlow, overdrawLimit: Cents): ForecastSeries {
  return {
    window: cashFlow.window,
    days: cashFlow.days,
    lowestPoint: cashFlow.lowestPoint,
    firstDateBelowZero: cashFlow.days.find((day) => day.balance < 0)?.date ?? null,
    overdrawLimit,
    firstDateBelowOverdrawLimit: cashFlow.days.find((day) => day.balance < -overdrawLimit)?.date ?? null,
  };
}

/**
 * The forecast starts on the agreement's start or today, whichever is later (the past is in the balance
 * already); an agreement past its end shows its last day only, as the deposits step uses the end date then.
 */
export function forecastWindow(startDate: LocalDate, endDate: LocalDate, today: LocalDate): DateWindow {
  return { from: minDate(maxDate(startDate, today), endDate), to: endDate };
}

export interface ForecastInput {
  startDate: LocalDate;
  endDate: LocalDate;
  today: LocalDate;
  /** The agreement's balance on the morning of the forecast's first day. */
  openingBalance: Cents;
  depositDates: readonly LocalDate[];
  depositAmount: Cents;
  /** Unpaid expected bills; those already overdue fall due on the first day. */
  bills: readonly ExpectedBill[];
  /** The approved overdraw (contractApprovedOverDrawOfAmount). */
  overdrawLimit: Cents;
}

export function forecastBalances(input: ForecastInput): ForecastSeries {
  const profile = buildCashFlowProfile({
    window: forecastWindow(input.startDate, input.endDate, input.today),
    openingBalance: input.openingBalance,
    depositDates: input.depositDates,
    bills: input.bills,
  });
  return forecastFromCashFlow(simulateCashFlow(profile, input.depositAmount), input.overdrawLimit);
}
