import { addDays, daysBetween, todayIn, zonedInstant, type LocalDate } from './local-date.js';

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

/** A clock whose "now" can be set to an hour of a day (the simulation's and the demo's day runs). */
export interface SettableClock extends Clock {
  /** From now on, `now()` is `hour:minute` of `date` at the institution (until moved again). */
  setAt(date: LocalDate, hour: number, minute?: number): void;
}

const DAY_MS = 24 * 3_600_000;

/**
 * The demo's clock (demo mode only): the server's clock moved forward a whole number of days. While a day is being
 * run, `pin` holds it at each job's hour (`setAt`), as the simulation's clock does; `advanceTo` then leaves it on the
 * run's day at the base clock's time of day, running. Sign-in sessions keep the base clock (`base`): moving the
 * bank's day signs no one out.
 */
export class DemoClock implements SettableClock {
  private offsetDays = 0;
  private pinned: Date | null = null;

  constructor(
    readonly base: Clock,
    private readonly timeZone = DEFAULT_TIME_ZONE,
  ) {}

  now(): Date {
    if (this.pinned) return new Date(this.pinned);
    return new Date(this.base.now().getTime() + this.offsetDays * DAY_MS);
  }

  today(): LocalDate {
    if (this.pinned) return todayIn(this.timeZone, this.pinned);
    return addDays(this.base.today(), this.offsetDays);
  }

  /** Days the demo is ahead of the base clock. */
  get daysAhead(): number {
    return this.offsetDays;
  }

  setAt(date: LocalDate, hour: number, minute = 0): void {
    this.pinned = zonedInstant(date, this.timeZone, hour, minute);
  }

  /** Leaves the pinned hour: the clock runs again on `date` (at least today) at the base clock's time of day. */
  advanceTo(date: LocalDate): void {
    this.pinned = null;
    this.reach(date);
  }

  /**
   * Moves the running clock on to `date` (never back; the base clock's today at least), leaving a pinned hour alone:
   * another instance's run, or the day stored, heard of while this instance runs a day of its own.
   */
  reach(date: LocalDate): void {
    this.offsetDays = Math.max(this.offsetDays, daysBetween(this.base.today(), date));
  }
}
