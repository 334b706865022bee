import type { LocalDate } from '../../../shared/local-date.js';
import { parseMoney, type Cents } from '../../../shared/money.js';
import { dateOf, moneyOf } from '../../../database/row-values.js';
import { BillStatus } from '../../bill/index.js';
import { PaymentMethod } from '../../../shared/bill/payment-method.js';
import { BillerStatus } from '../../../shared/biller/biller-codes.js';
import type { AgreementBalances } from '../../ledger/index.js';
import { DepositStatus } from '../agreement-codes.js';
import type { AgreementFacts } from '../agreement-facts.js';
import type { BillerFacts, BillFacts } from '../agreement-billers.js';
import { AgreementStatus } from '../agreement-status.js';
import { scheduledDepositDates } from '../plan/plan-schedule.rules.js';
import { billRowsOf } from '../schedule-materializer.js';
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

/** The bills and deposits a version not yet applied will have (none when its stored details cannot be used). */
function plannedSchedule(agreement: AgreementFacts, billers: readonly BillerFacts[]) {
  const period = { start: agreement.startDate, end: agreement.endDate };
  let id = 0;
  const bills: ProjectedBillFacts[] = [];
  for (const biller of billers) {
    let rows: ReturnType<typeof billRowsOf>;
    try {
      rows = billRowsOf(biller, period);
    } catch {
      continue; // over the bill engine's occurrence cap: it could not be applied either
    }
    for (const row of rows) {
      id -= 1; // not stored yet: no bill id
      bills.push({
        ...projectedBill(biller, id, row.dueDate, parseMoney(row.amount), BillStatus.Scheduled),
        onHold: false,
      });
    }
  }
  const deposits: ProjectedDepositFacts[] = scheduledDepositDates(agreement).map((dueDate) => ({
    dueDate,
    expectedAmount: agreement.depositAmount,
    receivedAmount: 0 as Cents,
    status: DepositStatus.Scheduled,
  }));
  return { bills, deposits };
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
