import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import {
  buildCashFlowProfile,
  simulateCashFlow,
  type DateWindow,
  type ExpectedBill,
} from '../../shared/deposit/cash-flow.rules.js';
import { explainDeposit, type DepositBreakdown } from './deposit-breakdown.rules.js';
import {
  checkDepositCoversExpenses,
  minimumDeposit,
  requiredDeposit,
  type ExpensesCoverage,
  type MinimumDeposit,
  type RequiredDeposit,
} from './deposit-calculator.rules.js';
import { depositDates, type DepositScheduleInput } from './deposit-schedule.rules.js';
import { forecastFromCashFlow, forecastWindow, type ForecastSeries } from './forecast.rules.js';
import {
  assessOverdraw,
  DEFAULT_DEPOSIT_SETTINGS,
  type DepositSettings,
  type OverdrawAssessment,
} from './overdraw.rules.js';

export interface DepositPlanInput {
  startDate: LocalDate;
  endDate: LocalDate;
  today: LocalDate;
  /** The agreement's balance (allocation already held) on the first simulated day; 0 for a new agreement. */
  openingBalance: Cents;
  schedule: Omit<DepositScheduleInput, 'endDate'>;
  /**
   * The deposits as they are written (a version applied: its schedule on the bank's days, without the dates the
   * version in force keeps), counted instead of the schedule's own dates; those before the window are not counted.
   */
  depositDates?: readonly LocalDate[];
  /** Unpaid expected bills of the agreement. */
  bills: readonly ExpectedBill[];
  /** The deposit entered on the deposits step; the required deposit when absent. */
  depositAmount?: Cents;
  overdrawRuleDurationDays: number;
  /** Server settings; missing ones take the spec's defaults ($5,000 and $50,000). */
  settings?: Partial<DepositSettings>;
  /** The agreement's total value when the caller knows it; else the expenses of the simulated period. */
  totalContractValue?: Cents;
  payTodayBypass?: boolean;
}

export interface DepositPlan {
  /** From the start or today (whichever is later) to the end date. */
  window: DateWindow;
  depositDates: LocalDate[];
  required: RequiredDeposit;
  depositAmount: Cents;
  coverage: ExpensesCoverage;
  /** Null when no deposit falls in the period. */
  breakdown: DepositBreakdown | null;
  /** The smallest deposit that never lets the balance close below zero. */
  minimum: MinimumDeposit;
  overdraw: OverdrawAssessment;
  forecast: ForecastSeries;
}

/**
 * Everything the deposits step and the graphs page need, from one profile of the period: the bills are
 * bucketed once, then each question is an O(days) pass.
 */
export function planDeposits(input: DepositPlanInput): DepositPlan {
  const settings: DepositSettings = {
    contractApprovedOverDrawOfAmount:
      input.settings?.contractApprovedOverDrawOfAmount ?? DEFAULT_DEPOSIT_SETTINGS.contractApprovedOverDrawOfAmount,
    businessUpperContractLimit:
      input.settings?.businessUpperContractLimit ?? DEFAULT_DEPOSIT_SETTINGS.businessUpperContractLimit,
  };
  const window = forecastWindow(input.startDate, input.endDate, input.today);
  const dates = (input.depositDates ?? depositDates({ ...input.schedule, endDate: input.endDate })).filter(
    (date) => date >= window.from && date <= input.endDate,
  );
  const profile = buildCashFlowProfile({
    window,
    openingBalance: input.openingBalance,
    depositDates: dates,
    bills: input.bills,
  });

  const required = requiredDeposit(profile);
  const depositAmount = input.depositAmount ?? required.amount;
  const cashFlow = simulateCashFlow(profile, depositAmount);

  return {
    window,
    depositDates: dates,
    required,
    depositAmount,
    coverage: checkDepositCoversExpenses(required, depositAmount, { payTodayBypass: input.payTodayBypass }),
    breakdown:
      profile.depositCount > 0
        ? explainDeposit({
            depositAmount,
            depositCount: profile.depositCount,
            openingBalance: input.openingBalance,
            bills: profile.bills,
          })
        : null,
    minimum: minimumDeposit(profile),
    overdraw: assessOverdraw({
      cashFlow,
      agreementStartDate: input.startDate,
      overdrawRuleDurationDays: input.overdrawRuleDurationDays,
      totalContractValue: input.totalContractValue ?? profile.totalOutflow,
      settings,
    }),
    forecast: forecastFromCashFlow(cashFlow, settings.contractApprovedOverDrawOfAmount),
  };
}
