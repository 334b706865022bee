import {
  addDays,
  addMonths,
  addYears,
  daysBetween,
  daysInMonth,
  formatDisplayDate,
  localDate,
  maxDate,
  toYmd,
  type LocalDate,
} from '../local-date.js';
import { formatCurrency, type Cents } from '../money.js';
import { checkTotalBillValue, INVALID_TOTAL_BILL_VALUE_MESSAGE } from '../validation/amount-input.js';
import { EMPTY_DATE_SENTINEL, INVALID_DATE_FORMAT_MESSAGE, parseDateInput } from '../validation/date-input.js';
import type { Rejection } from '../validation/issue.js';
import { BillerOverdueOption } from '../biller/biller-codes.js';
import { formatPeakMonths } from './bill-amount.rules.js';
import { roughDateOfBill } from './bill-schedule.rules.js';
import { BillingFrequency, SELECTABLE_BILLING_FREQUENCIES } from './billing-frequency.js';

/**
 * The bill fields the biller form and the sub-category form share (spec 2 §3-§5, §9): amount, frequency, exact or
 * rough date of bill, bi-monthly dates, final bill, season values and the overdue option. Pure: plain data and
 * `today` in, the normalised fields or every rejection (code, field, message) out; nothing is thrown.
 */

/** Spec 2 §5 / §8, word for word. */
export const BILL_DATE_IN_PAST_MESSAGE = 'Bill date cannot be in the past.';
export const DATES_NOT_VALID_MESSAGE = 'Dates are not valid.';
/** Spec 2 §8: the warning shown beside a sub-category with overdue bills. */
export const SUB_CATEGORY_OVERDUE_WARNING =
  'Changes made to a sub-category affect all unpaid overdue and future bills. The only exception is the bill amount ' +
  'field. Changes to this field can be applied to all unpaid overdue, current and future bills, or just to current ' +
  'and future bills.';
/** Spec 2 §8: "for billers the same idea". */
export const BILLER_OVERDUE_WARNING =
  'Changes made to a biller affect all unpaid overdue and future bills. The only exception is the bill amount ' +
  'field. Changes to this field can be applied to all unpaid overdue, current and future bills, or just to current ' +
  'and future bills.';

// Wording the spec does not give (ours).
export const BILL_DETAIL_MESSAGES = {
  frequencyRequired: 'Please choose how often the bill comes.',
  // Dates in messages as the app writes them (issue 26 item 7): DD-MM-YYYY.
  dateRange: (latest: LocalDate) => `The bill date must be between today and ${formatDisplayDate(latest)}.`,
  roughMonthRequired: 'Please choose the month of the next bill.',
  finalBillDateRequired: 'Please enter the date of the final bill.',
  finalBillDateRange: (from: LocalDate, to: LocalDate) =>
    `The final bill date must be between ${formatDisplayDate(from)} and ${formatDisplayDate(to)}.`,
  seasonValuesRequired: 'Please enter both the peak and the off-peak bill amounts.',
  seasonValueNotPositive: (which: 'peak' | 'off-peak') => `The ${which} bill amount must be more than $0.00.`,
  seasonValuesInvalid: 'The off-peak amount cannot be more than the peak amount.',
  peakMonthsRequired: 'Please choose at least one peak month.',
  peakMonthsInvalid: 'Peak months must be month numbers from 1 to 12.',
  overdueOptionRequired:
    'Please choose whether the new amount applies to all unpaid overdue, current and future bills, or just to ' +
    'current and future bills.',
  amountTooLarge: (max: Cents) => `The amount cannot be more than ${formatCurrency(max)}.`,
  // A value the form does not use as sent (another frequency, no season, no final bill) must still be valid.
  dateNotValid: (label: string) => `${label} is not a valid date: please enter it as DD-MM-YYYY.`,
  amountNegative: (label: string) => `${label} cannot be negative.`,
  roughMonthInvalid: 'The month of the next bill must be a month number from 1 to 12.',
  peakMonthsTooMany: 'Peak months can name each month of the year at most once.',
  overdueOptionInvalid:
    'The overdue option must be 1 (all unpaid overdue, current and future bills) or 2 (current and future bills).',
} as const;

/** The largest bill value accepted ($10,000,000.00, the planner's limit: no agreement total can overflow). */
export const MAX_BILL_VALUE = 1_000_000_000 as Cents;

