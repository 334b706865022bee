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
  wallClockIn,
  zonedInstant,
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
    expect(parseLocalDate('0001-01-01')).toBe('0001-01-01');
    for (const text of [
      '0000-01-01',
      '2026-13-01',
      '2026-00-10',
      '2026-01-32',
      '2026/01/01',
      '2026-01-01 ',
      '20260-1-01',
      '2026-1a-01',
      '',
    ])
      expect(() => parseLocalDate(text)).toThrow();
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

  it('finds the instant of a wall-clock time in a zone, daylight saving included', () => {
    // Sydney is UTC+11 in summer (AEDT), UTC+10 in winter (AEST).
    expect(zonedInstant(d('2026-11-24'), 'Australia/Sydney', 14).toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(zonedInstant(d('2026-06-24'), 'Australia/Sydney', 14).toISOString()).toBe('2026-06-24T04:00:00.000Z');
    expect(zonedInstant(d('2026-11-24'), 'Australia/Sydney').toISOString()).toBe('2026-11-23T13:00:00.000Z');
    expect(zonedInstant(d('2026-11-24'), 'UTC', 9, 30).toISOString()).toBe('2026-11-24T09:30:00.000Z');
    // The day the clocks go back (05-04-2026, 03:00 → 02:00) and forward (04-10-2026, 02:00 → 03:00).
    expect(zonedInstant(d('2026-04-05'), 'Australia/Sydney', 12).toISOString()).toBe('2026-04-05T02:00:00.000Z');
    expect(zonedInstant(d('2026-10-04'), 'Australia/Sydney', 12).toISOString()).toBe('2026-10-04T01:00:00.000Z');
    // Its date in the zone is the date asked for, at every hour.
    for (let hour = 0; hour < 24; hour++) {
      expect(todayIn('Australia/Sydney', zonedInstant(d('2026-11-24'), 'Australia/Sydney', hour))).toBe('2026-11-24');
    }
  });
});

describe('wallClockIn', () => {
  it.each([
    // [instant, zone, date, hour, minute]
    ['2026-11-20T13:05:00Z', 'Australia/Sydney', '2026-11-21', 0, 5], // midnight is hour 0 (UTC+11)
    ['2026-11-20T10:15:00Z', 'Australia/Sydney', '2026-11-20', 21, 15],
    ['2026-06-30T14:00:00Z', 'Australia/Sydney', '2026-07-01', 0, 0], // winter, UTC+10
    ['2026-11-20T14:30:00Z', 'Australia/Perth', '2026-11-20', 22, 30],
    ['2026-11-21T02:15:00Z', 'America/New_York', '2026-11-20', 21, 15],
    ['2026-11-20T23:59:00Z', 'UTC', '2026-11-20', 23, 59],
  ])('%s in %s is %s %i:%i', (instant, zone, date, hour, minute) => {
    expect(wallClockIn(zone, new Date(instant))).toEqual({ date, hour, minute });
  });

  it('gives null for an invalid Date, and todayIn refuses one', () => {
    expect(wallClockIn('Australia/Sydney', new Date('not a date'))).toBeNull();
    expect(() => todayIn('Australia/Sydney', new Date('not a date'))).toThrow(RangeError);
  });
});
