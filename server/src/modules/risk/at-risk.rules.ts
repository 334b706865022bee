import { addDays, type LocalDate } from '../../common/local-date.js';
import { cents, type Cents } from '../../common/money.js';
import type { BalancePoint } from '../deposit/cash-flow.rules.js';
import type { MinimumDeposit } from '../deposit/deposit-calculator.rules.js';

/** How deep an agreement's forecast goes within the horizon, worst first. */
export enum RiskLevel {
  /** Below the approved overdraw: the member will be refused payments, a manager will be asked. */
  BeyondApprovedOverdraw = 'BEYOND_APPROVED_OVERDRAW',
  /** Below zero but within the approved overdraw. */
  BelowZero = 'BELOW_ZERO',
}

export interface RiskInput {
  /** The agreement's forecast: closing balance per day from today (the deposits step's own calculation). */
  days: readonly BalancePoint[];
  today: LocalDate;
  /** The horizon chosen by staff: today and the 7 × weeks - 1 days after it. */
  weeks: number;
  approvedOverdraw: Cents;
  depositAmount: Cents;
  /** The smallest deposit that never goes short over the whole period (the calculator's). */
  minimum: MinimumDeposit;
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
 * The at-risk worklist's rule (issue 11 item 7): an agreement is at risk when its forecast closes below zero on
 * any day of the horizon, before any deposit is missed. Its level says whether that is beyond the approved
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
    depositToAvoid: input.minimum.reachable && input.minimum.amount > input.depositAmount ? input.minimum.amount : null,
  };
}

/** Worst first: beyond the approved overdraw, then the earliest first short day, then the deepest. */
export function compareRisk(a: RiskAssessment, b: RiskAssessment): number {
  const rank = (level: RiskLevel) => (level === RiskLevel.BeyondApprovedOverdraw ? 0 : 1);
  return rank(a.level) - rank(b.level) || a.firstShortDate.localeCompare(b.firstShortDate) || b.depth - a.depth;
}