/** Spec 2 §9: a day of 20 or less is the first bi-monthly date, a later one the second. */
export const BI_MONTHLY_SPLIT_DAY = 20;
/** Spec 2 §9: "a month is treated as 31 days in date arithmetic". */
export const DAYS_IN_A_WIZARD_MONTH = 31;

/** Setup (a new agreement, status 0) or modify (a status-9 version of a running one). */
export type WizardMode = 'setup' | 'modify';

export type BillDetailsCode =
  | 'invalidTotalBillValue'
  | 'amountTooLarge'
  | 'frequencyRequired'
  | 'invalidDateFormat'
  | 'billDateInPast'
  | 'invalidDateRangeOfBill'
  | 'roughMonthRequired'
  | 'invalidBiMonthlyDates'
  | 'finalBillDateRequired'
  | 'invalidFinalBillDateRange'
  | 'seasonValuesRequired'
  | 'invalidSeasonValues'
  | 'peakMonthsRequired'
  | 'overdueOptionRequired'
  | 'invalidValue';

export type BillDetailsRejection = Rejection<BillDetailsCode> & { field: string };

export function rejection<Code extends string>(code: Code, field: string, message: string): Rejection<Code> {
  return { ok: false, code, field, message };
}

/** A date as typed or sent: YYYY-MM-DD (a time after it is ignored) or DD-MM-YYYY; blank and 0001-01-01 are none. */
export function readDate(text: string | null | undefined): LocalDate | null | undefined {
  const value = (text ?? '').trim().replace(/T.*$/, '');
  if (value === '' || value === EMPTY_DATE_SENTINEL) return null;
  return parseDateInput(value);
}

/** Spec 2 §9: setup accepts today up to one year less a day. */
export function setupDateRange(today: LocalDate): { from: LocalDate; to: LocalDate } {
  return { from: today, to: addDays(addYears(today, 1), -1) };
}

/** Spec 2 §9: modify accepts today up to the same day of next month, and at least a month (31 days). */
export function modifyFirstDateRange(today: LocalDate): { from: LocalDate; to: LocalDate } {
  return { from: today, to: maxDate(addMonths(today, 1), addDays(today, DAYS_IN_A_WIZARD_MONTH)) };
}

/**
 * Rule "exact bill date" (spec 2 §5): a real date, unchanged from the stored one, or from today ('Bill date cannot
 * be in the past.', today is valid) up to a year less a day (one cycle of the longest selectable frequency). The
 * same range in setup and modify: an annual bill's next date may be months away in either.
 */
export function checkExactDateOfBill(
  text: string | null | undefined,
  today: LocalDate,
  original: LocalDate | null = null,
  field = 'dateOfBill',
): LocalDate | Rejection<BillDetailsCode> {
  const date = readDate(text);
  if (!date) return rejection('invalidDateFormat', field, INVALID_DATE_FORMAT_MESSAGE);
  if (original !== null && date === original) return date;
  if (date < today) return rejection('billDateInPast', field, BILL_DATE_IN_PAST_MESSAGE);
  const range = setupDateRange(today);
  if (date > range.to) return rejection('invalidDateRangeOfBill', field, BILL_DETAIL_MESSAGES.dateRange(range.to));
  return date;
}

/** Which of the two bi-monthly dates a chosen day sets (spec 2 §9: split day 20). */
export function biMonthlySlotOfDay(day: number): 1 | 2 {
  return day <= BI_MONTHLY_SPLIT_DAY ? 1 : 2;
}

/**
 * The second bi-monthly date for a chosen day of month (spec 2 §5): the first date after `first` on that day, in
 * the same month when the day comes later in it, otherwise in the next; a day the month does not have steps down
 * to the month's last valid day (30 in a 30-day month, 28/29 in February).
 */
export function secondBiMonthlyDate(first: LocalDate, day: number): LocalDate {
  const { year, month, day: firstDay } = toYmd(first);
  const sameMonth = localDate(year, month, Math.min(day, daysInMonth(year, month)));
  if (day > firstDay && sameMonth > first) return sameMonth;
  return addMonths(localDate(year, month, 1), 1, Math.min(day, 31));
}

export interface BiMonthlyDatesInput {
  first: string | null | undefined;
  second: string | null | undefined;
}

