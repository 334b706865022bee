import { percentOf, ZERO, type Cents } from '../money.js';
import { toYmd, type LocalDate } from '../local-date.js';
import { BillScheduleError } from './bill.errors.js';
import { PaymentMethod } from './payment-method.js';

/** Variable-amount and direct-debit bills carry a 10% contingency; fixed bills none (2 §9, 3 §9). */
export const CONTINGENCY_PERCENT = 10;

/** A season bill (isSeasonBill): bills in a peak month are the peak value, the others the off-peak value. */
export interface SeasonValues {
  /** Month numbers 1-12 (the biller's comma-separated peakMonths). */
  peakMonths: ReadonlySet<number>;
  peakValue: Cents;
  offPeakValue: Cents;
}

export interface BillValue {
  expectedBillValue: Cents;
  /** Null or absent for a bill that is not a season bill. */
  season?: SeasonValues | null;
}

export interface ContingencyBasis {
  /** doesAmountVaryFromBillToBill. */
  amountVaries: boolean;
  /** Absent for sub-categories, which have no payment method. */
  paymentMethod?: PaymentMethod | null;
}

/** Reads the biller's peakMonths ("1,2,12"; empty means none), refusing anything but month numbers. */
export function parsePeakMonths(text: string | null | undefined): ReadonlySet<number> {
  const months = new Set<number>();
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return months;
  for (const part of trimmed.split(',')) {
    const month = Number(part.trim());
    if (!/^\d{1,2}$/.test(part.trim()) || month < 1 || month > 12) {
      throw new BillScheduleError('INVALID_PEAK_MONTHS', `Not a list of month numbers: "${text}"`, 'peakMonths');
    }
    months.add(month);
  }
  return months;
}

/** The stored form of peak months: sorted, comma-separated, no duplicates. */
export function formatPeakMonths(months: Iterable<number>): string {
  return [...new Set(months)].sort((a, b) => a - b).join(',');
}

export function isPeakMonth(date: LocalDate, peakMonths: ReadonlySet<number>): boolean {
  return peakMonths.has(toYmd(date).month);
}

/** The amount of the bill falling on `date`: the peak or off-peak value for a season bill. */
export function billAmountOn(value: BillValue, date: LocalDate): Cents {
  const season = value.season;
  if (!season) return value.expectedBillValue;
  return isPeakMonth(date, season.peakMonths) ? season.peakValue : season.offPeakValue;
}

export function carriesContingency(basis: ContingencyBasis): boolean {
  return basis.amountVaries || basis.paymentMethod === PaymentMethod.DirectDebit;
}

/** 10% of the bill's amount to the cent, half away from zero, or nothing for a fixed bill. */
export function contingencyFor(amount: Cents, basis: ContingencyBasis): Cents {
  return carriesContingency(basis) ? percentOf(amount, CONTINGENCY_PERCENT) : ZERO;
}
