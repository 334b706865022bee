/**
 * Calendar dates without time, as `YYYY-MM-DD` strings (sortable, the wire and PostgreSQL `date` form).
 * Arithmetic goes through the proleptic Gregorian day number, never through `Date` time zones.
 */
export type LocalDate = string & { readonly __brand: 'LocalDate' };

export class LocalDateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalDateError';
  }
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

export function isValidYmd(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    year >= 1 &&
    year <= 9999 &&
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12 &&
    Number.isInteger(day) &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

export function localDate(year: number, month: number, day: number): LocalDate {
  if (!isValidYmd(year, month, day)) throw new LocalDateError(`Not a calendar date: ${year}-${month}-${day}`);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` as LocalDate;
}

/** Accepts exactly `YYYY-MM-DD` naming a real calendar date. */
export function parseLocalDate(text: string): LocalDate {
  const match = ISO.exec(text);
  if (!match) throw new LocalDateError(`Not a YYYY-MM-DD date: "${text}"`);
  return localDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

export function isLocalDate(text: unknown): text is LocalDate {
  if (typeof text !== 'string') return false;
  const match = ISO.exec(text);
  return !!match && isValidYmd(Number(match[1]), Number(match[2]), Number(match[3]));
}

export interface Ymd {
  year: number;
  month: number;
  day: number;
}

export function toYmd(date: LocalDate): Ymd {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** Days since 1970-01-01 (negative before). */
export function toEpochDay(date: LocalDate): number {
  const { year, month, day } = toYmd(date);
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000);
}

export function fromEpochDay(epochDay: number): LocalDate {
  const d = new Date(epochDay * 86_400_000);
  return localDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Adds months, clamping the day to the end of a shorter month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: LocalDate, months: number, preferredDay?: number): LocalDate {
  const { year, month, day } = toYmd(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return localDate(y, m, Math.min(preferredDay ?? day, daysInMonth(y, m)));
}

export function addYears(date: LocalDate, years: number): LocalDate {
  return addMonths(date, years * 12);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

export function compareDates(a: LocalDate, b: LocalDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function minDate(a: LocalDate, b: LocalDate): LocalDate {
  return a <= b ? a : b;
}

export function maxDate(a: LocalDate, b: LocalDate): LocalDate {
  return a >= b ? a : b;
}

/** ISO weekday: 1 Monday … 7 Sunday (the week starts on Monday). */
export function isoWeekday(date: LocalDate): number {
  const dow = new Date(toEpochDay(date) * 86_400_000).getUTCDay();
  return dow === 0 ? 7 : dow;
}

export function endOfMonth(date: LocalDate): LocalDate {
  const { year, month } = toYmd(date);
  return localDate(year, month, daysInMonth(year, month));
}

/** `DD-MM-YYYY`, the display form. */
export function formatDisplayDate(date: LocalDate): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `D MMMM, YYYY`, the wizard's form ("3 March, 2026"). */
export function formatLongDate(date: LocalDate): string {
  const { year, month, day } = toYmd(date);
  return `${day} ${MONTH_NAMES[month - 1]}, ${year}`;
}

/** Today's calendar date in a time zone (the institution's, by default Australia/Sydney). */
export function todayIn(timeZone: string, now: Date = new Date()): LocalDate {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parseLocalDate(parts);
}
