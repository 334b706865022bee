import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, parseDate } from './dates';

describe('formatDate', () => {
  it('shows YYYY-MM-DD as DD-MM-YYYY', () => {
    expect(formatDate('2026-11-21')).toBe('21-11-2026');
    expect(formatDate('2024-02-29')).toBe('29-02-2024');
  });

  it('reads the date part of a date-time', () => {
    expect(formatDate('2026-01-05T10:00:00.000Z')).toBe('05-01-2026');
  });

  it('shows the placeholder for a missing or impossible date', () => {
    expect(formatDate(null, '—')).toBe('—');
    expect(formatDate('2023-02-29', '—')).toBe('—');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('parseDate', () => {
  it.each([
    ['21-11-2026', '2026-11-21'],
    ['2026-11-21', '2026-11-21'],
    ['29-02-2000', '2000-02-29'],
    ['01-01-1900', '1900-01-01'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseDate(text)).toBe(iso);
  });

  it.each(['29-02-1900', '31-04-2026', '31-12-1899', '2026/11/21', '1-1-2026', '21-11-26', '', '32-01-2026'])(
    'rejects %s',
    (text) => {
      expect(parseDate(text)).toBeNull();
    },
  );
});

describe('formatDateTime', () => {
  it('shows the day first with the time', () => {
    expect(formatDateTime('2026-11-21T14:05:00')).toBe('21-11-2026 2:05 pm');
    expect(formatDateTime('2026-11-21T21:15:00')).toBe('21-11-2026 9:15 pm');
    expect(formatDateTime('2026-11-21T00:30:00')).toBe('21-11-2026 12:30 am');
    expect(formatDateTime('garbage', '—')).toBe('—');
  });

  it.each([
    // An instant is shown in the institution's zone (Sydney by default), whatever the browser's zone.
    ['2026-11-21T10:15:00Z', '21-11-2026 9:15 pm'],
    ['2026-11-21T10:15:00.123Z', '21-11-2026 9:15 pm'],
    ['2026-11-21T13:30:00Z', '22-11-2026 12:30 am'],
    ['2026-11-21T21:15:00+11:00', '21-11-2026 9:15 pm'],
    ['2026-06-30T02:00:00Z', '30-06-2026 12:00 pm'],
    ['2026-11-21T25:00:00', ''],
  ])('%s reads %s', (value, shown) => {
    expect(formatDateTime(value)).toBe(shown);
  });
});

describe('formatMonth', () => {
  it('names the month', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
  });
});
