import { cents, ZERO, type Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { ceilDiv } from './cents-division.js';
import { closingBalances, type CashFlowProfile } from '../../shared/deposit/cash-flow.rules.js';
import { DEPOSIT_MESSAGES, type DepositRuleViolation } from '../../shared/deposit/deposit.errors.js';

export interface RequiredDeposit {
  /** Per deposit: ceil(max(0, total expenses - opening balance) / number of deposits), to the cent. */
  amount: Cents;
  depositCount: number;
  /** Sum of amount + contingency of every bill the period counts. */
  totalExpenses: Cents;
  openingBalance: Cents;
  /** What the deposits together must bring in. */
  toBeDeposited: Cents;
}

/**
 * The required deposit (spec 3 §5, DOMAIN "Deposits"): the period's expenses (amount + contingency), less
 * what the agreement already holds, shared equally between the deposits and rounded UP to the cent so that
 * rounding never leaves the expenses short. With no deposit in the period the amount is 0 and the coverage
 * check reports the shortfall.
 */
export function requiredDeposit(profile: CashFlowProfile): RequiredDeposit {
  const toBeDeposited = Math.max(0, profile.totalOutflow - profile.openingBalance);
  const amount = profile.depositCount > 0 ? ceilDiv(toBeDeposited, profile.depositCount) : 0;
  return {
    amount: cents(amount),
    depositCount: profile.depositCount,
    totalExpenses: profile.totalOutflow,
    openingBalance: profile.openingBalance,
    toBeDeposited: cents(toBeDeposited),
  };
}

export type ExpensesCoverage =
  /** `surplus` goes to rainy day; it is negative only when the pay-today bypass waived the check. */
  | { ok: true; bypassed: boolean; surplus: Cents }
  | (DepositRuleViolation<'EXPENSES_NOT_COVERED'> & { ok: false; shortfall: Cents });

/**
 * Spec 3 §5: the deposit schedule must cover the expenses over the period (opening balance + deposit x
 * number of deposits >= expenses) unless the pay-today bypass applies. Timing (a bill before enough deposits
 * arrive) is the overdraw rule's concern, not this one.
 */
export function checkDepositCoversExpenses(
  required: RequiredDeposit,
  depositAmount: Cents,
  options: { payTodayBypass?: boolean } = {},
): ExpensesCoverage {
  const surplus = required.openingBalance + depositAmount * required.depositCount - required.totalExpenses;
  if (surplus >= 0 || options.payTodayBypass) return { ok: true, bypassed: surplus < 0, surplus: cents(surplus) };
  return {
    ok: false,
    code: 'EXPENSES_NOT_COVERED',
    field: 'contributionAmount',
    message: DEPOSIT_MESSAGES.EXPENSES_NOT_COVERED,
    shortfall: cents(-surplus),
  };
}

export type MinimumDeposit =
  | { reachable: true; amount: Cents; bindingDate: LocalDate | null }
  /** A bill falls due before the first deposit and the opening balance cannot meet it: only a top-up helps. */
  | { reachable: false; date: LocalDate; topUpNeeded: Cents };

/**
 * The smallest deposit, to the cent, that never lets a closing balance fall below `-overdrawAllowed` (0 by
 * default). Closed form: on day t the balance is opening + D x deposits(t) - bills(t), so each day with
 * deposits(t) > 0 needs D >= ceil((bills(t) - opening - overdrawAllowed) / deposits(t)); the answer is the
 * largest of those (at least 0). One pass over the days, no search.
 */
export function minimumDeposit(profile: CashFlowProfile, overdrawAllowed: Cents = ZERO): MinimumDeposit {
  let depositsSoFar = 0;
  let billsSoFar = 0;
  let amount = 0;
  let bindingDate: LocalDate | null = null;
  let worstUncovered: { day: number; need: number } | null = null;
  for (let day = 0; day < profile.dates.length; day += 1) {
    depositsSoFar += profile.depositsOnDay[day];
    billsSoFar += profile.outflowOnDay[day];
    const need = billsSoFar - profile.openingBalance - overdrawAllowed;
    if (need <= 0) continue;
    if (depositsSoFar === 0) {
      if (!worstUncovered || need > worstUncovered.need) worstUncovered = { day, need };
      continue;
    }
    const atLeast = ceilDiv(need, depositsSoFar);
    if (atLeast > amount) {
      amount = atLeast;
      bindingDate = profile.dates[day];
    }
  }
  if (worstUncovered) {
    return { reachable: false, date: profile.dates[worstUncovered.day], topUpNeeded: cents(worstUncovered.need) };
  }
  return { reachable: true, amount: cents(amount), bindingDate };
}

/** The O(days) check behind the minimum: does this deposit keep every closing balance at or above the floor? */
export function keepsBalanceAtOrAbove(profile: CashFlowProfile, depositAmount: Cents, floor: Cents = ZERO): boolean {
  return closingBalances(profile, depositAmount).every((balance) => balance >= floor);
}
