import { DEFAULT_TIME_ZONE } from '@shared/clock';
import { wallClockIn } from '@shared/local-date';

/**
 * The institution's day and time zone (DOMAIN.md: "today" is the institution's today). The server says which zone
 * (`institutionDay`, read once signed in: RootLayout); until it has, the default one. Times are shown in it, so a
 * statement reads the same on any device, and dates agree with the server's rules.
 */
export const DEFAULT_INSTITUTION_TIME_ZONE = DEFAULT_TIME_ZONE;

let zone = DEFAULT_INSTITUTION_TIME_ZONE;

/** Called when the server has said its zone; an unknown zone is ignored (the default stays). */
export function setInstitutionTimeZone(timeZone: string): void {
  if (timeZone === zone) return;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    zone = timeZone;
  } catch {
    // Not a zone this browser knows: keep the one it had.
  }
}

export function institutionTimeZone(): string {
  return zone;
}

/** An instant's calendar date and wall time in a zone (the institution's by default). */
export function wallTimeIn(
  instant: Date,
  timeZone: string = zone,
): { date: string; hour: number; minute: number } | null {
  return wallClockIn(timeZone, instant);
}

/** The institution's today (YYYY-MM-DD) at `now`, as the browser's clock says: the server's own comes first. */
export function institutionToday(now: Date = new Date(), timeZone: string = zone): string {
  return wallClockIn(timeZone, now)?.date ?? '';
}
