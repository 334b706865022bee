import { add, ZERO, type Cents } from '../../shared/money.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import { BillStatus, expectedBills, isOverdue, type BillPlan } from '../bill/index.js';
import { ContributionFrequency } from '../deposit/index.js';
import { toBillPlan, type DepositPlanBillerData, type DepositPlanData, type PaidOccurrence } from '../planner/index.js';
import type { AgreementFacts } from './agreement-facts.js';
import type { BillerFacts } from './agreement-billers.js';
import type { CategoryAllocation } from './agreement-summary.types.js';
import { firstDepositDate } from './plan/plan-schedule.rules.js';
import type { ExpectedBill } from '../../shared/deposit/cash-flow.rules.js';
import { isUnpaidBill } from './projection/projection.rules.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { ProjectionBillRow } from './projection/projection.queries.js';
import { overdueBillChanges, type OverdueBill, type OverdueOptionFacts } from './modification-schedule.rules.js';

/**
 * A stored version as the planner's input (the same `DepositPlanData` the wizard sends), so the what-ifs (the
 * graphs page's forecast, the at-risk list, a biller edit's preview) and the plan stored when a version takes
 * effect (`plan/agreed-plan.rules.ts`) run the engines exactly as the deposits step does.
 */

/** A stored biller or sub-category as the planner's biller input. */
export function billerPlanData(biller: BillerFacts): DepositPlanBillerData {
  const season = biller.peakValue !== null && biller.peakMonths.length > 0;
  return {
    key: biller.key,
    label: biller.nickname,
    frequency: biller.frequency,
    dateOfBill: biller.dateOfBill,
    secondDateOfBill: biller.secondDateOfBill,
    finalBillDate: biller.finalBillDate,
    amount: biller.newEstimate ?? biller.expectedBillValue,
    peakValue: season ? biller.peakValue : null,
    offPeakValue: season ? biller.offPeakValue : null,
    peakMonths: season ? biller.peakMonths : null,
    amountVaries: biller.amountVaries,
    paymentMethod: biller.paymentMethod,
  };
}

/** The facts of a biller that its bill details (the planner's biller input) set. */
type BillDetails =
  | 'frequency'
  | 'dateOfBill'
  | 'secondDateOfBill'
  | 'finalBillDate'
  | 'expectedBillValue'
  | 'amountVaries'
  | 'peakMonths'
  | 'peakValue'
  | 'offPeakValue';

/**
 * A biller as saving the planner's biller input `edited` would store it (the inverse of `billerPlanData`): `stored`'s
 * own facts (name, payment details, status, automatic payment, a revised estimate, which the biller form does not
 * write) with the bill details of `edited`; a new biller when `stored` is null (key `edited`, unless given).
 */
export function billerFactsWith(
  stored: BillerFacts | null,
  edited: DepositPlanBillerData,
  agreementId: number,
): BillerFacts {
  // What the biller form does not send: the stored biller's, or a new active one's. The bill details follow.
  const own: Omit<BillerFacts, BillDetails> = stored ?? {
    key: 'edited',
    previousKey: null,
    id: 0,
    agreementId,
    isSubCategory: false,
    nickname: 'Edited',
    categoryId: 0,
    categoryName: '',
    paymentMethod: PaymentMethod.Unknown,
    newEstimate: null,
    status: BillerStatus.Active,
    onHoldDate: null,
    isAutoPayment: false,
  };
  return {
    ...own,
    nickname: edited.label || own.nickname,
    paymentMethod: (edited.paymentMethod ?? own.paymentMethod) as PaymentMethod,
    frequency: edited.frequency,
    dateOfBill: edited.dateOfBill,
    secondDateOfBill: edited.secondDateOfBill ?? null,
    finalBillDate: edited.finalBillDate ?? null,
    expectedBillValue: edited.amount,
    amountVaries: edited.amountVaries ?? false,
    peakMonths: [...(edited.peakMonths ?? [])],
    peakValue: edited.peakValue ?? null,
    offPeakValue: edited.offPeakValue ?? null,
  };
}

