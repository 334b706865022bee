import { DomainError } from '../errors.js';
import { addDays, type LocalDate } from '../local-date.js';
import type { Cents } from '../money.js';
import type { BalancePoint } from '../deposit/cash-flow.rules.js';

/** How deep an agreement's forecast goes (its lowest point, over the whole agreement), worst first. */
export enum RiskLevel {
  /** Below the approved overdraw: the member will be refused payments, a manager will be asked. */
  BeyondApprovedOverdraw = 'BEYOND_APPROVED_OVERDRAW',
  /** Below zero but within the approved overdraw. */
  BelowZero = 'BELOW_ZERO',
}

/**
 * The forecast's verdict as the agreement's projection states it (`ProjectedForecast`, agreement/projection: the
 * member's overview reads the same fields, "Goes short by X on D … At its lowest, on D, it is Y short. To avoid it, top
 * up Y today, or raise each deposit to Z"). Every figure is over the whole agreement, to its end date.
 */
export interface ForecastVerdictFigures {
  firstShortDate: LocalDate | null;
  /** How far below zero the first short day closes. */
  firstShortfall: Cents | null;
  lowestPoint: BalancePoint;
  /** The smallest top-up today that keeps every day at zero or above (null when it never goes short). */
  topUpToAvoid: Cents | null;
  /** The deposit that never goes short, when raising each deposit avoids it. */
  depositToAvoid: Cents | null;
  /** The lowest point is beyond the approved overdraw. */
  beyondApprovedOverdraw: boolean;
}

export interface RiskInput {
  /** The agreement's projection's forecast. */
  forecast: ForecastVerdictFigures;
  today: LocalDate;
  /** The horizon chosen by staff: today and the 7 × weeks - 1 days after it. */
  weeks: number;
}

export interface RiskAssessment {
  level: RiskLevel;
  /** The first day that closes below zero (within the horizon: why the agreement is listed). */
  firstShortDate: LocalDate;
  /** How far below zero that first short day closes. */
  firstShortfall: Cents;
  /** The lowest closing balance over the whole agreement (earliest day on ties). */
  lowestPoint: BalancePoint;
  /** How far that point is below zero. */
  depth: Cents;
  /** The smallest top-up today that keeps every day to the end date at zero or above: the depth. */
  topUpToAvoid: Cents;
  /**
   * The deposit that never goes short, when raising the deposit can avoid it (null when a bill falls due before
   * the next deposit could help: only a top-up does).
   */
  depositToAvoid: Cents | null;
}

/** Rule "short within the weeks": the first short day falls on today or one of the 7 × weeks - 1 days after it. */
export function shortWithin(firstShortDate: LocalDate | null, today: LocalDate, weeks: number): boolean {
  return firstShortDate !== null && firstShortDate <= addDays(today, 7 * weeks - 1);
}

/**
 * The at-risk worklist's rule (issue 11 item 7): an agreement is at risk when its forecast (the agreement's
 * projection, as every screen shows it) first closes below zero within the horizon, before any deposit is missed.
 * The row is the projection's verdict, not worked out again: the first short day and how short, the lowest point, the
 * top-up and the deposit that avoid it are the member's overview's (over the whole agreement), and its level says
 * whether that lowest point is beyond the approved overdraw. Null when it is not short within the horizon.
 */
export function assessRisk(input: RiskInput): RiskAssessment | null {
  if (!Number.isSafeInteger(input.weeks) || input.weeks < 1) return null;
  const { forecast } = input;
  if (!shortWithin(forecast.firstShortDate, input.today, input.weeks)) return null;
  if (forecast.firstShortDate === null || forecast.firstShortfall === null || forecast.topUpToAvoid === null) {
    return null;
  }
  return {
    level: forecast.beyondApprovedOverdraw ? RiskLevel.BeyondApprovedOverdraw : RiskLevel.BelowZero,
    firstShortDate: forecast.firstShortDate,
    firstShortfall: forecast.firstShortfall,
    lowestPoint: { date: forecast.lowestPoint.date, balance: forecast.lowestPoint.balance },
    depth: forecast.topUpToAvoid,
    topUpToAvoid: forecast.topUpToAvoid,
    depositToAvoid: forecast.depositToAvoid,
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
