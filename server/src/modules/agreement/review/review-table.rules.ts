import type { LocalDate } from '../../../shared/local-date.js';
import { cents, type Cents } from '../../../shared/money.js';
import type { BillStatus } from '../../bill/index.js';
import { isUnpaidBill, type ProjectionInput } from '../projection/projection.rules.js';

/**
 * Rule "per-bill table" (issue 24 item 2): for each biller and sub-category of the agreement's current version, over
 * its term, what was estimated, what the bills came to so far, what is expected by the term's end, the difference,
 * and where the contingency went. Read off existing facts, never a second forecast: the bills already paid (their
 * own rows, followed through earlier versions of the same term), and the projection's bills still to come at their
 * expected amounts (`ProjectionInput.bills`, exactly what `forecastOf` takes out). Pure, integer cents.
 */

/** A biller or sub-category of the current version (the projection's key: `biller:12`, `subcategory:3`). */
export interface ReviewBiller {
  key: string;
  name: string;
  /** A variable amount (or direct debit): the bills carry a 10% contingency. */
  amountVaries: boolean;
}

/** A bill of the term, of this biller or its earlier versions (`previous_id`), keyed by the current biller. */
export interface ReviewBillFacts {
  billId: number;
  billerKey: string;
  dueDate: LocalDate;
  /** The estimate of this bill (its expected amount). */
  expectedAmount: Cents;
  /** The contingency set aside for it (0 for a fixed bill). */
  contingency: Cents;
  status: BillStatus;
  /** What the agreement paid (the ledger's money sources, less any reversal). */
  paidAmount: Cents;
  /** What a short pay left to the member: part of what the bill came to. */
  amountOwing: Cents;
  /** What the bill's contingency paid of it (money source Contingency); read of a bill no longer unpaid only. */
  contingencyUsed: Cents;
}

export interface ReviewTableRow {
  billerKey: string;
  name: string;
  amountVaries: boolean;
  /** The estimate over the term: every bill's expected amount, paid and to come. */
  estimate: Cents;
  /** The bills paid so far: what they came to (paid by the agreement, plus any amount owing of a short pay). */
  paidSoFar: Cents;
  /** The estimate of the bills paid so far (what `paidSoFar` is compared with). */
  estimateOfPaid: Cents;
  billsPaid: number;
  /** The projection's bills still to come, at their expected amounts. */
  stillToCome: Cents;
  billsToCome: number;
  /** Paid so far plus still to come. */
  expectedByTermEnd: Cents;
  /** Expected by term end less the estimate: above its estimate when positive. */
  difference: Cents;
  /** Where the contingency went: set aside with the bills paid, spent on them, poured into rainy day, still held. */
  contingency: {
    setAside: Cents;
    used: Cents;
    toRainyDay: Cents;
    heldForBillsToCome: Cents;
  };
}

export interface ReviewTable {
  agreementId: number;
  asOf: LocalDate;
  rows: ReviewTableRow[];
  totals: Omit<ReviewTableRow, 'billerKey' | 'name' | 'amountVaries'>;
}

function emptyRow(biller: ReviewBiller): ReviewTableRow {
  const zero = cents(0);
  return {
    billerKey: biller.key,
    name: biller.name,
    amountVaries: biller.amountVaries,
    estimate: zero,
    paidSoFar: zero,
    estimateOfPaid: zero,
    billsPaid: 0,
    stillToCome: zero,
    billsToCome: 0,
    expectedByTermEnd: zero,
    difference: zero,
    contingency: { setAside: zero, used: zero, toRainyDay: zero, heldForBillsToCome: zero },
  };
}

/** Adds up rows field by field (the totals line). */
function totalOf(rows: readonly ReviewTableRow[]): ReviewTable['totals'] {
  const add = (pick: (row: ReviewTableRow) => number) => cents(rows.reduce((total, row) => total + pick(row), 0));
  return {
    estimate: add((row) => row.estimate),
    paidSoFar: add((row) => row.paidSoFar),
    estimateOfPaid: add((row) => row.estimateOfPaid),
    billsPaid: rows.reduce((total, row) => total + row.billsPaid, 0),
    stillToCome: add((row) => row.stillToCome),
    billsToCome: rows.reduce((total, row) => total + row.billsToCome, 0),
    expectedByTermEnd: add((row) => row.expectedByTermEnd),
    difference: add((row) => row.difference),
    contingency: {
      setAside: add((row) => row.contingency.setAside),
      used: add((row) => row.contingency.used),
      toRainyDay: add((row) => row.contingency.toRainyDay),
      heldForBillsToCome: add((row) => row.contingency.heldForBillsToCome),
    },
  };
}

/**
 * The per-bill table. A bill counts as paid once it is no longer unpaid (paid, pending, short-paid, reimbursed,
 * reversed: what it came to is its paid amount plus any amount owing); the bills to come are the projection's unpaid
 * bills up to the end date. An unpaid bill the projection does not hold (an earlier version's) is not the
 * agreement's to pay and counts nowhere. Rows keep the billers' order.
 */
export function reviewTableOf(
  input: ProjectionInput,
  billers: readonly ReviewBiller[],
  termBills: readonly ReviewBillFacts[],
): ReviewTable {
  const rows = new Map(billers.map((biller) => [biller.key, emptyRow(biller)]));
  const contingencyOf = new Map(termBills.map((bill) => [bill.billId, bill.contingency]));
  for (const bill of termBills) {
    const row = rows.get(bill.billerKey);
    if (!row || isUnpaidBill(bill.status)) continue;
    const cameTo = bill.paidAmount + bill.amountOwing;
    row.paidSoFar = cents(row.paidSoFar + cameTo);
    row.estimateOfPaid = cents(row.estimateOfPaid + bill.expectedAmount);
    row.billsPaid += 1;
    const setAside = bill.contingency;
    const used = Math.max(0, bill.contingencyUsed);
    row.contingency.setAside = cents(row.contingency.setAside + setAside);
    row.contingency.used = cents(row.contingency.used + used);
    // What the bill did not need of its own contingency was poured into rainy day when it was paid.
    row.contingency.toRainyDay = cents(row.contingency.toRainyDay + Math.max(0, setAside - used));
  }
  for (const bill of input.bills) {
    const row = rows.get(bill.billerKey);
    if (!row || !isUnpaidBill(bill.status) || bill.dueDate > input.endDate) continue;
    row.stillToCome = cents(row.stillToCome + bill.amount);
    row.billsToCome += 1;
    row.contingency.heldForBillsToCome = cents(
      row.contingency.heldForBillsToCome + (contingencyOf.get(bill.billId) ?? 0),
    );
  }
  const list = [...rows.values()].map((row) => {
    const estimate = cents(row.estimateOfPaid + row.stillToCome);
    const expectedByTermEnd = cents(row.paidSoFar + row.stillToCome);
    return { ...row, estimate, expectedByTermEnd, difference: cents(expectedByTermEnd - estimate) };
  });
  return { agreementId: input.agreementId, asOf: input.today, rows: list, totals: totalOf(list) };
}
