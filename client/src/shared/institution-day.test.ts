import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_INSTITUTION_TIME_ZONE,
  institutionTimeZone,
  institutionToday,
  setInstitutionTimeZone,
} from './institution-day';

afterEach(() => setInstitutionTimeZone(DEFAULT_INSTITUTION_TIME_ZONE));

describe('institutionToday', () => {
  it.each([
    // [instant, zone, the institution's date]
    ['2026-11-20T14:30:00Z', 'Australia/Sydney', '2026-11-21'], // already the 21st in Sydney (UTC+11)
    ['2026-11-20T12:59:00Z', 'Australia/Sydney', '2026-11-20'],
    ['2026-11-20T14:30:00Z', 'Australia/Perth', '2026-11-20'], // UTC+8: 22:30 on the 20th
    ['2026-06-30T14:00:00Z', 'Australia/Sydney', '2026-07-01'], // winter, UTC+10
    ['2026-11-20T23:30:00Z', 'UTC', '2026-11-20'],
  ])('%s in %s is %s', (instant, zone, date) => {
    expect(institutionToday(new Date(instant), zone)).toBe(date);
  });

  it('uses the zone the server said, and ignores one the browser does not know', () => {
    setInstitutionTimeZone('Australia/Perth');
    expect(institutionTimeZone()).toBe('Australia/Perth');
    expect(institutionToday(new Date('2026-11-20T14:30:00Z'))).toBe('2026-11-20');
    setInstitutionTimeZone('Mars/Olympus_Mons');
    expect(institutionTimeZone()).toBe('Australia/Perth');
  });
});