/** The bill plan of a stored biller, or null when its stored details would be refused by the planner. */
export function storedBillPlan(biller: BillerFacts): BillPlan | null {
  try {
    return toBillPlan(billerPlanData(biller), { billerKey: biller.key, label: biller.nickname });
  } catch {
    return null;
  }
}

/** The billers the engines can compute with (a biller with impossible stored details is left out, not fatal). */
export function plannableBillers(billers: readonly BillerFacts[]): BillerFacts[] {
  return billers.filter((biller) => storedBillPlan(biller) !== null);
}

/** A stored bill as the deposits step reads it: an unpaid one as the projection reads it, or a settled one. */
export type HeldBillRow = Pick<
  ProjectionBillRow,
  'sourceKey' | 'dueDate' | 'expectedAmount' | 'contingency' | 'status'
>;

/** What a change's stored bills tell its deposits step, its stored plan and its applier beyond the billers' occurrences. */
export interface HeldBills {
  /** Still to be paid: those before the first day fall due on it (`owedBeforeFirstDay`). */
  owed: ExpectedBill[];
  /** Paid already or being paid, from the first day on: not billed again (`withoutPaidBills`). */
  paid: PaidOccurrence[];
  /**
   * The dates from the first day on whose stored bill stays as it is when the change is applied: the settled ones
   * (`paid`) and the failed ones (owed again on their own date). The applier writes no bill of the engine's on them
   * (`modification-schedule.rules.ts#billChanges`, `held`), and the planner counts one occurrence there: the failed
   * one is owed, not replaced (`owedBeforeFirstDay` leaves it to its biller's occurrence).
   */
  kept: PaidOccurrence[];
}

export const NO_HELD_BILLS: HeldBills = { owed: [], paid: [], kept: [] };

/**
 * Rule "held bills": which occurrences of a version's items its stored bills already cover (its own bills, or those of
 * the item of the version in force it copies, `previousKey`: they follow it when the change is applied,
 * version-carry-over.ts), the one answer the deposits step, the plan stored when the change is applied, the biller
 * form's preview and the applier (`heldBillDates`) read. A bill still to be paid (the projection's `isUnpaidBill`:
 * `OWED_STATUSES`, nothing paid yet or a failed payment returned) is owed, at its own amount and with its own
 * contingency (the step sets every bill's contingency aside), or, an overdue one of an item whose biller form asked for
 * "All unpaid overdue, current and future bills", at the amount applying the change gives it (`overdueOptions`); any
 * other is settled: paid from the agreement's money already, so its occurrence from the first day (`from`) on is not
 * billed again. A settled or failed bill from the first day on is kept on its date (`HeldBills.kept`). A removed
 * biller's bills are no longer the agreement's (as the projection's `projectedBills`). Which owed ones count, and on
 * which day, is the planner's (`owedBeforeFirstDay`, `withoutPaidBills`).
 */
export function heldBills(
  billers: readonly BillerFacts[],
  bills: readonly HeldBillRow[],
  from: LocalDate,
  /**
   * Per item of the version (its key), what applying the change does to its overdue bills: an item whose biller form
   * asked for "All unpaid overdue, current and future bills" owes them at the amount the applier writes
   * (`modification-schedule.rules.ts#overdueBillChanges`, the one rule).
   */
  overdueOptions: ReadonlyMap<string, OverdueOptionFacts> = new Map(),
): HeldBills {
  const byKey = new Map<string, BillerFacts>();
  for (const biller of billers) {
    byKey.set(biller.key, biller);
    if (biller.previousKey !== null) byKey.set(biller.previousKey, biller);
  }
  const held: HeldBills = { owed: [], paid: [], kept: [] };
  /** Per item, its owed overdue bills (their index in `held.owed` as the id). */
  const overdue = new Map<string, OverdueBill[]>();
  for (const bill of bills) {
    const biller = byKey.get(bill.sourceKey);
    if (!biller) continue;
    const occurrence = { billerKey: biller.key, date: bill.dueDate };
    if (!isUnpaidBill(bill.status)) {
      if (bill.dueDate < from) continue;
      held.paid.push(occurrence);
      held.kept.push(occurrence);
      continue;
    }
    if (isOverdue(bill.status)) {
      const list = overdue.get(biller.key) ?? [];
      list.push({
        id: held.owed.length,
        dueDate: bill.dueDate,
        amount: bill.expectedAmount,
        contingency: bill.contingency,
      });
      overdue.set(biller.key, list);
    }
    held.owed.push({
      billerKey: biller.key,
      label: biller.nickname,
      date: bill.dueDate,
      amount: bill.expectedAmount,
      contingency: bill.contingency,
    });
    if (bill.status === BillStatus.Failed && bill.dueDate >= from) held.kept.push(occurrence);
  }
  for (const [key, facts] of overdueOptions) {
    const bills = overdue.get(key);
    if (!bills) continue;
    for (const { id, amount, contingency } of overdueBillChanges(
      facts.change,
      facts.overdueOption,
      bills,
      facts.wanted,
      from,
    )) {
      held.owed[id] = { ...held.owed[id], amount, contingency };
    }
  }
  return held;
}

