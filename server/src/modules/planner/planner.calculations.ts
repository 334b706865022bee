import { DomainError } from '../../shared/errors.js';
import { LocalDateError, type LocalDate } from '../../shared/local-date.js';
import { add, MoneyError, type Cents } from '../../shared/money.js';
import {
  BILL_STATUS_LABELS,
  expectedBills,
  statusForDueDate,
  totalsOf,
  type BillStatus,
  type ExpectedBillsSummary,
} from '../bill/index.js';
import { BILLING_FREQUENCY_LABELS, type BillingFrequency } from '../../shared/bill/billing-frequency.js';
import { forecastWindow, planDeposits, type DepositPlan } from '../deposit/index.js';
import type { ExpectedBill } from '../../shared/deposit/cash-flow.rules.js';
import { checkLimit, checkPeriod, optionalDate, toBillPlan, type BillDetailsData } from './bill-input.rules.js';
import {
  checkDepositPlan,
  type DepositPlanData,
  type PaidOccurrence,
  type PlannerDefaults,
} from './deposit-input.rules.js';
import { PlannerInputError, withFieldPrefix } from './planner.errors.js';

/**
 * The planner's two calculations, pure (plain data in, plain data out, `today` a parameter): the service
 * adds the settings and the clock, the benchmark calls these directly.
 */

/**
 * Runs an engine; its expected rejections keep their code and message (with the input field prefixed), and
 * anything out of the calendar's or money's range becomes a clear refusal rather than an internal error.
 */
export function guardCalculation<T>(calculate: () => T, field?: string): T {
  try {
    return calculate();
  } catch (error) {
    if (error instanceof DomainError) throw field ? withFieldPrefix(error, field) : error;
    if (error instanceof MoneyError || error instanceof LocalDateError || error instanceof RangeError) {
      throw new PlannerInputError(
        'CALCULATION_OUT_OF_RANGE',
        'The amounts or dates are too large to calculate with.',
        field ?? 'input',
      );
    }
    throw error;
  }
}

export interface BillScheduleData extends BillDetailsData {
  periodStart: LocalDate;
  periodEnd: LocalDate;
  /** Only occurrences strictly after this date. */
  after?: LocalDate | null;
  /** At most this many occurrences; -1 (the default) means all. */
  limit?: number | null;
}

export interface OccurrencePreview {
  date: LocalDate;
  amount: Cents;
  contingency: Cents;
  total: Cents;
  status: BillStatus;
  statusLabel: string;
  isFinalBill: boolean;
}

export interface BillSchedulePreviewData {
  today: LocalDate;
  frequency: BillingFrequency;
  frequencyLabel: string;
  occurrences: OccurrencePreview[];
  count: number;
  totalAmount: Cents;
  totalContingency: Cents;
  total: Cents;
}

/** One biller's bills over a period, each with its amount, contingency and status on `today`. */
export function previewBillSchedule(data: BillScheduleData, today: LocalDate): BillSchedulePreviewData {
  const plan = toBillPlan(data, { billerKey: 'preview', label: '' });
  const period = checkPeriod(data.periodStart, data.periodEnd, { start: 'periodStart', end: 'periodEnd' });
  const after = optionalDate(data.after, 'after') ?? undefined;
  const limit = checkLimit(data.limit, 'limit');
  const summary = guardCalculation(() => expectedBills(plan, period, { after, limit }));
  return {
    today,
    frequency: plan.frequency,
    frequencyLabel: BILLING_FREQUENCY_LABELS[plan.frequency],
    occurrences: summary.bills.map((bill) => {
      const status = statusForDueDate(bill.date, today);
      return {
        date: bill.date,
        amount: bill.amount,
        contingency: bill.contingency,
        total: add(bill.amount, bill.contingency),
        status,
        statusLabel: BILL_STATUS_LABELS[status],
        isFinalBill: bill.isFinalBill,
      };
    }),
    count: summary.count,
    totalAmount: summary.totalAmount,
    totalContingency: summary.totalContingency,
    total: summary.total,
  };
}

export interface DepositPlanResult {
  today: LocalDate;
  plan: DepositPlan;
  /** Each biller's bills in the simulated period, in the input's order. */
  billers: ExpectedBillsSummary[];
  settings: PlannerDefaults;
  payTodayBypass: boolean;
}

/**
 * Rule "owed bills fall due on the first day": of the bills the agreement still owes (`DepositPlanData.owedBills`),
 * those dated before the first simulated day are paid from what it holds that morning, so they fall due that day (the
 * deposit engine puts a bill before its first day there). One dated on the first day or later is one of its billers'
 * own occurrences, which the plan counts already (a failed bill carried over on its date: modification-schedule.ts
 * bills that date no second time): it is not counted twice.
 */
export function owedBeforeFirstDay(owed: readonly ExpectedBill[], firstDay: LocalDate): ExpectedBill[] {
  return owed.filter((bill) => bill.date < firstDay);
}

/**
 * Rule "paid bills are not billed again": a biller's occurrences without those on a date whose bill is paid already
 * (`DepositPlanData.paidBills`: paid early, or being paid, with the opening balance's money), with their totals.
 */
export function withoutPaidBills(summary: ExpectedBillsSummary, paid: readonly PaidOccurrence[]): ExpectedBillsSummary {
  const dates = new Set(paid.filter((bill) => bill.billerKey === summary.billerKey).map((bill) => bill.date));
  if (dates.size === 0) return summary;
  const bills = summary.bills.filter((bill) => !dates.has(bill.date));
  return { ...summary, bills, ...totalsOf(bills) };
}

/**
 * The deposits step for an agreement described in full by the caller. Its billers' bills are counted from the first
 * simulated day (the later of the start and today); what fell due earlier is paid from the opening balance (what the
 * agreement holds that morning), except the bills it still owes (`owedBills`), which fall due on the first day; an
 * occurrence already paid from it (`paidBills`) is not billed again.
 */
export function calculateDepositPlan(
  data: DepositPlanData,
  today: LocalDate,
  defaults: PlannerDefaults,
): DepositPlanResult {
  const checked = checkDepositPlan(data, today, defaults);
  const window = forecastWindow(checked.startDate, checked.endDate, today);
  const period = { start: window.from, end: checked.endDate };
  const billers = checked.billers.map((plan, i) =>
    withoutPaidBills(
      guardCalculation(() => expectedBills(plan, period), `billers[${i}]`),
      data.paidBills ?? [],
    ),
  );
  const plan = guardCalculation(() =>
    planDeposits({
      startDate: checked.startDate,
      endDate: checked.endDate,
      today,
      openingBalance: checked.openingBalance,
      schedule: checked.schedule,
      depositDates: data.depositDates ?? undefined,
      bills: [...owedBeforeFirstDay(data.owedBills ?? [], window.from), ...billers.flatMap((summary) => summary.bills)],
      depositAmount: checked.depositAmount,
      overdrawRuleDurationDays: checked.overdrawRuleDurationDays,
      settings: {
        contractApprovedOverDrawOfAmount: checked.approvedOverdraw,
        businessUpperContractLimit: checked.upperContractLimit,
      },
      totalContractValue: checked.totalContractValue,
      payTodayBypass: checked.payTodayBypass,
    }),
  );
  return {
    today,
    plan,
    billers,
    settings: {
      approvedOverdraw: checked.approvedOverdraw,
      upperContractLimit: checked.upperContractLimit,
      overdrawRuleDurationDays: checked.overdrawRuleDurationDays,
    },
    payTodayBypass: checked.payTodayBypass,
  };
}