/**
 * Rule "bi-monthly dates" (spec 2 §5, §9): both given; neither before today; the first within the mode's range
 * (setup: a year less a day; modify: up to a month); the second within the range a month further; they differ
 * and the second is not before the first; in setup the second lies from the first plus a day to just under a
 * month (31 days) after it, a check skipped on modification. Any failure: 'Dates are not valid.' A date unchanged
 * from the stored one (`original`, a bi-monthly item's saved dates) is accepted as it is, as the exact bill date is
 * (spec 2 §5): staff changing only a twice-a-month bill's amount send its saved dates back, past by then, and its
 * bills go on on those two days (issue 25, the simulation's seed 8); the order of the two is still checked.
 */
export function checkBiMonthlyDates(
  input: BiMonthlyDatesInput,
  today: LocalDate,
  mode: WizardMode,
  original: { first: LocalDate | null; second: LocalDate | null } | null = null,
  field = 'biMonthly1stDate',
): { first: LocalDate; second: LocalDate } | Rejection<BillDetailsCode> {
  const invalid = rejection<BillDetailsCode>('invalidBiMonthlyDates', field, DATES_NOT_VALID_MESSAGE);
  const first = readDate(input.first);
  const second = readDate(input.second);
  if (!first || !second) return invalid;
  const firstKept = first === original?.first;
  const secondKept = second === original?.second;
  if ((!firstKept && first < today) || (!secondKept && second < today)) return invalid;
  const range = mode === 'setup' ? setupDateRange(today) : modifyFirstDateRange(today);
  if (!firstKept && first > range.to) return invalid;
  if (!secondKept && second > addDays(range.to, DAYS_IN_A_WIZARD_MONTH)) return invalid;
  if (second <= first) return invalid;
  if (mode === 'setup') {
    const gap = daysBetween(first, second);
    if (gap < 1 || gap >= DAYS_IN_A_WIZARD_MONTH) return invalid;
  }
  return { first, second };
}

export interface SeasonInput {
  isSeasonBill?: boolean | null;
  peakValueOfBill?: Cents | null;
  offPeakValueOfBill?: Cents | null;
  peakMonths?: readonly number[] | null;
}

export interface SeasonDetails {
  isSeasonBill: boolean;
  peakValueOfBill: Cents | null;
  offPeakValueOfBill: Cents | null;
  /** Stored form: "6,7,8". */
  peakMonths: string | null;
}

/** Spec 2 §4: peak months can be toggled only when both values are given and peak is not below off-peak. */
export function canTogglePeakMonths(peak: Cents | null | undefined, offPeak: Cents | null | undefined): boolean {
  return (
    peak !== null &&
    peak !== undefined &&
    offPeak !== null &&
    offPeak !== undefined &&
    peak > 0 &&
    offPeak > 0 &&
    peak >= offPeak
  );
}

/**
 * Rule "season bill" (spec 2 §5): peak and off-peak both required and above $0.00; off-peak above peak is
 * invalid; at least one peak month, each 1-12. A bill that is not a season bill keeps none of these.
 */
export function checkSeason(input: SeasonInput): SeasonDetails | Rejection<BillDetailsCode> {
  if (!input.isSeasonBill) {
    return { isSeasonBill: false, peakValueOfBill: null, offPeakValueOfBill: null, peakMonths: null };
  }
  const peak = input.peakValueOfBill ?? null;
  const offPeak = input.offPeakValueOfBill ?? null;
  if (peak === null || offPeak === null) {
    const field = peak === null ? 'peakValueOfBill' : 'offPeakValueOfBill';
    return rejection('seasonValuesRequired', field, BILL_DETAIL_MESSAGES.seasonValuesRequired);
  }
  for (const [field, value, which] of [
    ['peakValueOfBill', peak, 'peak'],
    ['offPeakValueOfBill', offPeak, 'off-peak'],
  ] as const) {
    if (value <= 0) return rejection('invalidSeasonValues', field, BILL_DETAIL_MESSAGES.seasonValueNotPositive(which));
  }
  for (const [field, value] of [
    ['peakValueOfBill', peak],
    ['offPeakValueOfBill', offPeak],
  ] as const) {
    if (value > MAX_BILL_VALUE)
      return rejection('amountTooLarge', field, BILL_DETAIL_MESSAGES.amountTooLarge(MAX_BILL_VALUE));
  }
  if (!canTogglePeakMonths(peak, offPeak)) {
    return rejection('invalidSeasonValues', 'offPeakValueOfBill', BILL_DETAIL_MESSAGES.seasonValuesInvalid);
  }
  const months = input.peakMonths ?? [];
  if (months.some((month) => !Number.isInteger(month) || month < 1 || month > 12)) {
    return rejection('peakMonthsRequired', 'peakMonths', BILL_DETAIL_MESSAGES.peakMonthsInvalid);
  }
  if (months.length === 0)
    return rejection('peakMonthsRequired', 'peakMonths', BILL_DETAIL_MESSAGES.peakMonthsRequired);
  return {
    isSeasonBill: true,
    peakValueOfBill: peak,
    offPeakValueOfBill: offPeak,
    peakMonths: formatPeakMonths(months),
  };
}

