import { formatDisplayDate, isLocalDate, isValidYmd, localDate, type LocalDate } from '../local-date.js';
import type { Checked } from './issue.js';

/**
 * Dates typed by people (spec 1 §5): `DD-MM-YYYY`, parsed strictly; when the third character is not a dash the
 * text is read as `YYYY-MM-DD`. Only real calendar dates from 1900 on (leap years included) have a value.
 */

export const EARLIEST_INPUT_YEAR = 1900;
/** Spec 2 §9: the server's "no date" value; it formats as blank and never parses. */
export const EMPTY_DATE_SENTINEL = '0001-01-01';
export const INVALID_DATE_FORMAT_MESSAGE = 'Please enter a valid date as DD-MM-YYYY.';

const DISPLAY = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The date typed, or undefined when it is not a real date from 1900 on in one of the two forms. */
export function parseDateInput(text: string | null | undefined): LocalDate | undefined {
  const value = (text ?? '').trim();
  const display = value.charAt(2) === '-';
  const match = (display ? DISPLAY : ISO).exec(value);
  if (!match) return undefined;
  const [year, month, day] = display
    ? [Number(match[3]), Number(match[2]), Number(match[1])]
    : [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < EARLIEST_INPUT_YEAR || !isValidYmd(year, month, day)) return undefined;
  return localDate(year, month, day);
}

/** `DD-MM-YYYY` for an input box; blank for no date or the server's empty-date sentinel. */
export function formatDateInput(date: LocalDate | string | null | undefined): string {
  if (!isLocalDate(date) || date === EMPTY_DATE_SENTINEL) return '';
  return formatDisplayDate(date);
}

/** `parseDateInput` as a field check (spec 2's invalidDateFormatError). */
export function checkDateInput(
  text: string | null | undefined,
  field = 'date',
): Checked<LocalDate, 'invalidDateFormat'> {
  const date = parseDateInput(text);
  if (date === undefined) {
    return { ok: false, code: 'invalidDateFormat', message: INVALID_DATE_FORMAT_MESSAGE, field };
  }
  return { ok: true, value: date };
}
