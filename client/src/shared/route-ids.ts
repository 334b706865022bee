/** A route id made of digits only (0 allowed), else null. */
export function parseRouteId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** A route id that must be a positive integer, else null. */
export function parsePositiveId(raw: string | undefined): number | null {
  const id = parseRouteId(raw);
  return id !== null && id > 0 ? id : null;
}