/**
 * Rule "final bill" (spec 2 §3, §5): when a final bill is expected its date is required, not before today nor the
 * first bill, and not after the agreement's end (also the removal screen's rule); otherwise there is none.
 */
export function checkFinalBill(
  expected: boolean | null | undefined,
  text: string | null | undefined,
  bounds: { today: LocalDate; firstBill: LocalDate; agreementEnd: LocalDate },
  original: LocalDate | null = null,
): LocalDate | null | Rejection<BillDetailsCode> {
  if (!expected) return null;
  const field = 'expectedFinalBillDate';
  const date = readDate(text);
  if (date === null) return rejection('finalBillDateRequired', field, BILL_DETAIL_MESSAGES.finalBillDateRequired);
  if (date === undefined) return rejection('invalidDateFormat', field, INVALID_DATE_FORMAT_MESSAGE);
  if (original !== null && date === original) return date;
  const from = maxDate(bounds.today, bounds.firstBill);
  if (date < from || date > bounds.agreementEnd) {
    return rejection(
      'invalidFinalBillDateRange',
      field,
      BILL_DETAIL_MESSAGES.finalBillDateRange(from, bounds.agreementEnd),
    );
  }
  return date;
}

/**
 * Rule "overdue option" (spec 2 §5): required when the item has overdue bills (overdueOptionError) and its amount
 * changes. The option says which bills a new amount applies to (spec 2 §8: the one field whose change may spare the
 * overdue bills); with the amount unchanged there is nothing to choose, and a demo biller with overdue bills saves as
 * it is (issue 26 item 7). A valid option sent is still kept.
 */
export function checkOverdueOption(
  hasOverdueBills: boolean,
  option: number | null | undefined,
  amountChanged = true,
): BillerOverdueOption | null | Rejection<BillDetailsCode> {
  const valid = option === BillerOverdueOption.AllUnpaidBills || option === BillerOverdueOption.CurrentAndFutureBills;
  if (hasOverdueBills && !valid && amountChanged) {
    return rejection('overdueOptionRequired', 'overdueOption', BILL_DETAIL_MESSAGES.overdueOptionRequired);
  }
  return hasOverdueBills && valid ? (option as BillerOverdueOption) : null;
}

export interface BillDetailsInput extends SeasonInput {
  expectedBillValue: Cents | null | undefined;
  billingFrequency: number | null | undefined;
  isExactDateOfBillKnown?: boolean | null;
  /** The exact date; when the date is rough, its month is taken (or `roughMonth`). */
  dateOfBill?: string | null;
  /** A rough date: the month (1-12) of the next bill. */
  roughMonth?: number | null;
  biMonthly1stDate?: string | null;
  biMonthly2ndDate?: string | null;
  isFinalBillExpected?: boolean | null;
  expectedFinalBillDate?: string | null;
  overdueOption?: number | null;
}

export interface BillDetailsContext {
  today: LocalDate;
  mode: WizardMode;
  /** The agreement's last day (the final bill cannot be after it). */
  agreementEnd: LocalDate;
  hasOverdueBills: boolean;
  /** The stored item when editing: its unchanged dates are accepted as they are; its amount decides the overdue option. */
  original?: {
    dateOfBill: LocalDate;
    /** A twice-a-month item's two saved dates (none for another frequency). */
    biMonthlyDates?: { first: LocalDate | null; second: LocalDate | null } | null;
    expectedFinalBillDate: LocalDate | null;
    expectedBillValue?: Cents | null;
  } | null;
  /** The sub-category form has no season bills. */
  allowSeason?: boolean;
}

