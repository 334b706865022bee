import { DomainError } from '../errors.js';
import { addDays, type LocalDate } from '../local-date.js';
import { cents, type Cents } from '../money.js';
import type { BalancePoint } from '../deposit/cash-flow.rules.js';

/** How deep an agreement's forecast goes within the horizon, worst first. */
export enum RiskLevel {
  /** Below the approved overdraw: the member will be refused payments, a manager will be asked. */
  BeyondApprovedOverdraw = 'BEYOND_APPROVED_OVERDRAW',
  /** Below zero but within the approved overdraw. */
  BelowZero = 'BELOW_ZERO',
}

export interface RiskInput {
  /**
   * The agreement's forecast (its projection's): the closing balance from today, date ascending, on every day it
   * changes (the balance holds between two points).
   */
  days: readonly BalancePoint[];
  today: LocalDate;
  /** The horizon chosen by staff: today and the 7 × weeks - 1 days after it. */
  weeks: number;
  approvedOverdraw: Cents;
  /** The projection's deposit that never goes short over the whole period (null: only a top-up avoids it). */
  depositToAvoid: Cents | null;
}

export interface RiskAssessment {
  level: RiskLevel;
  /** The first day within the horizon that closes below zero. */
  firstShortDate: LocalDate;
  /** The lowest closing balance within the horizon (earliest day on ties). */
  lowestPoint: BalancePoint;
  /** How far that point is below zero. */
  depth: Cents;
  /** A top-up today that keeps every day of the horizon at zero or above: exactly the depth. */
  topUpToAvoid: Cents;
  /**
   * The deposit that never goes short, when raising the deposit can avoid it (null when a bill falls due before
   * the next deposit could help: only a top-up does).
   */
  depositToAvoid: Cents | null;
}

/**
 * The at-risk worklist's rule (issue 11 item 7): an agreement is at risk when its forecast (the agreement's
 * projection, as every screen shows it) closes below zero on any day of the horizon, before any deposit is missed. Its level says whether that is beyond the approved
 * overdraw. Null when it is not at risk within the horizon.
 */
export function assessRisk(input: RiskInput): RiskAssessment | null {
  if (!Number.isSafeInteger(input.weeks) || input.weeks < 1) return null;
  const horizonEnd = addDays(input.today, 7 * input.weeks - 1);
  let lowest: BalancePoint | null = null;
  let firstShortDate: LocalDate | null = null;
  for (const day of input.days) {
    if (day.date < input.today) continue;
    if (day.date > horizonEnd) break;
    if (day.balance < 0 && firstShortDate === null) firstShortDate = day.date;
    if (lowest === null || day.balance < lowest.balance) lowest = { date: day.date, balance: day.balance };
  }
  if (lowest === null || firstShortDate === null) return null;
  const depth = cents(-lowest.balance);
  return {
    level: depth > input.approvedOverdraw ? RiskLevel.BeyondApprovedOverdraw : RiskLevel.BelowZero,
    firstShortDate,
    lowestPoint: lowest,
    depth,
    topUpToAvoid: depth,
    depositToAvoid: input.depositToAvoid,
  };
}

/** What the worklist sorts on, whatever the shape of its rows (cents on the server, decimal strings on the client). */
export interface RiskSortKeys {
  agreementId: number;
  memberName: string;
  beyondApprovedOverdraw: boolean;
  firstShortDate: string;
  /** The lowest point's balance (negative), in any one unit. */
  lowestBalance: number;
  topUpToAvoid: number;
  /** Null: only a top-up avoids it. */
  depositToAvoid: number | null;
}

export const AT_RISK_SORT_FIELDS = [
  'risk',
  'member',
  'firstShortDate',
  'lowestPoint',
  'topUpToAvoid',
  'depositToAvoid',
] as const;
export type AtRiskSortField = (typeof AT_RISK_SORT_FIELDS)[number];
export interface AtRiskSort {
  field: AtRiskSortField;
  direction: 'asc' | 'desc';
}

/** The worklist's own order: worst first. */
export const DEFAULT_AT_RISK_SORT: AtRiskSort = { field: 'risk', direction: 'asc' };

