import type { Cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { BillScheduleError } from '../../../shared/bill/bill.errors.js';
import { billOccurrences, type BillSchedule } from '../../../shared/bill/bill-schedule.rules.js';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/bill/payment-method.js';

/** A biller (type 0) or sub-category (type 1) of the version, as the confirm page reads it (spec 3 §3). */
export interface ConfirmItem {
  id: number;
  type: 0 | 1;
  nickname: string;
  isAutoPaymentBill: boolean;
  billingFrequency: number;
  expenseAmount: Cents;
  dateCommencing: LocalDate;
  modificationStatus: number;
  status: number;
  isFinalBillExpected: boolean;
  expectedFinalBillDate: LocalDate | null;
}

/** Modification state of a wizard item (spec 3 §4): 0 none, 1 new, 2 edit, 3 removed, 4 enable. */
export const MODIFICATION_HIGHLIGHTS: Readonly<Record<number, string | null>> = {
  0: null,
  1: 'Added',
  2: 'Edited',
  3: 'Deleted',
  4: 'Enabled',
};

export const FINAL_BILL_LABEL = 'Final bill';

export interface FinalBillLine {
  id: number;
  type: number;
  nickname: string;
  date: LocalDate;
  label: string;
}

export interface ConfirmTables<T extends ConfirmItem> {
  automatic: T[];
  manual: T[];
  /** Bills outside the agreement period: items whose bill falls after its end (or whose final bill is before it). */
  outsidePeriod: T[];
  /** A removed item that expects a final bill: an extra 'Final bill' line on its expected final bill date. */
  finalBills: FinalBillLine[];
}

/** Whether an item's bills fall inside the agreement period [start, end]. */
export function insidePeriod(item: ConfirmItem, period: { startDate: LocalDate; endDate: LocalDate }): boolean {
  if (item.dateCommencing > period.endDate) return false;
  if (
    item.isFinalBillExpected &&
    item.expectedFinalBillDate !== null &&
    item.expectedFinalBillDate < period.startDate
  ) {
    return false;
  }
  return true;
}

/**
 * Spec 3 §2 confirm page: automatic-payment billers and manual billers (sub-categories are paid by hand), each
 * once; an item whose bills fall outside the period goes to the third table instead; removed items stay in their
 * table (highlighted 'Deleted'), and one expecting a final bill adds a 'Final bill' line on that date.
 */
export function confirmTables<T extends ConfirmItem>(
  items: readonly T[],
  period: { startDate: LocalDate; endDate: LocalDate },
): ConfirmTables<T> {
  const tables: ConfirmTables<T> = { automatic: [], manual: [], outsidePeriod: [], finalBills: [] };
  for (const item of items) {
    if (!insidePeriod(item, period)) tables.outsidePeriod.push(item);
    else if (item.type === 0 && item.isAutoPaymentBill) tables.automatic.push(item);
    else tables.manual.push(item);
    if (item.modificationStatus === 3 && item.isFinalBillExpected && item.expectedFinalBillDate !== null) {
      tables.finalBills.push({
        id: item.id,
        type: item.type,
        nickname: item.nickname,
        date: item.expectedFinalBillDate,
        label: FINAL_BILL_LABEL,
      });
    }
  }
  return tables;
}

/** The occurrences of a confirm row (spec 3 §3 totalOccurrences, upcommingOccurrenceNumber) and its next date. */
export interface ItemOccurrences {
  /** How many bills fall in the agreement period; null when they cannot be counted (over the 10,000 cap). */
  totalOccurrences: number | null;
  /** Which of them is the next, from today (1 for the first); null when none is left. */
  upcomingOccurrenceNumber: number | null;
  /** The next bill's date from today; for a removed item the old next date the confirm page shows. */
  nextDate: LocalDate | null;
}

/**
 * Counts an item's bills in the agreement period by the one schedule rule (bill-schedule.rules.ts) and finds the
 * next from today (today included). A schedule too long to count answers nulls rather than failing the page.
 */
export function itemOccurrences(
  schedule: BillSchedule,
  period: { startDate: LocalDate; endDate: LocalDate },
  today: LocalDate,
): ItemOccurrences {
  try {
    const dates = billOccurrences(schedule, { start: period.startDate, end: period.endDate }).map((o) => o.date);
    const next = dates.findIndex((date) => date >= today);
    return {
      totalOccurrences: dates.length,
      upcomingOccurrenceNumber: next < 0 ? null : next + 1,
      nextDate: next < 0 ? null : dates[next],
    };
  } catch (error) {
    if (!(error instanceof BillScheduleError)) throw error;
    return { totalOccurrences: null, upcomingOccurrenceNumber: null, nextDate: null };
  }
}

/** A confirm row's payment type in words (spec 3 §3 paymentType): a biller's method; a sub-category has none. */
export function confirmPaymentType(type: 0 | 1, method: number | null): string | null {
  if (type === 1 || method === null) return null;
  return PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? null;
}

/** Custom agreement confirmations (spec 3 §5): every statement must be ticked. */
export function confirmationsComplete(statements: readonly string[], ticked: readonly number[]): boolean {
  return statements.every((_, i) => ticked.includes(i));
}
