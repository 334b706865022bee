import { cents, type Cents } from '../../shared/money.js';
import { addDays, daysBetween, type LocalDate } from '../../shared/local-date.js';
import { lowestPointOf, type BalancePoint, type CashFlow } from '../../shared/deposit/cash-flow.rules.js';

/** Approval types (spec 3 §3). */
export enum ApprovalType {
  /** The balance curve's lowest point is deeper than the approved overdraw ("5K approval"). */
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
  /** The curve's overall lowest point is an overdraw that falls within the initial duration (reported only). */
  lowestPointWithinInitialDuration: boolean;
  /** The lowest point among the simulated days of the initial duration; null when none of them is simulated. */
  initialDurationLowestPoint: BalancePoint | null;
  /** How far that point is below zero: the deepest shortfall within the initial duration (totalOverDrawDurationAmount). */
  initialDurationOverdrawAmount: Cents;
  /** Check 1 (hasOverDrawDuration): the balance goes below zero on any day of the initial duration. */
  overdrawnWithinInitialDuration: boolean;
  /** The TopupNow amount that clears check 1: the deepest shortfall within the initial duration; 0 when clear. */
  topUpNeeded: Cents;
  approvedOverdraw: Cents;
  /** Check 2 (hasOverDrawOfAmount): the lowest point, wherever it falls, is deeper than the approved overdraw. */
  beyondApprovedOverdraw: boolean;
  /** Check 2's consequence: a manager's approval of type 1. */
  overdrawApprovalNeeded: boolean;
  totalContractValue: Cents;
  upperContractLimit: Cents;
  /** Check 3 (isUpperLimitReached): the agreement's total value exceeds the upper contract limit (type 2). */
  upperLimitApprovalNeeded: boolean;
  /** Approvals to grant before continuing, in type order (both when both apply). */
  approvalsNeeded: ApprovalType[];
  /** Check 1's warning (spec 3 §8): shown, with TopupNow / RemoveBill, until the shortfall is cleared. */
  warning: string | null;
}

/**
 * Checks 2 and 3 (DOMAIN "Deposits"), in one place for the deposits step and the activation that later asks whether
 * the approvals were granted: type 1 when the deepest overdraw (a positive amount) is strictly deeper than the approved
 * overdraw, type 2 when the total value strictly exceeds the upper contract limit; both when both apply.
 */
export function approvalsFor(
  overdrawAmount: Cents,
  totalContractValue: Cents,
  limits: { approvedOverdraw: Cents; upperContractLimit: Cents },
): ApprovalType[] {
  const needed: ApprovalType[] = [];
  if (overdrawAmount > limits.approvedOverdraw) needed.push(ApprovalType.DepositOverdraw);
  if (totalContractValue > limits.upperContractLimit) needed.push(ApprovalType.ContractUpperLimit);
  return needed;
}

/**
 * DOMAIN "Deposits" (corrected 2026-11-23): three separate checks read the balance curve.
 * 1. Initial duration: a balance below zero on ANY day of the initial overdraw rule duration, however small,
 *    raises the warning 'The Agreement may be overdrawn within its initial {n} week period.' and blocks saving
 *    until the agent chooses TopupNow (the deepest shortfall within the duration) or RemoveBill. After the
 *    duration the good-conduct waiver lets the agreement run below zero.
 * 2. Approved overdraw: the lowest point anywhere in the period deeper than the approved overdraw needs a
 *    manager's approval of type 1, whether or not check 1 also applies.
 * 3. Upper limit: a total value over the upper contract limit needs approval type 2.
 *
 * Our reading where that is ambiguous:
 * - the duration runs from the agreement's start for its number of days (day 0 to day n-1), also when the
 *   simulation starts later (a modification): only its simulated days are judged;
 * - "below zero" is strictly below; "deeper than the approved overdraw" and "exceeds the limit" are strict:
 *   $5,000.00 overdrawn with $5,000 approved needs no approval.
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
  const overdrawnWithinInitialDuration = initialDurationOverdrawAmount > 0;

  const approvedOverdraw = settings.contractApprovedOverDrawOfAmount;
  const approvalsNeeded = approvalsFor(overdrawAmount, input.totalContractValue, {
    approvedOverdraw,
    upperContractLimit: settings.businessUpperContractLimit,
  });
  const beyondApprovedOverdraw = approvalsNeeded.includes(ApprovalType.DepositOverdraw);
  const upperLimitApprovalNeeded = approvalsNeeded.includes(ApprovalType.ContractUpperLimit);

  return {
    lowestPoint,
    overdrawAmount,
    initialDurationEnd,
    lowestPointWithinInitialDuration: overdrawAmount > 0 && inDuration(lowestPoint.date),
    initialDurationLowestPoint,
    initialDurationOverdrawAmount,
    overdrawnWithinInitialDuration,
    topUpNeeded: initialDurationOverdrawAmount,
    approvedOverdraw,
    beyondApprovedOverdraw,
    overdrawApprovalNeeded: beyondApprovedOverdraw,
    totalContractValue: input.totalContractValue,
    upperContractLimit: settings.businessUpperContractLimit,
    upperLimitApprovalNeeded,
    approvalsNeeded,
    warning: overdrawnWithinInitialDuration ? initialPeriodOverdrawWarning(durationDays) : null,
  };
}

/** Spec 3 §8; the duration is stored in days and shown in weeks. */
export function initialPeriodOverdrawWarning(durationDays: number): string {
  const weeks = durationDays % 7 === 0 ? String(durationDays / 7) : (durationDays / 7).toFixed(1);
  return `The Agreement may be overdrawn within its initial ${weeks} week period.`;
}
