import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  formatDisplayDate,
  formatLongDate,
  isoWeekday,
  parseLocalDate,
  todayIn,
} from './local-date.js';

const d = parseLocalDate;

describe('local dates', () => {
  it('clamps a month-end to the shorter month', () => {
    expect(addMonths(d('2026-01-31'), 1)).toBe('2026-02-28');
    expect(addMonths(d('2028-01-31'), 1)).toBe('2028-02-29');
    expect(addMonths(d('2026-02-28'), 1, 31)).toBe('2026-03-31');
  });

  it('adds days across years and counts them', () => {
    expect(addDays(d('2026-12-31'), 1)).toBe('2027-01-01');
    expect(daysBetween(d('2026-01-01'), d('2027-01-01'))).toBe(365);
  });

  it('refuses dates that are not on the calendar', () => {
    expect(() => parseLocalDate('2026-02-29')).toThrow();
    expect(() => parseLocalDate('2026-2-1')).toThrow();
    expect(parseLocalDate('2024-02-29')).toBe('2024-02-29');
  });

  it('starts the week on Monday', () => {
    expect(isoWeekday(d('2026-11-23'))).toBe(1);
    expect(isoWeekday(d('2026-11-22'))).toBe(7);
  });

  it('formats for display and for the wizard', () => {
    expect(formatDisplayDate(d('2026-03-05'))).toBe('05-03-2026');
    expect(formatLongDate(d('2026-03-05'))).toBe('5 March, 2026');
  });

  it('reads today in Sydney, which is ahead of UTC', () => {
    expect(todayIn('Australia/Sydney', new Date('2026-11-20T14:00:00Z'))).toBe('2026-11-21');
  });
});