export interface BillDetails extends SeasonDetails {
  expectedBillValue: Cents;
  billingFrequency: BillingFrequency;
  isExactDateOfBillKnown: boolean;
  dateOfBill: LocalDate;
  secondDateOfBill: LocalDate | null;
  secondDayOfMonth: number | null;
  isFinalBillExpected: boolean;
  expectedFinalBillDate: LocalDate | null;
  overdueOption: BillerOverdueOption | null;
}

export type BillDetailsResult = { ok: true; value: BillDetails } | { ok: false; errors: Rejection[] };

function isRejection(value: unknown): value is Rejection {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

const SELECTABLE = new Set<number>(SELECTABLE_BILLING_FREQUENCIES.map((choice) => choice.frequency));

/** The date of bill: bi-monthly dates, an exact date, or the 1st of a rough month. */
function dateOfBillOf(
  input: BillDetailsInput,
  frequency: BillingFrequency,
  context: BillDetailsContext,
): { first: LocalDate; second: LocalDate | null; exact: boolean } | Rejection {
  if (frequency === BillingFrequency.BiMonthly) {
    // Spec 2 §4: choosing bi-monthly sets the exact-date flag on.
    const dates = checkBiMonthlyDates(
      { first: input.biMonthly1stDate ?? input.dateOfBill, second: input.biMonthly2ndDate },
      context.today,
      context.mode,
      context.original?.biMonthlyDates ?? null,
    );
    return isRejection(dates) ? dates : { ...dates, exact: true };
  }
  if (input.isExactDateOfBillKnown ?? true) {
    const date = checkExactDateOfBill(input.dateOfBill, context.today, context.original?.dateOfBill ?? null);
    return isRejection(date) ? date : { first: date, second: null, exact: true };
  }
  let month = input.roughMonth ?? null;
  if (month === null && input.dateOfBill)
    month = readDate(input.dateOfBill) ? toYmd(readDate(input.dateOfBill)!).month : null;
  if (month === null || !Number.isInteger(month) || month < 1 || month > 12) {
    return rejection('roughMonthRequired', 'roughMonth', BILL_DETAIL_MESSAGES.roughMonthRequired);
  }
  return { first: roughDateOfBill(month, context.today), second: null, exact: false };
}

/** How a message names a date field the form may not be showing. */
const DATE_FIELD_LABELS = {
  dateOfBill: 'The bill date',
  biMonthly1stDate: 'The first bi-monthly date',
  biMonthly2ndDate: 'The second bi-monthly date',
  expectedFinalBillDate: 'The final bill date',
} as const;

const isMonth = (value: number) => Number.isInteger(value) && value >= 1 && value <= 12;

/**
 * Rule "every value sent is valid" (issue 21 item 7): a field the chosen frequency or flags leave unused (the
 * bi-monthly dates of a monthly bill, the rough month of an exact date, the season of a bill without one) holds a
 * valid value or none, so that a malformed request is never answered as saved. None is null, blank, the empty-date
 * sentinel, or 0 for a month or an option (what old clients send for "not set").
 */
export function checkValuesGiven(input: BillDetailsInput): BillDetailsRejection[] {
  const errors: BillDetailsRejection[] = [];
  const refuse = (code: BillDetailsCode, field: string, message: string) =>
    errors.push(rejection(code, field, message) as BillDetailsRejection);
  for (const [field, label] of Object.entries(DATE_FIELD_LABELS)) {
    const text = input[field as keyof typeof DATE_FIELD_LABELS];
    if (readDate(text) === undefined) refuse('invalidDateFormat', field, BILL_DETAIL_MESSAGES.dateNotValid(label));
  }
  const { roughMonth, overdueOption, peakMonths } = input;
  if (roughMonth && !isMonth(roughMonth)) refuse('invalidValue', 'roughMonth', BILL_DETAIL_MESSAGES.roughMonthInvalid);
  const options: unknown[] = [BillerOverdueOption.AllUnpaidBills, BillerOverdueOption.CurrentAndFutureBills];
  if (overdueOption && !options.includes(overdueOption)) {
    refuse('invalidValue', 'overdueOption', BILL_DETAIL_MESSAGES.overdueOptionInvalid);
  }
  if (peakMonths && !peakMonths.every(isMonth)) {
    refuse('invalidValue', 'peakMonths', BILL_DETAIL_MESSAGES.peakMonthsInvalid);
  } else if (peakMonths && new Set(peakMonths).size !== peakMonths.length) {
    refuse('invalidValue', 'peakMonths', BILL_DETAIL_MESSAGES.peakMonthsTooMany);
  }
  for (const [field, label] of [
    ['peakValueOfBill', 'The peak bill amount'],
    ['offPeakValueOfBill', 'The off-peak bill amount'],
  ] as const) {
    const value = input[field];
    if (value !== null && value !== undefined && value < 0) {
      refuse('invalidValue', field, BILL_DETAIL_MESSAGES.amountNegative(label));
    } else if (value !== null && value !== undefined && value > MAX_BILL_VALUE) {
      refuse('amountTooLarge', field, BILL_DETAIL_MESSAGES.amountTooLarge(MAX_BILL_VALUE));
    }
  }
  return errors;
}

/**
 * Every shared bill field at once (spec 2 §5 "form errors block save"): all rejections are returned so that a
 * form can mark each field; the normalised fields when there are none.
 */
export function checkBillDetails(input: BillDetailsInput, context: BillDetailsContext): BillDetailsResult {
  const errors: Rejection[] = [];
  const season = context.allowSeason === false ? checkSeason({}) : checkSeason(input);
  if (isRejection(season)) errors.push(season);
  // A season bill's expected value is its off-peak value unless one is given (the planner's reading).
  const amountGiven = input.expectedBillValue ?? (!isRejection(season) ? season.offPeakValueOfBill : null);
  const amount = checkTotalBillValue(amountGiven);
  if (!amount.ok) errors.push({ ...amount, message: INVALID_TOTAL_BILL_VALUE_MESSAGE });
  else if (amount.value > MAX_BILL_VALUE) {
    errors.push(rejection('amountTooLarge', 'expectedBillValue', BILL_DETAIL_MESSAGES.amountTooLarge(MAX_BILL_VALUE)));
  }
  const frequency = input.billingFrequency;
  const frequencyOk = typeof frequency === 'number' && SELECTABLE.has(frequency);
  if (!frequencyOk)
    errors.push(rejection('frequencyRequired', 'billingFrequency', BILL_DETAIL_MESSAGES.frequencyRequired));
  const dates = frequencyOk ? dateOfBillOf(input, frequency as BillingFrequency, context) : null;
  if (isRejection(dates)) errors.push(dates);
  const firstBill = dates && !isRejection(dates) ? dates.first : context.today;
  const finalBill = checkFinalBill(
    input.isFinalBillExpected,
    input.expectedFinalBillDate,
    { today: context.today, firstBill, agreementEnd: context.agreementEnd },
    context.original?.expectedFinalBillDate ?? null,
  );
  if (isRejection(finalBill)) errors.push(finalBill);
  const originalAmount = context.original?.expectedBillValue;
  const amountChanged =
    originalAmount === undefined || originalAmount === null || !amount.ok || amount.value !== originalAmount;
  const overdue = checkOverdueOption(context.hasOverdueBills, input.overdueOption, amountChanged);
  if (isRejection(overdue)) errors.push(overdue);
  // Then the values the rules above did not read: a field already refused keeps its first message.
  for (const error of checkValuesGiven(input)) {
    if (!errors.some((known) => known.field === error.field)) errors.push(error);
  }
  if (errors.length > 0 || !amount.ok || isRejection(season) || !dates || isRejection(dates)) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      ...(season as SeasonDetails),
      expectedBillValue: amount.value,
      billingFrequency: frequency as BillingFrequency,
      isExactDateOfBillKnown: dates.exact,
      dateOfBill: dates.first,
      secondDateOfBill: dates.second,
      secondDayOfMonth: dates.second === null ? null : toYmd(dates.second).day,
      isFinalBillExpected: finalBill !== null,
      expectedFinalBillDate: finalBill as LocalDate | null,
      overdueOption: overdue as BillerOverdueOption | null,
    },
  };
}
