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

/** '00' … '31': a month or a day as written in a date (the bill engine makes thousands of dates per overview). */
const TWO_DIGITS = Array.from({ length: 32 }, (_, n) => String(n).padStart(2, '0'));

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Not a new array per call: every date read or made checks its day against this. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
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
  const yyyy = year >= 1000 ? String(year) : String(year).padStart(4, '0');
  return `${yyyy}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}` as LocalDate;
}

/** The number written by `length` ASCII digits of `text` from `start`, or -1 when one of them is not a digit. */
function digitsAt(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Accepts exactly `YYYY-MM-DD` naming a real calendar date, and answers the text itself: read character by
 * character, without a match array or a rebuilt string (every date column of a row comes through here: issue 13
 * item 8).
 */
export function parseLocalDate(text: string): LocalDate {
  const year = text.length === 10 && text[4] === '-' && text[7] === '-' ? digitsAt(text, 0, 4) : -1;
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 0 || month < 0 || day < 0) throw new LocalDateError(`Not a YYYY-MM-DD date: "${text}"`);
  if (!isValidYmd(year, month, day)) throw new LocalDateError(`Not a calendar date: ${year}-${month}-${day}`);
  return text as LocalDate;
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
  const wall = wallClockIn(timeZone, now);
  if (!wall) throw new RangeError(`Not an instant: ${String(now)}`);
  return wall.date;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** An instant's wall-clock reading in a time zone, as numbers (hour 0-23). */
function wallPartsIn(timeZone: string, at: Date) {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

/** An instant's calendar date and wall-clock hour (0-23) and minute in a time zone; null for an invalid Date. */
export function wallClockIn(timeZone: string, at: Date): { date: LocalDate; hour: number; minute: number } | null {
  if (Number.isNaN(at.getTime())) return null;
  const { year, month, day, hour, minute } = wallPartsIn(timeZone, at);
  return { date: localDate(year, month, day), hour, minute };
}

/** How far a time zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(timeZone: string, at: Date): number {
  const { year, month, day, hour, minute, second } = wallPartsIn(timeZone, at);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time of a calendar date happens in a time zone (daylight saving included): 14:00 on
 * 2026-11-24 in Sydney is 03:00Z. A time skipped by a clock change resolves to the instant after the gap.
 */
export function zonedInstant(date: LocalDate, timeZone: string, hour = 0, minute = 0): Date {
  const { year, month, day } = toYmd(date);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const steady = steadyOffset(timeZone, date, year, month, day);
  if (steady !== null) return new Date(wall - steady);
  const first = wall - zoneOffsetMs(timeZone, new Date(wall));
  return new Date(wall - zoneOffsetMs(timeZone, new Date(first)));
}

/** Seeds stamp thousands of rows: the zone's rules are slow to consult, so each date's offset is looked up once. */
const steadyOffsets = new Map<string, number | null>();

/** The zone's offset all through a date's local day, or null when its clocks change around that day. */
function steadyOffset(timeZone: string, date: LocalDate, year: number, month: number, day: number): number | null {
  const key = `${timeZone} ${date}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    // The local day lies within the UTC days before and after (offsets are within ±14 h).
    const before = zoneOffsetMs(timeZone, new Date(Date.UTC(year, month - 1, day - 1)));
    const after = zoneOffsetMs(timeZone, new Date(Date.UTC(year, month - 1, day + 2)));
    offset = before === after ? before : null;
    if (steadyOffsets.size >= 50_000) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}
