import { todayIn, zonedInstant, type LocalDate } from './local-date.js';

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

/**
 * A clock that read `start` at the wall-clock instant `startedAt` and runs like the wall clock from there (the browser
 * tests' server lives on a chosen day: sessions expire and new rows come after older ones, as in real time).
 */
export function runningClock(
  start: Date,
  timeZone = DEFAULT_TIME_ZONE,
  startedAt = Date.now(),
  wall: () => number = Date.now,
): Clock {
  const offset = start.getTime() - startedAt;
  const now = () => new Date(wall() + offset);
  return { now, today: () => todayIn(timeZone, now()) };
}

/** The instant a running clock starts on a chosen day: 10:00 at the institution, far from either midnight. */
export function startOfRunOn(today: LocalDate, timeZone = DEFAULT_TIME_ZONE): Date {
  return zonedInstant(today, timeZone, 10);
}
