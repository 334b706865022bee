import type { AtRiskSort, AtRiskSortField, RiskSortKeys } from '@shared/risk/at-risk.rules';

export {
  DEFAULT_AT_RISK_SORT,
  nextAtRiskSort,
  sortAtRisk,
  type AtRiskSort,
  type AtRiskSortField,
} from '@shared/risk/at-risk.rules';

/** The weeks staff may look ahead (the server accepts 1 to 26). */
export const WEEK_CHOICES = [1, 2, 4, 8, 13, 26] as const;
export const DEFAULT_WEEKS = 8;

export function riskLabel(level: string): string {
  return level === 'BeyondApprovedOverdraw' ? 'Beyond approved overdraw' : 'Below zero';
}

/** A row as the page reads it (money as decimal strings). */
export interface AtRiskRow {
  agreementId: number;
  memberName: string;
  level: string;
  firstShortDate: string;
  lowestPoint: { balance: string };
  topUpToAvoid: string;
  depositToAvoid?: string | null;
}

/** The sort keys of a row (the server's rule sorts the screen, and the exports follow the same sort). */
export function rowKeys(row: AtRiskRow): RiskSortKeys {
  return {
    agreementId: row.agreementId,
    memberName: row.memberName,
    beyondApprovedOverdraw: row.level === 'BeyondApprovedOverdraw',
    firstShortDate: row.firstShortDate,
    lowestBalance: Number(row.lowestPoint.balance),
    topUpToAvoid: Number(row.topUpToAvoid),
    depositToAvoid: row.depositToAvoid === null || row.depositToAvoid === undefined ? null : Number(row.depositToAvoid),
  };
}

/** The sortable columns, in the table's order. */
export const SORT_COLUMNS: readonly { field: AtRiskSortField; label: string; end?: boolean }[] = [
  { field: 'member', label: 'Member' },
  { field: 'risk', label: 'Risk' },
  { field: 'firstShortDate', label: 'First short day' },
  // Over the whole agreement (the member's overview's figures), not only the weeks chosen: the labels say so.
  { field: 'lowestPoint', label: 'Lowest point to end date', end: true },
  { field: 'topUpToAvoid', label: 'Top-up today to avoid', end: true },
  { field: 'depositToAvoid', label: 'Deposit now → to avoid', end: true },
];

/** What the table's caption says of its order ('worst first' is the list's own). */
export function sortDescription(sort: AtRiskSort): string {
  const column = SORT_COLUMNS.find((c) => c.field === sort.field)?.label ?? sort.field;
  if (sort.field === 'risk') return sort.direction === 'asc' ? 'worst first' : 'least bad first';
  return `by ${column.toLowerCase()}, ${sort.direction === 'asc' ? 'ascending' : 'descending'}`;
}
