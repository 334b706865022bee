import type { LocalDate } from '../../../shared/local-date.js';
import { parseMoney, type Cents } from '../../../shared/money.js';
import { dateOf, moneyOf } from '../../../database/row-values.js';
import { BillStatus, isOverdue } from '../../bill/index.js';
import { PaymentMethod } from '../../../shared/bill/payment-method.js';
import { BillerStatus } from '../../../shared/biller/biller-codes.js';
import type { AgreementBalances } from '../../ledger/index.js';
import { DepositStatus } from '../agreement-codes.js';
import type { AgreementFacts } from '../agreement-facts.js';
import type { BillerFacts, BillFacts } from '../agreement-billers.js';
import { AgreementStatus } from '../agreement-status.js';
import { scheduledDepositDates } from '../plan/plan-schedule.rules.js';
import { billChanges, overdueBillChanges } from '../modification-schedule.rules.js';
import { billRowsOf, type ScheduledBillRow } from '../schedule-materializer.js';
import type { ProjectedBillFacts, ProjectedDepositFacts, ProjectionInput } from './projection.rules.js';

/**
 * The projection's input from what the modules load: the agreement, its ledger balances, its billers and bills, and
 * its stored deposit schedule. A version not yet applied (new, approved, waiting for the member) has no bill or
 * deposit rows: its schedule is the one the change applier will store (`materializeSchedule`'s own functions).
 */

/** Statuses of a version whose bills and deposits are written only when it is applied. */
const NOT_YET_APPLIED: ReadonlySet<AgreementStatus> = new Set([
  AgreementStatus.PendingApproval,
  AgreementStatus.Approved,
  AgreementStatus.Queued,
  AgreementStatus.InProgress,
  AgreementStatus.ModificationPendingApproval,
]);

/** What the projection reads of a bill row. */
export type ProjectedBillRow = Pick<BillFacts, 'id' | 'sourceKey' | 'dueDate' | 'expectedAmount' | 'status'>;

/** A scheduled_deposit row (from pg or a JSON aggregate) as the projection reads it. */
export function depositFactsOf(row: Record<string, unknown>): ProjectedDepositFacts & { agreementId: number } {
  return {
    agreementId: Number(row.agreement_id),
    dueDate: dateOf(row.due_date),
    expectedAmount: moneyOf(row.expected_amount),
    receivedAmount: moneyOf(row.received_amount),
    status: Number(row.status) as DepositStatus,
  };
}

/** The bills with their biller's name and flags; a bill of a removed biller is no longer the agreement's to pay. */
export function projectedBills(
  billers: readonly BillerFacts[],
  bills: readonly ProjectedBillRow[],
): ProjectedBillFacts[] {
  const byKey = new Map(billers.map((biller) => [biller.key, biller]));
  const result: ProjectedBillFacts[] = [];
  for (const bill of bills) {
    const biller = byKey.get(bill.sourceKey);
    if (biller) result.push(projectedBill(biller, bill.id, bill.dueDate, bill.expectedAmount, bill.status));
  }
  return result;
}

function projectedBill(
  biller: BillerFacts,
  billId: number,
  dueDate: LocalDate,
  amount: Cents,
  status: BillStatus,
): ProjectedBillFacts {
  return {
    billId,
    billerKey: biller.key,
    billerName: biller.nickname,
    dueDate,
    amount,
    status,
    isAutoPayment: biller.isAutoPayment && !biller.isSubCategory,
    isSubCategory: biller.isSubCategory,
    isReimbursement: biller.paymentMethod === PaymentMethod.Reimbursement,
    onHold: !biller.isSubCategory && biller.status === BillerStatus.OnHold,
  };
}

/** The bill engine's rows of one biller over the period (none when its details cannot be used, or over the cap). */
function engineRowsOf(biller: BillerFacts, period: { start: LocalDate; end: LocalDate }): ScheduledBillRow[] {
  try {
    return billRowsOf(biller, period);
  } catch {
    return []; // over the bill engine's occurrence cap: it could not be applied either
  }
}

/** One biller's bills in a version not yet applied: the rows applying it will write, none on hold; no bill id (0). */
export function plannedBillsOf(
  biller: BillerFacts,
  period: { start: LocalDate; end: LocalDate },
): ProjectedBillFacts[] {
  return engineRowsOf(biller, period).map((row) => ({
    ...projectedBill(biller, 0, row.dueDate, parseMoney(row.amount), BillStatus.Scheduled),
    onHold: false,
  }));
}

/** The bills and deposits a version not yet applied will have (none when its stored details cannot be used). */
function plannedSchedule(agreement: AgreementFacts, billers: readonly BillerFacts[]) {
  const period = { start: agreement.startDate, end: agreement.endDate };
  let id = 0;
  const bills: ProjectedBillFacts[] = [];
  for (const biller of billers) {
    // Not stored yet: no bill id.
    for (const bill of plannedBillsOf(biller, period)) bills.push({ ...bill, billId: (id -= 1) });
  }
  const deposits: ProjectedDepositFacts[] = scheduledDepositDates(agreement).map((dueDate) => ({
    dueDate,
    expectedAmount: agreement.depositAmount,
    receivedAmount: 0 as Cents,
    status: DepositStatus.Scheduled,
  }));
  return { bills, deposits };
}