/** The sort asked for (GraphQL input or none): a known column and direction, else a clear refusal. */
export function checkAtRiskSort(value: unknown): AtRiskSort {
  if (value === undefined || value === null) return DEFAULT_AT_RISK_SORT;
  const sort = value as Partial<Record<keyof AtRiskSort, unknown>>;
  if (!AT_RISK_SORT_FIELDS.includes(sort.field as AtRiskSortField)) {
    throw new DomainError('INVALID_SORT', `Sort by one of: ${AT_RISK_SORT_FIELDS.join(', ')}.`, 'sort');
  }
  const direction = sort.direction ?? 'asc';
  if (direction !== 'asc' && direction !== 'desc') {
    throw new DomainError('INVALID_SORT', 'Sort asc or desc.', 'sort');
  }
  return { field: sort.field as AtRiskSortField, direction };
}

/** Worst first: beyond the approved overdraw, then the earliest first short day, then the deepest. */
function worstFirst(a: RiskSortKeys, b: RiskSortKeys): number {
  return (
    Number(b.beyondApprovedOverdraw) - Number(a.beyondApprovedOverdraw) ||
    a.firstShortDate.localeCompare(b.firstShortDate) ||
    a.lowestBalance - b.lowestBalance
  );
}

const BY_FIELD: Readonly<Record<AtRiskSortField, (a: RiskSortKeys, b: RiskSortKeys) => number>> = {
  risk: worstFirst,
  member: (a, b) => a.memberName.localeCompare(b.memberName),
  firstShortDate: (a, b) => a.firstShortDate.localeCompare(b.firstShortDate),
  // Ascending: the deepest (most negative) first.
  lowestPoint: (a, b) => a.lowestBalance - b.lowestBalance,
  topUpToAvoid: (a, b) => a.topUpToAvoid - b.topUpToAvoid,
  // 'A top-up only' (no deposit avoids it) after every amount.
  depositToAvoid: (a, b) =>
    a.depositToAvoid === null || b.depositToAvoid === null
      ? Number(a.depositToAvoid === null) - Number(b.depositToAvoid === null)
      : a.depositToAvoid - b.depositToAvoid,
};

/**
 * Rule "at-risk worklist order": by the column chosen, ascending or descending; ties worst first, then by
 * agreement, so an order is always the same. The screen sorts with it, and the exports follow the screen's sort.
 */
export function sortAtRisk<T>(items: readonly T[], sort: AtRiskSort, keysOf: (item: T) => RiskSortKeys): T[] {
  const compare = BY_FIELD[sort.field] ?? worstFirst;
  const sign = sort.direction === 'desc' ? -1 : 1;
  return items
    .map((item) => ({ item, keys: keysOf(item) }))
    .sort(
      (a, b) => sign * compare(a.keys, b.keys) || worstFirst(a.keys, b.keys) || a.keys.agreementId - b.keys.agreementId,
    )
    .map(({ item }) => item);
}

/** A column header clicked: the same column turns around, another one starts ascending. */
export function nextAtRiskSort(current: AtRiskSort, field: AtRiskSortField): AtRiskSort {
  if (current.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** Worst first: beyond the approved overdraw, then the earliest first short day, then the deepest. */
export function compareRisk(a: RiskAssessment, b: RiskAssessment): number {
  return worstFirst(
    riskKeys({ agreementId: 0, memberName: '', ...a }),
    riskKeys({ agreementId: 0, memberName: '', ...b }),
  );
}

/** The sort keys of a server-side item. */
export function riskKeys(item: RiskAssessment & { agreementId: number; memberName: string }): RiskSortKeys {
  return {
    agreementId: item.agreementId,
    memberName: item.memberName,
    beyondApprovedOverdraw: item.level === RiskLevel.BeyondApprovedOverdraw,
    firstShortDate: item.firstShortDate,
    lowestBalance: item.lowestPoint.balance,
    topUpToAvoid: item.topUpToAvoid,
    depositToAvoid: item.depositToAvoid,
  };
}
