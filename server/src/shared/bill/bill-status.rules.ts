import type { CodeName } from '../code-names.js';
import { daysBetween, type LocalDate } from '../local-date.js';

/** Bill status codes (DOMAIN.md "Bills"; 1 and 4 count as overdue, 6 as upcoming, as 1 §3 says). */
export enum BillStatus {
  Scheduled = 0,
  Overdue = 1,
  Paid = 2,
  PaymentPending = 3,
  /** A missed bill the member has been told about. */
  OverdueNotified = 4,
  Failed = 5,
  Upcoming = 6,
  Reversed = 7,
  Reimbursed = 8,
  ShortPaid = 9,
}

/** The bill status as GraphQL sends it: the code's name (`Overdue` for 1). */
export type BillStatusName = CodeName<typeof BillStatus>;

export const BILL_STATUS_LABELS: Readonly<Record<BillStatus, string>> = {
  [BillStatus.Scheduled]: 'Scheduled',
  [BillStatus.Overdue]: 'Overdue',
  [BillStatus.Paid]: 'Paid',
  [BillStatus.PaymentPending]: 'Payment pending',
  [BillStatus.OverdueNotified]: 'Overdue and notified',
  [BillStatus.Failed]: 'Failed',
  [BillStatus.Upcoming]: 'Upcoming',
  [BillStatus.Reversed]: 'Reversed',
  [BillStatus.Reimbursed]: 'Reimbursed',
  [BillStatus.ShortPaid]: 'Short-paid',
};

/** "Due within the next 30 days" (DOMAIN.md): today up to and including today + 30. */
export const UPCOMING_WINDOW_DAYS = 30;

export function isOverdue(status: BillStatus): boolean {
  return status === BillStatus.Overdue || status === BillStatus.OverdueNotified;
}

export function isUpcoming(status: BillStatus): boolean {
  return status === BillStatus.Upcoming;
}

/**
 * Unpaid bills the member can pay now: overdue (1, 4) or upcoming (6) (spec 1 §9 "Unpaid bills"). A biller's Pay on
 * the overview leads to its first such bill (`OverviewBiller.payBillId`); a scheduled bill is not due yet.
 */
export function isPayableNow(status: BillStatus): boolean {
  return isOverdue(status) || isUpcoming(status);
}

/** Only these three follow the calendar; every other status records something that happened to the bill. */
export type DateDrivenStatus = BillStatus.Scheduled | BillStatus.Overdue | BillStatus.Upcoming;

/** The statuses that follow the due date (the bank day's calendar moves them; `bill_open_due_date_index`). */
export const DATE_DRIVEN_STATUSES: readonly DateDrivenStatus[] = [
  BillStatus.Scheduled,
  BillStatus.Overdue,
  BillStatus.Upcoming,
];

export function isDateDrivenStatus(status: BillStatus): boolean {
  return (DATE_DRIVEN_STATUSES as readonly BillStatus[]).includes(status);
}

/**
 * Bills nothing has been paid towards, reimbursed or reversed yet: the date-driven statuses and the overdue one the
 * member has been told of (0, 1, 4, 6). What the bank day pays automatically, what follows its biller into a new
 * version, a biller's next bill on the summary. (The forecast also counts a failed bill, owed again:
 * projection.rules.ts.)
 */
export const NOTHING_PAID_STATUSES: readonly BillStatus[] = [...DATE_DRIVEN_STATUSES, BillStatus.OverdueNotified];

export function isNothingPaid(status: BillStatus): boolean {
  return NOTHING_PAID_STATUSES.includes(status);
}

/**
 * Bills still owed: nothing paid towards them yet, or a failed payment returned (5: owed again). The forecast takes
 * them out (projection.rules.ts `UNPAID_BILL_STATUSES`).
 */
export const OWED_STATUSES: readonly BillStatus[] = [...NOTHING_PAID_STATUSES, BillStatus.Failed];

/**
 * Every other status: the bill is settled (paid, pending, reversed, reimbursed, short-paid: 2, 3, 7, 8, 9) and what
 * it came to is known. The deposit review's bills paid so far (`bill_settled_biller_due_date_index`).
 */
export const SETTLED_STATUSES: readonly BillStatus[] = Object.values(BillStatus).filter(
  (status): status is BillStatus => typeof status === 'number' && !OWED_STATUSES.includes(status),
);

/**
 * The status an unpaid bill has on `today`. A bill due today is upcoming, not overdue: DOMAIN.md defines
 * overdue as "due date passed". Paying it today is still allowed and it joins the overdue option's
 * "due today or earlier" list (1 §4): see `isDueForPayment`.
 */
export function statusForDueDate(dueDate: LocalDate, today: LocalDate): DateDrivenStatus {
  const daysAhead = daysBetween(today, dueDate);
  if (daysAhead < 0) return BillStatus.Overdue;
  if (daysAhead <= UPCOMING_WINDOW_DAYS) return BillStatus.Upcoming;
  return BillStatus.Scheduled;
}

export interface BillStatusFacts {
  status: BillStatus;
  dueDate: LocalDate;
}

/**
 * A bill's status on `today`: paid, pending, failed, reversed, reimbursed, short-paid and overdue-notified
 * bills keep their status (a person or a payment set it); scheduled, upcoming and overdue ones are
 * recomputed from the due date, so a moved due date moves the status too.
 */
export function currentBillStatus(bill: BillStatusFacts, today: LocalDate): BillStatus {
  return isDateDrivenStatus(bill.status) ? statusForDueDate(bill.dueDate, today) : bill.status;
}

/** Due today or earlier: the bills the overdue option may combine (1 §4). */
export function isDueForPayment(dueDate: LocalDate, today: LocalDate): boolean {
  return dueDate <= today;
}