/** Bills a modification may replace (`rescheduleModification`'s): still to come, nothing paid towards them. */
const REPLACEABLE: ReadonlySet<BillStatus> = new Set([BillStatus.Scheduled, BillStatus.Upcoming]);

/**
 * How a saved biller reaches the version's projection: a version not applied yet plans its whole schedule; an applied
 * one (the change applier's rolled-back preview of a modification) gets the modification's rule, with the dates
 * whose bill of the item stayed with the version in force (`heldBillDates`).
 */
export type SavedBillerBasis =
  | { applied: false }
  | {
      applied: true;
      held: readonly LocalDate[];
      /** The biller form's overdue option: "All unpaid overdue, current and future bills" reprices them (`overdueBillChanges`). */
      overdueOption: number | null;
    };

/**
 * The projection's input with `biller` saved in place of the item `replacing` (null: added), as the projection reads
 * the version once it is saved (a biller form's preview). A version not applied yet: the biller's bills over the
 * period, as `plannedSchedule` plans them. An applied one: the modification's rule (`billChanges`): the item's bills
 * from today on that nothing was paid towards become the bill engine's, dates held by the version in force and
 * failed bills are kept, and overdue bills stay owed (at the amount the biller form's overdue option gives them when
 * applied: `overdueBillChanges`); every bill of the item under the biller's name and flags.
 */
export function inputWithBiller(
  input: ProjectionInput,
  biller: BillerFacts,
  replacing: string | null,
  basis: SavedBillerBasis,
): ProjectionInput {
  const period = { start: input.startDate, end: input.endDate };
  const others = input.bills.filter((bill) => bill.billerKey !== replacing);
  let id = Math.min(0, ...input.bills.map((bill) => bill.billId));
  if (!basis.applied) {
    const planned = plannedBillsOf(biller, period).map((bill) => ({ ...bill, billId: (id -= 1) }));
    return { ...input, bills: [...others, ...planned] };
  }
  const own = input.bills.filter((bill) => bill.billerKey === replacing);
  const future = own.filter((bill) => bill.dueDate >= input.today);
  const change = replacing === null ? 'added' : 'changed';
  const wanted = engineRowsOf(biller, period).map((row) => ({
    dueDate: row.dueDate,
    amount: parseMoney(row.amount),
    contingency: parseMoney(row.contingency),
    isFinalBill: row.isFinalBill,
  }));
  const changes = billChanges(
    {
      change,
      stored: future
        .filter((bill) => REPLACEABLE.has(bill.status))
        .map((bill) => ({
          id: bill.billId,
          dueDate: bill.dueDate,
          amount: bill.amount,
          contingency: 0 as Cents,
          isFinalBill: false,
        })),
      wanted,
      held: [...basis.held, ...future.filter((bill) => !REPLACEABLE.has(bill.status)).map((bill) => bill.dueDate)],
      finalBillDate: null,
    },
    input.today,
  );
  const removed = new Set(changes.remove);
  const updated = new Map(changes.update.map(({ id: billId, bill }) => [billId, bill.amount]));
  // Its overdue bills at the amount the biller form's overdue option gives them when applied (the applier's rule).
  const overdue = own
    .filter((bill) => isOverdue(bill.status))
    .map((bill) => ({ id: bill.billId, dueDate: bill.dueDate, amount: bill.amount, contingency: 0 as Cents }));
  for (const { id: billId, amount } of overdueBillChanges(change, basis.overdueOption, overdue, wanted, input.today)) {
    updated.set(billId, amount);
  }
  const kept = own
    .filter((bill) => !removed.has(bill.billId))
    .map((bill) =>
      projectedBill(biller, bill.billId, bill.dueDate, updated.get(bill.billId) ?? bill.amount, bill.status),
    );
  const added = changes.insert.map((bill) =>
    projectedBill(biller, (id -= 1), bill.dueDate, bill.amount, BillStatus.Scheduled),
  );
  return { ...input, bills: [...others, ...kept, ...added] };
}

export interface ProjectionFacts {
  agreement: AgreementFacts;
  balances: AgreementBalances;
  billers: readonly BillerFacts[];
  /** The agreement's bills (all of them, or only the unpaid ones: paid bills play no part). */
  bills: readonly ProjectedBillRow[];
  deposits: readonly ProjectedDepositFacts[];
}

/** The rules' input for one agreement on `today`; `defaultOverdraw` is the server setting. */
export function projectionInputOf(facts: ProjectionFacts, today: LocalDate, defaultOverdraw: Cents): ProjectionInput {
  const { agreement } = facts;
  const unapplied = NOT_YET_APPLIED.has(agreement.status) && facts.bills.length === 0 && facts.deposits.length === 0;
  const schedule = unapplied
    ? plannedSchedule(agreement, facts.billers)
    : { bills: projectedBills(facts.billers, facts.bills), deposits: facts.deposits };
  return {
    today,
    agreementId: agreement.id,
    status: agreement.status,
    startDate: agreement.startDate,
    endDate: agreement.endDate,
    depositAmount: agreement.depositAmount,
    approvedOverdraw: agreement.approvedOverdrawAmount ?? defaultOverdraw,
    balances: facts.balances,
    deposits: schedule.deposits,
    bills: schedule.bills,
  };
}
