import { cents, formatCurrency, type Cents } from '../../shared/money.js';
import { daysBetween, toYmd, type LocalDate } from '../../shared/local-date.js';
import { INVALID_TOTAL_BILL_VALUE_MESSAGE } from '../../shared/validation/amount-input.js';
import { EARLIEST_INPUT_YEAR, EMPTY_DATE_SENTINEL } from '../../shared/validation/date-input.js';
import type { SeasonValues } from '../../shared/bill/bill-amount.rules.js';
import type { AgreementPeriod } from '../../shared/bill/bill-schedule.rules.js';
import { BillingFrequency, isBillingFrequency } from '../../shared/bill/billing-frequency.js';
import type { BillPlan } from '../bill/index.js';
import { PaymentMethod, PAYMENT_METHOD_LABELS } from '../../shared/bill/payment-method.js';
import { PLANNER_MESSAGES, PlannerInputError } from './planner.errors.js';

/**
 * Checks on what a caller sends the planner, before the engines see it: every refusal names the input field
 * (`billers[2].amount`) and says what is wrong, so a bad input is a 400-style answer, never a crash.
 */

/** Dates from 1900 (as the date inputs accept) to 2999: far enough for any agreement, short of the calendar's end. */
export const LATEST_INPUT_YEAR = 2999;
/** The largest single bill, deposit or limit accepted ($10,000,000.00): no total over 10,000 bills can overflow. */
export const MAX_PLANNER_AMOUNT = cents(1_000_000_000);

/** One biller's or sub-category's bill details, as the wizard's biller form holds them. */
export interface BillDetailsData {
  /** Billing frequency code (0-8, 10). */
  frequency: number;
  dateOfBill: LocalDate;
  /** Bi-monthly (10) only: the second date in the month. */
  secondDateOfBill?: LocalDate | null;
  /** The expected final bill; 0001-01-01 (the empty sentinel) means none. */
  finalBillDate?: LocalDate | null;
  /** The expected bill value; the off-peak value of a season bill unless that is given. */
  amount: Cents;
  peakValue?: Cents | null;
  offPeakValue?: Cents | null;
  peakMonths?: readonly number[] | null;
  /** doesAmountVaryFromBillToBill: a variable bill carries a 10% contingency. */
  amountVaries?: boolean | null;
  /** Payment method code (0-7); direct debit (4) carries a contingency too. */
  paymentMethod?: number | null;
}

export function fieldPath(prefix: string, name: string): string {
  return prefix === '' ? name : `${prefix}.${name}`;
}

/** A date the planner can compute with (1900 to 2999). */
export function checkDate(date: LocalDate, field: string): LocalDate {
  const { year } = toYmd(date);
  if (date === EMPTY_DATE_SENTINEL) throw new PlannerInputError('INVALID_DATE', `${field} is required.`, field);
  if (year < EARLIEST_INPUT_YEAR || year > LATEST_INPUT_YEAR) {
    throw new PlannerInputError(
      'INVALID_DATE',
      `${field} must be a date from ${EARLIEST_INPUT_YEAR} to ${LATEST_INPUT_YEAR}.`,
      field,
    );
  }
  return date;
}

/** An optional date: absent, or the wire's empty sentinel 0001-01-01, is no date. */
export function optionalDate(date: LocalDate | null | undefined, field: string): LocalDate | null {
  return date === null || date === undefined || date === EMPTY_DATE_SENTINEL ? null : checkDate(date, field);
}

function checkNotTooLarge(amount: Cents, field: string): Cents {
  if (Math.abs(amount) > MAX_PLANNER_AMOUNT) {
    throw new PlannerInputError(
      'AMOUNT_TOO_LARGE',
      `${field} cannot be more than ${formatCurrency(MAX_PLANNER_AMOUNT)}.`,
      field,
    );
  }
  return amount;
}

/** More than $0.00 (a bill value, 2 §5), with the spec's message or the one given. */
export function positiveAmount(amount: Cents, field: string, message = INVALID_TOTAL_BILL_VALUE_MESSAGE): Cents {
  if (amount <= 0) throw new PlannerInputError('INVALID_AMOUNT', message, field);
  return checkNotTooLarge(amount, field);
}

/** $0.00 or more (a deposit, a limit). */
export function nonNegativeAmount(amount: Cents, field: string): Cents {
  if (amount < 0) throw new PlannerInputError('INVALID_AMOUNT', `${field} cannot be negative.`, field);
  return checkNotTooLarge(amount, field);
}

/** Any sign (a balance may be overdrawn), within the planner's range. */
export function signedAmount(amount: Cents, field: string): Cents {
  return checkNotTooLarge(amount, field);
}

export function checkBillingFrequency(code: number, field: string): BillingFrequency {
  if (!isBillingFrequency(code)) {
    throw new PlannerInputError(
      'INVALID_FREQUENCY',
      `Unknown billing frequency ${code}: expected 0 (per day), 1 (weekly), 2 (fortnightly), 3 (monthly), ` +
        '4 (every 2nd month), 5 (quarterly), 6 (semi-annually), 7 (annually), 8 (once only) or 10 (bi-monthly).',
      field,
    );
  }
  return code;
}

