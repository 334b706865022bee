import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDisplayDate, fromEpochDay, isLocalDate, toEpochDay, type LocalDate } from '../local-date.js';
import { checkDateInput, EMPTY_DATE_SENTINEL, formatDateInput, parseDateInput } from './date-input.js';

describe('parseDateInput (spec 1 §5: strict DD-MM-YYYY, else YYYY-MM-DD; real dates from 1900 on)', () => {
  it.each([
    ['the display form', '05-06-2024', '2024-06-05'],
    ['a leap day', '29-02-2024', '2024-02-29'],
    ['a leap day of a year divisible by 400', '29-02-2000', '2000-02-29'],
    ['the first accepted day', '01-01-1900', '1900-01-01'],
    ['the ISO form when the third character is not a dash', '2024-06-05', '2024-06-05'],
    ['an ISO leap day', '2024-02-29', '2024-02-29'],
    ['surrounding spaces', ' 05-06-2024 ', '2024-06-05'],
    ['a far year', '31-12-9999', '9999-12-31'],
  ])('reads %s', (_rule, text, expected) => {
    expect(parseDateInput(text)).toBe(expected);
  });

  it.each([
    ['29 February of a common year', '29-02-2023'],
    ['29 February 1900 (divisible by 100, not 400)', '29-02-1900'],
    ['31 April', '31-04-2024'],
    ['month 13', '01-13-2024'],
    ['day 0', '00-01-2024'],
    ['a date before 1900', '31-12-1899'],
    ['an ISO date before 1900', '1899-12-31'],
    ['the empty-date sentinel', EMPTY_DATE_SENTINEL],
    ['single-digit day and month', '1-1-2024'],
    ['a two-digit year', '05-06-24'],
    ['slashes', '05/06/2024'],
    ['ISO with slashes', '2024/06/05'],
    ['month first with a dash (ISO read, fails)', '2024-13-01'],
    ['trailing text', '05-06-2024x'],
    ['blank', ''],
  ])('gives no value for %s', (_rule, text) => {
    expect(parseDateInput(text)).toBeUndefined();
  });

  it('gives no value for null or undefined', () => {
    expect(parseDateInput(null)).toBeUndefined();
    expect(parseDateInput(undefined)).toBeUndefined();
  });

  const anyDateFrom1900 = fc
    .integer({ min: toEpochDay('1900-01-01' as LocalDate), max: toEpochDay('9999-12-31' as LocalDate) })
    .map(fromEpochDay);

  it('reads back every date from 1900 on in both forms (property)', () => {
    fc.assert(
      fc.property(anyDateFrom1900, (date) => {
        expect(parseDateInput(formatDateInput(date))).toBe(date);
        expect(parseDateInput(date)).toBe(date);
      }),
    );
  });

  it('gives either no value or a real date from 1900 on, whatever is typed (property)', () => {
    const typed = fc.oneof(
      fc.string(),
      fc.stringMatching(/^\d{2}-\d{2}-\d{4}$/),
      fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    );
    fc.assert(
      fc.property(typed, (text) => {
        const date = parseDateInput(text);
        if (date !== undefined) {
          expect(isLocalDate(date)).toBe(true);
          expect(date >= '1900-01-01').toBe(true);
        }
      }),
    );
  });
});

describe('formatDateInput (spec 1 §9: DD-MM-YYYY)', () => {
  it.each<[string | null | undefined, string]>([
    ['2024-06-05', '05-06-2024'],
    ['1900-01-01', '01-01-1900'],
    [EMPTY_DATE_SENTINEL, ''],
    ['2023-02-29', ''],
    ['05-06-2024', ''],
    [null, ''],
    [undefined, ''],
  ])('formats %s as "%s"', (date, expected) => {
    expect(formatDateInput(date)).toBe(expected);
  });

  it('agrees with the shared display format', () => {
    expect(formatDateInput('2026-03-03')).toBe(formatDisplayDate('2026-03-03' as LocalDate));
  });
});

describe('checkDateInput (spec 2 §5: invalidDateFormatError)', () => {
  it('returns the date or an invalidDateFormat rejection on the named field', () => {
    expect(checkDateInput('05-06-2024', 'dateOfBill')).toEqual({ ok: true, value: '2024-06-05' });
    expect(checkDateInput('31-02-2024', 'dateOfBill')).toMatchObject({
      ok: false,
      code: 'invalidDateFormat',
      field: 'dateOfBill',
    });
  });
});
