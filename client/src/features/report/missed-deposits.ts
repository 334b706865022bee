/** The report's form and downloads (spec 3 §2, §4, §5): checkboxes 5 per row, select all, 'Please select a branch'. */
export const BRANCHES_PER_ROW = 5;
export const SELECT_BRANCH = 'Please select a branch';

/** The branches in rows of five, in the server's order (by name). */
export function branchRows<T>(branches: readonly T[], perRow = BRANCHES_PER_ROW): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < branches.length; i += perRow) rows.push(branches.slice(i, i + perRow));
  return rows;
}

/** Select all: ticked when every branch is; ticking it chooses all, unticking none. */
export function allChosen(chosen: ReadonlySet<number>, ids: readonly number[]): boolean | 'indeterminate' {
  if (ids.length === 0 || chosen.size === 0) return false;
  return ids.every((id) => chosen.has(id)) ? true : 'indeterminate';
}

export function toggled(chosen: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(chosen);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

export interface ReportForm {
  branchIds: number[];
  startDate: string;
  endDate: string;
}

/** The form's error, or null: a branch is required; dates, when both given, in order. */
export function reportFormError(form: ReportForm): string | null {
  if (form.branchIds.length === 0) return SELECT_BRANCH;
  if (form.startDate && form.endDate && form.startDate > form.endDate) {
    return 'The start date must be on or before the end date.';
  }
  return null;
}

/** The request the server takes: empty dates are none. */
export function reportInput(form: ReportForm) {
  return {
    branchIds: [...form.branchIds].sort((a, b) => a - b),
    startDate: form.startDate || null,
    endDate: form.endDate || null,
  };
}

export { downloadBase64 } from '../../shared/download';
