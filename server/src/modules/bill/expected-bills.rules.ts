import { add, sum, type Cents } from '../../shared/money.js';
import { compareDates, type LocalDate } from '../../shared/local-date.js';
import {
  billAmountOn,
  contingencyFor,
  type BillValue,
  type ContingencyBasis,
} from '../../shared/bill/bill-amount.rules.js';
import {
  billOccurrences,
  type AgreementPeriod,
  type BillSchedule,
  type OccurrenceOptions,
} from '../../shared/bill/bill-schedule.rules.js';

/** Everything needed to foresee one biller's or sub-category's bills. */
export interface BillPlan extends BillSchedule, BillValue, ContingencyBasis {
  /** Identifies the source to the caller, e.g. `biller:12` or `subcategory:3`. */
  billerKey: string;
  /** What the member sees, usually the nickname. */
  label: string;
}

/** One bill the agreement must fund: what the deposit calculator takes out on `date`. */
export interface ExpectedBill {
  billerKey: string;
  label: string;
  date: LocalDate;
  amount: Cents;
  contingency: Cents;
  isFinalBill: boolean;
}

export interface ExpectedBillTotals {
  count: number;
  totalAmount: Cents;
  totalContingency: Cents;
  /** Amount plus contingency: what the deposits must cover. */
  total: Cents;
}

export interface ExpectedBillsSummary extends ExpectedBillTotals {
  billerKey: string;
  label: string;
  bills: ExpectedBill[];
}

export interface AgreementBillsSummary extends ExpectedBillTotals {
  /** Every plan's bills in date order; bills on the same day keep the plans' order. */
  bills: ExpectedBill[];
  byBiller: ExpectedBillsSummary[];
}

export function totalsOf(bills: readonly ExpectedBill[]): ExpectedBillTotals {
  const totalAmount = sum(bills.map((bill) => bill.amount));
  const totalContingency = sum(bills.map((bill) => bill.contingency));
  return { count: bills.length, totalAmount, totalContingency, total: add(totalAmount, totalContingency) };
}

/** One plan's bills over the period, each with its amount (season aware) and contingency, and their totals. */
export function expectedBills(
  plan: BillPlan,
  period: AgreementPeriod,
  options: OccurrenceOptions = {},
): ExpectedBillsSummary {
  const bills = billOccurrences(plan, period, options).map((occurrence): ExpectedBill => {
    const amount = billAmountOn(plan, occurrence.date);
    return {
      billerKey: plan.billerKey,
      label: plan.label,
      date: occurrence.date,
      amount,
      contingency: contingencyFor(amount, plan),
      isFinalBill: occurrence.isFinalBill,
    };
  });
  return { billerKey: plan.billerKey, label: plan.label, bills, ...totalsOf(bills) };
}

/** All plans' bills over the period in date order, for the deposit simulation (the cap applies per plan). */
export function expectedBillsForAgreement(plans: readonly BillPlan[], period: AgreementPeriod): AgreementBillsSummary {
  const byBiller = plans.map((plan) => expectedBills(plan, period));
  // Stable sort on the date only: equal dates keep the plans' order.
  const bills = byBiller.flatMap((summary) => summary.bills).sort((a, b) => compareDates(a.date, b.date));
  return { bills, byBiller, ...totalsOf(bills) };
}