/** `HeldBills.kept` by item key (`biller:12`): the applier's `held` dates of each item. */
export function keptDatesByItem(held: HeldBills): Map<string, LocalDate[]> {
  const byItem = new Map<string, LocalDate[]>();
  for (const { billerKey, date } of held.kept) {
    const dates = byItem.get(billerKey);
    if (dates) dates.push(date);
    else byItem.set(billerKey, [date]);
  }
  return byItem;
}

/**
 * The stored agreement from its first deposit, holding `openingBalance` on the forecast's first morning, with what its
 * stored bills say (`heldBills`: a running agreement's, read with the opening balance; none for a new one).
 */
export function storedDepositPlanData(
  agreement: AgreementFacts,
  billers: readonly BillerFacts[],
  openingBalance: Cents,
  held: HeldBills = NO_HELD_BILLS,
): DepositPlanData {
  const biMonthly = agreement.contributionFrequency === ContributionFrequency.BiMonthly;
  return {
    startDate: agreement.startDate,
    endDate: agreement.endDate,
    openingBalance,
    depositFrequency: agreement.contributionFrequency,
    firstDepositDate: firstDepositDate(agreement),
    biMonthlyFirstDate: biMonthly ? agreement.biMonthlyFirstDate : null,
    biMonthlySecondDate: biMonthly ? agreement.biMonthlySecondDate : null,
    depositAmount: agreement.depositAmount,
    overdrawRuleDurationDays:
      agreement.overrideOverdrawRule && agreement.overrideOverdrawRuleDurationDays !== null
        ? agreement.overrideOverdrawRuleDurationDays
        : agreement.overdrawRuleDurationDays,
    approvedOverdraw: agreement.approvedOverdrawAmount,
    totalContractValue: agreement.totalContractValue,
    isModification: false,
    billers: plannableBillers(billers).map(billerPlanData),
    owedBills: held.owed,
    paidBills: held.paid,
  };
}

/**
 * What the agreement sets aside per billing category over its whole period: each biller's expected bills
 * (amount + contingency) from the bill engine, summed by category, largest first.
 */
export function allocationByCategory(agreement: AgreementFacts, billers: readonly BillerFacts[]): CategoryAllocation[] {
  const period = { start: agreement.startDate, end: agreement.endDate };
  const byCategory = new Map<number, CategoryAllocation>();
  for (const biller of billers) {
    const plan = storedBillPlan(biller);
    if (!plan) continue;
    let total: Cents;
    try {
      total = expectedBills(plan, period).total;
    } catch {
      continue; // over the occurrence cap: not a figure a donut can show
    }
    const entry = byCategory.get(biller.categoryId) ?? {
      categoryId: biller.categoryId,
      categoryName: biller.categoryName,
      amount: ZERO,
    };
    entry.amount = add(entry.amount, total);
    byCategory.set(biller.categoryId, entry);
  }
  return [...byCategory.values()].sort((a, b) => b.amount - a.amount || a.categoryName.localeCompare(b.categoryName));
}
