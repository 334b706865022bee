/**
 * The words people read for the spec's code names (issue 8): the API keeps `Successfull`, `TryAgain`, `Missmatch`
 * (spec 1 names them so), screens show proper English. Other names written together (`MissedDeposit`) are spaced.
 */
const LABELS: Record<string, string> = {
  Successfull: 'Successful',
  TryAgain: 'Retrying',
  Missmatch: 'Mismatch',
};

export function displayLabel(name: string | null | undefined): string {
  if (!name) return '';
  return LABELS[name] ?? name.replace(/([a-z])([A-Z])/g, '$1 $2');
}
