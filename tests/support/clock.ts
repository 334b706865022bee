import type { Clock } from '../../server/src/shared/clock.js';
import { todayIn, type LocalDate } from '../../server/src/shared/local-date.js';

/** A clock the test moves forward by hand. */
export class ManualClock implements Clock {
  private current: Date;

  constructor(start: Date = new Date()) {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  today(): LocalDate {
    return todayIn('Australia/Sydney', this.current);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
