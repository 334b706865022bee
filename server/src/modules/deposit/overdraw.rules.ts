import { cents, ZERO, type Cents } from '../../common/money.js';
import { addDays, daysBetween, type LocalDate } from '../../common/local-date.js';
import { lowestPointOf, type BalancePoint, type CashFlow } from './cash-flow.rules.js';

/** Approval types (spec 3 §3). */
export enum ApprovalType {
  /** The deposit schedule overdraws the agreement beyond the approved overdraw ("5K approval"). */
  DepositOverdraw = 1,
  /** The agreement's total value exceeds the upper contract limit. */
  ContractUpperLimit = 2,
}

/** The server settings these rules read (spec 3 §9); the defaults apply when a setting is missing. */
export interface DepositSettings {
  contractApprovedOverDrawOfAmount: Cents;
  businessUpperContractLimit: Cents;
}

export const DEFAULT_DEPOSIT_SETTINGS: DepositSettings = {
  contractApprovedOverDrawOfAmount: cents(500_000),
  businessUpperContractLimit: cents(5_000_000),
};

export interface OverdrawInput {
  cashFlow: CashFlow;
  /** The initial overdraw rule duration counts from the agreement's start, even when the simulation starts later. */
  agreementStartDate: LocalDate;
  /** Stored in days, shown in weeks. */
  overdrawRuleDurationDays: number;
  totalContractValue: Cents;
  settings: DepositSettings;
}

export interface OverdrawAssessment {
  /** The lowest closing balance of the simulated period (earliest day on ties). */
  lowestPoint: BalancePoint;
  /** How far the lowest point is below zero, 0 if never: the overdraw (totalOverDrawOfAmount). */
  overdrawAmount: Cents;
  /** Last day of the initial duration (start + days - 1); null for a duration of 0 days. */
  initialDurationEnd: LocalDate | null;
  /** DOMAIN's literal test: the overdraw (the lowest point, below zero) falls within the initial duration. */
  lowestPointWithinInitialDuration: boolean;
  /** The lowest point among the simulated days of the initial duration; null when none of them is simulated. */
  initialDurationLowestPoint: BalancePoint | null;
  /** How far that point is below zero: the overdraw within the initial duration. */
  initialDurationOverdrawAmount: Cents;
  approvedOverdraw: Cents;
  /** The lowest point is below the approved overdraw, wherever it falls (reported; not by itself a block). */
  beyondApprovedOverdraw: boolean;
  /** An overdraw within the initial duration above the approved overdraw: approval type 1 or a top-up. */
  overdrawApprovalNeeded: boolean;
  /** The top-up that makes approval type 1 unnecessary: it lifts that overdraw to the approved amount. */
  topUpNeeded: Cents;
  totalContractValue: Cents;
  upperContractLimit: Cents;
  upperLimitApprovalNeeded: boolean;
  /** Approvals to grant before continuing (type 1 is waived by making the top-up). */
  approvalsNeeded: ApprovalType[];
  /** The spec's warning text when the initial duration is overdrawn beyond the approved amount. */
  warning: string | null;
}

/**
 * DOMAIN "Deposits": the lowest point of the balance curve is the overdraw; if it falls within the overdraw
 * rule duration and is above the approved overdraw, a manager approval (type 1) or a top-up is needed; if the
 * agreement's total value exceeds the upper contract limit, an approval of type 2 is needed.
 *
 * Our reading where that is ambiguous:
 * - "falls within": the duration runs from the agreement's start for its number of days (day 0 to day n-1).
 *   We judge the lowest point OF THE DAYS IN THE DURATION. When the curve's overall lowest point is in the
 *   duration this is the same point, so DOMAIN's rule is met exactly; when a deeper point comes later, an
 *   overdraw above the approved amount inside the duration still needs the approval instead of being hidden.
 * - "above the approved overdraw": strictly more than it; $5,000.00 overdrawn with $5,000 approved is fine.
 * - an overdraw after the duration (the good-conduct waiver period) or within the approved amount needs
 *   neither approval nor top-up; it is still reported for the graphs and warnings.
 * - the top-up is the part above the approved overdraw (spec 3 §6: "with the member topping up above that");
 *   paid on day one it lifts the whole curve by that much, leaving exactly the approved overdraw.
 * - "exceeds the upper contract limit": strictly more than it.
 */
export function assessOverdraw(input: OverdrawInput): OverdrawAssessment {
  const { cashFlow, settings } = input;
  const dates = cashFlow.days.map((day) => day.date);
  const balances = cashFlow.days.map((day) => day.balance);
  const lowestPoint = lowestPointOf(dates, balances);
  const overdrawAmount = cents(Math.max(0, -lowestPoint.balance));

  const durationDays = Math.max(0, Math.trunc(input.overdrawRuleDurationDays));
  const initialDurationEnd = durationDays > 0 ? addDays(input.agreementStartDate, durationDays - 1) : null;
  const inDuration = (date: LocalDate) =>
    initialDurationEnd !== null && date >= input.agreementStartDate && date <= initialDurationEnd;

  let initialDurationLowestPoint: BalancePoint | null = null;
  if (initialDurationEnd !== null) {
    const from = Math.max(0, daysBetween(cashFlow.window.from, input.agreementStartDate));
    const to = Math.min(dates.length, daysBetween(cashFlow.window.from, initialDurationEnd) + 1);
    if (from < to) initialDurationLowestPoint = lowestPointOf(dates, balances, from, to);
  }
  const initialDurationOverdrawAmount = cents(Math.max(0, -(initialDurationLowestPoint?.balance ?? 0)));

  const approvedOverdraw = settings.contractApprovedOverDrawOfAmount;
  const overdrawApprovalNeeded = initialDurationOverdrawAmount > approvedOverdraw;
  const upperLimitApprovalNeeded = input.totalContractValue > settings.businessUpperContractLimit;
  const approvalsNeeded: ApprovalType[] = [];
  if (overdrawApprovalNeeded) approvalsNeeded.push(ApprovalType.DepositOverdraw);
  if (upperLimitApprovalNeeded) approvalsNeeded.push(ApprovalType.ContractUpperLimit);

  return {
    lowestPoint,
    overdrawAmount,
    initialDurationEnd,
    lowestPointWithinInitialDuration: overdrawAmount > 0 && inDuration(lowestPoint.date),
    initialDurationLowestPoint,
    initialDurationOverdrawAmount,
    approvedOverdraw,
    beyondApprovedOverdraw: overdrawAmount > approvedOverdraw,
    overdrawApprovalNeeded,
    topUpNeeded: overdrawApprovalNeeded ? cents(initialDurationOverdrawAmount - approvedOverdraw) : ZERO,
    totalContractValue: input.totalContractValue,
    upperContractLimit: settings.businessUpperContractLimit,
    upperLimitApprovalNeeded,
    approvalsNeeded,
    warning: overdrawApprovalNeeded ? initialPeriodOverdrawWarning(durationDays) : null,
  };
}

/** Spec 3 §8; the duration is stored in days and shown in weeks. */
export function initialPeriodOverdrawWarning(durationDays: number): string {
  const weeks = durationDays % 7 === 0 ? String(durationDays / 7) : (durationDays / 7).toFixed(1);
  return `The Agreement may be overdrawn within its initial ${weeks} week period.`;
}
