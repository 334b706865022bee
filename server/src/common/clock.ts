import { todayIn, type LocalDate } from './local-date.js';

/** The one source of "now" and "today": injectable so tests fix the date. */
export interface Clock {
  now(): Date;
  /** The institution's calendar date. */
  today(): LocalDate;
}

export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

export function systemClock(timeZone = DEFAULT_TIME_ZONE): Clock {
  return { now: () => new Date(), today: () => todayIn(timeZone) };
}

/** A clock frozen at a date (and optionally a time), for tests and demo data. */
export function fixedClock(today: LocalDate, now: Date = new Date(`${today}T00:00:00Z`)): Clock {
  return { now: () => new Date(now), today: () => today };
}
