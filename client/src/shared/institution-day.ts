/**
 * The institution's day and time zone (DOMAIN.md: "today" is the institution's today). The server says which zone
 * (`institutionDay`, read once signed in: RootLayout); until it has, the default one. Times are shown in it, so a
 * statement reads the same on any device, and dates agree with the server's rules.
 */
export const DEFAULT_INSTITUTION_TIME_ZONE = 'Australia/Sydney';

let zone = DEFAULT_INSTITUTION_TIME_ZONE;

/** Called when the server has said its zone; an unknown zone is ignored (the default stays). */
export function setInstitutionTimeZone(timeZone: string): void {
  if (timeZone === zone) return;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    zone = timeZone;
    formatters.clear();
  } catch {
    // Not a zone this browser knows: keep the one it had.
  }
}

export function institutionTimeZone(): string {
  return zone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An instant's calendar date and wall time in a zone. */
export function wallTimeIn(
  instant: Date,
  timeZone: string = zone,
): { date: string; hour: number; minute: number } | null {
  if (Number.isNaN(instant.getTime())) return null;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

/** The institution's today (YYYY-MM-DD) at `now`, as the browser's clock says: the server's own comes first. */
export function institutionToday(now: Date = new Date(), timeZone: string = zone): string {
  return wallTimeIn(now, timeZone)?.date ?? '';
}
