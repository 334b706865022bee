import dayjs from 'dayjs';
import { wallTimeIn } from './institution-day';

/** Dates travel as `YYYY-MM-DD` and are shown `DD-MM-YYYY` (spec 1 §9). */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const FIRST_YEAR = 1900;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

function isRealDate(year: number, month: number, day: number): boolean {
  return year >= FIRST_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * Reads a date strictly (spec 1 §5): `DD-MM-YYYY`, or `YYYY-MM-DD` when the third character is not a dash.
 * Real calendar dates from 1900 on only; anything else gives null. Returns `YYYY-MM-DD`.
 */
export function parseDate(text: string | null | undefined): string | null {
  const value = text?.trim() ?? '';
  const display = value.charAt(2) === '-' ? DISPLAY_DATE.exec(value) : null;
  const iso = display ? null : ISO_DATE.exec(value);
  const [year, month, day] = display
    ? [Number(display[3]), Number(display[2]), Number(display[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (!isRealDate(year, month, day)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `2026-11-21` → `21-11-2026`; a missing or unreadable date shows `missing`. */
export function formatDate(value: string | null | undefined, missing = ''): string {
  const iso = parseDate(value?.slice(0, 10));
  if (!iso) return missing;
  const [year, month, day] = iso.split('-');
  return `${day}-${month}-${year}`;
}

/** An offset or Z at the end of an ISO-8601 date-time: it names an instant, not a wall time. */
const INSTANT = /(Z|[+-]\d{2}:?\d{2})$/;
const WALL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})/;

/**
 * A date and time the way people write it: `21-11-2026 9:15 pm` (issue 8, not `21:15PM`). An instant (with Z or an
 * offset) is shown in the institution's time zone, the same on every device; a wall time without one as it is.
 */
export function formatDateTime(value: string | null | undefined, missing = ''): string {
  if (!value) return missing;
  const wall = INSTANT.test(value) ? wallTimeIn(new Date(value)) : wallTimeOf(value);
  if (!wall) return missing;
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  return `${formatDate(wall.date)} ${hour12}:${String(wall.minute).padStart(2, '0')} ${wall.hour < 12 ? 'am' : 'pm'}`;
}

function wallTimeOf(value: string): { date: string; hour: number; minute: number } | null {
  const match = WALL_TIME.exec(value);
  const date = parseDate(match?.[1]);
  const hour = Number(match?.[2]);
  const minute = Number(match?.[3]);
  return match && date && hour < 24 && minute < 60 ? { date, hour, minute } : null;
}

/** `2026-11` → `Nov 2026` (chart axes). */
export function formatMonth(value: string): string {
  const moment = dayjs(`${value}-01`);
  return moment.isValid() ? moment.format('MMM YYYY') : value;
}
