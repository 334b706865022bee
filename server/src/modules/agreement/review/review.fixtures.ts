import type { LocalDate } from '../../../shared/local-date.js';
import { cents } from '../../../shared/money.js';
import { BillStatus } from '../../bill/index.js';
import { DepositStatus } from '../agreement-codes.js';
import { AgreementStatus } from '../agreement-status.js';
import type { ProjectedBillFacts, ProjectedDepositFacts, ProjectionInput } from '../projection/projection.rules.js';
import type { ReviewBiller, ReviewBillFacts } from './review-table.rules.js';

/** Test facts of the review's table tests (amounts in cents). */

export const d = (text: string) => text as LocalDate;
export const TODAY = d('2026-07-01');

export const ELECTRICITY: ReviewBiller = { key: 'biller:1', name: 'Electricity', amountVaries: true };
export const RATES: ReviewBiller = { key: 'biller:2', name: 'Council rates', amountVaries: false };

let nextId = 1;

/** A bill already paid: what it came to (`paid`) against its estimate (`expected`). */
export function paidBill(
  biller: ReviewBiller,
  dueDate: string,
  expected: number,
  paid: number,
  more: Partial<ReviewBillFacts> = {},
): ReviewBillFacts {
  return {
    billId: nextId++,
    billerKey: biller.key,
    dueDate: d(dueDate),
    expectedAmount: cents(expected),
    contingency: cents(biller.amountVaries ? Math.round(expected / 10) : 0),
    status: BillStatus.Paid,
    paidAmount: cents(paid),
    amountOwing: cents(0),
    contingencyUsed: cents(0),
    ...more,
  };
}

/** A bill still to come: the projection's bill and its row (the same id). */
export function comingBill(
  biller: ReviewBiller,
  dueDate: string,
  expected: number,
): { projected: ProjectedBillFacts; row: ReviewBillFacts } {
  const billId = nextId++;
  return {
    projected: {
      billId,
      billerKey: biller.key,
      billerName: biller.name,
      dueDate: d(dueDate),
      amount: cents(expected),
      status: BillStatus.Scheduled,
      isAutoPayment: false,
      isSubCategory: false,
      isReimbursement: false,
      onHold: false,
    },
    row: {
      billId,
      billerKey: biller.key,
      dueDate: d(dueDate),
      expectedAmount: cents(expected),
      contingency: cents(biller.amountVaries ? Math.round(expected / 10) : 0),
      status: BillStatus.Scheduled,
      paidAmount: cents(0),
      amountOwing: cents(0),
      contingencyUsed: cents(0),
    },
  };
}

export function deposit(dueDate: string, amount: number, status = DepositStatus.Scheduled): ProjectedDepositFacts {
  return { dueDate: d(dueDate), expectedAmount: cents(amount), receivedAmount: cents(0), status };
}

/** Fortnightly deposits of `amount` from 2026-07-08 on (13 up to the end date 2026-12-31). */
export function fortnightly(amount: number, from = '2026-07-08', until = '2026-12-31'): ProjectedDepositFacts[] {
  const list: ProjectedDepositFacts[] = [];
  for (let day = Date.parse(from); day <= Date.parse(until); day += 14 * 86_400_000) {
    list.push(deposit(new Date(day).toISOString().slice(0, 10), amount));
  }
  return list;
}

export function projectionInput(
  total: number,
  deposits: ProjectedDepositFacts[],
  bills: ProjectedBillFacts[],
  depositAmount = 10_000,
): ProjectionInput {
  return {
    today: TODAY,
    agreementId: 7,
    status: AgreementStatus.Active,
    startDate: d('2026-01-01'),
    endDate: d('2026-12-31'),
    depositAmount: cents(depositAmount),
    approvedOverdraw: cents(500_000),
    balances: { allocation: cents(total), contingency: cents(0), rainyDay: cents(0), total: cents(total) },
    deposits,
    bills,
  };
}