export function checkPaymentMethod(code: number | null | undefined, field: string): PaymentMethod | null {
  if (code === null || code === undefined) return null;
  if (!Object.hasOwn(PAYMENT_METHOD_LABELS, code)) {
    throw new PlannerInputError(
      'INVALID_PAYMENT_METHOD',
      `Unknown payment method ${code}: expected 0 (BPAY), 1 (EFT), 2 (cheque), 3 (reimbursement), ` +
        '4 (direct debit), 5 (internal transfer), 6 (rainy day) or 7 (unknown).',
      field,
    );
  }
  return code as PaymentMethod;
}

/** The period both ends included, and at most `maxDays` long when given. */
export function checkPeriod(
  start: LocalDate,
  end: LocalDate,
  fields: { start: string; end: string },
  maxDays?: number,
): AgreementPeriod {
  checkDate(start, fields.start);
  checkDate(end, fields.end);
  if (end < start) {
    throw new PlannerInputError('INVALID_PERIOD', `The period ends (${end}) before it starts (${start}).`, fields.end);
  }
  if (maxDays !== undefined && daysBetween(start, end) + 1 > maxDays) {
    throw new PlannerInputError(
      'PERIOD_TOO_LONG',
      `The period may be at most ${maxDays} days long; ${start} to ${end} is longer.`,
      fields.end,
    );
  }
  return { start, end };
}

/** The next-occurrence limit (1 §9): -1 means no limit. */
export function checkLimit(limit: number | null | undefined, field: string): number {
  const value = limit ?? -1;
  if (!Number.isSafeInteger(value) || value < -1) {
    throw new PlannerInputError('INVALID_LIMIT', 'The limit must be -1 (no limit) or a whole number from 0.', field);
  }
  return value;
}

function seasonOf(data: BillDetailsData, prefix: string): SeasonValues | null {
  const months = data.peakMonths ?? [];
  const peak = data.peakValue ?? null;
  const offPeakGiven = data.offPeakValue !== null && data.offPeakValue !== undefined;
  if (months.length === 0 && peak === null && !offPeakGiven) return null;
  const needBoth = 'A season bill needs a peak value and at least one peak month.';
  if (peak === null) throw new PlannerInputError('INVALID_SEASON', needBoth, fieldPath(prefix, 'peakValue'));
  if (months.length === 0) throw new PlannerInputError('INVALID_SEASON', needBoth, fieldPath(prefix, 'peakMonths'));
  if (months.some((month) => !Number.isInteger(month) || month < 1 || month > 12)) {
    throw new PlannerInputError(
      'INVALID_PEAK_MONTHS',
      'Peak months are month numbers from 1 to 12.',
      fieldPath(prefix, 'peakMonths'),
    );
  }
  const field = fieldPath(prefix, 'peakValue');
  const peakValue = positiveAmount(peak, field, 'The peak value must be greater than $0.00.');
  const offPeakField = fieldPath(prefix, offPeakGiven ? 'offPeakValue' : 'amount');
  const offPeakValue = positiveAmount(data.offPeakValue ?? data.amount, offPeakField);
  if (offPeakValue > peakValue) {
    throw new PlannerInputError('INVALID_SEASON', 'The off-peak value cannot be above the peak value.', offPeakField);
  }
  return { peakMonths: new Set(months), peakValue, offPeakValue };
}

/** Bi-monthly dates (2 §5): both given, on different days of the month, the second not before the first. */
function secondDateOf(data: BillDetailsData, frequency: BillingFrequency, prefix: string): LocalDate | null {
  const field = fieldPath(prefix, 'secondDateOfBill');
  const second = optionalDate(data.secondDateOfBill, field);
  if (frequency !== BillingFrequency.BiMonthly) return null;
  if (second === null || second < data.dateOfBill || toYmd(second).day === toYmd(data.dateOfBill).day) {
    throw new PlannerInputError('INVALID_BI_MONTHLY_DATES', PLANNER_MESSAGES.datesNotValid, field);
  }
  return second;
}

/** A biller's bill details as the bill engine's plan, or a refusal naming the field at fault. */
export function toBillPlan(
  data: BillDetailsData,
  identity: { billerKey: string; label: string },
  prefix = '',
): BillPlan {
  const frequency = checkBillingFrequency(data.frequency, fieldPath(prefix, 'frequency'));
  const dateOfBill = checkDate(data.dateOfBill, fieldPath(prefix, 'dateOfBill'));
  const secondDateOfBill = secondDateOf(data, frequency, prefix);
  const finalBillField = fieldPath(prefix, 'finalBillDate');
  const finalBillDate = optionalDate(data.finalBillDate, finalBillField);
  if (finalBillDate !== null && finalBillDate < dateOfBill) {
    throw new PlannerInputError(
      'INVALID_FINAL_BILL_DATE',
      'The expected final bill date cannot be before the date of bill.',
      finalBillField,
    );
  }
  const expectedBillValue = positiveAmount(data.amount, fieldPath(prefix, 'amount'));
  // Named one by one: in V8 a spread followed by more properties defines each of them through the runtime
  // (microseconds per plan; the overview builds one per biller on every request: issue 13 item 8).
  return {
    billerKey: identity.billerKey,
    label: identity.label,
    frequency,
    dateOfBill,
    secondDateOfBill,
    finalBillDate,
    expectedBillValue,
    season: seasonOf(data, prefix),
    amountVaries: data.amountVaries ?? false,
    paymentMethod: checkPaymentMethod(data.paymentMethod, fieldPath(prefix, 'paymentMethod')),
  };
}
