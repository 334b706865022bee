import { add, cents, type Cents } from '../money.js';
import { fromEpochDay, toEpochDay, type LocalDate } from '../local-date.js';
import { DepositRuleError } from './deposit.errors.js';

/** One expected bill of the agreement; the deposits must fund amount + contingency. */
export interface ExpectedBill {
  billerKey: string;
  label: string;
  date: LocalDate;
  amount: Cents;
  /** The 10% buffer on variable and direct-debit bills; 0 for fixed bills. */
  contingency: Cents;
}

/** Calendar days from `from` to `to`, both inclusive. */
export interface DateWindow {
  from: LocalDate;
  to: LocalDate;
}

export interface BalancePoint {
  date: LocalDate;
  balance: Cents;
}

/**
 * Everything about a simulated period that does not depend on the deposit amount, bucketed per day, so
 * trying another deposit amount costs O(days) and never re-sorts or re-reads the bills.
 */
export interface CashFlowProfile {
  window: DateWindow;
  dates: LocalDate[];
  openingBalance: Cents;
  /** Deposits landing on each day: 0, 1, or 2 when twice-monthly days clamp to the same month-end. */
  depositsOnDay: number[];
  /** Cents falling due each day (amount + contingency). */
  outflowOnDay: number[];
  depositCount: number;
  totalOutflow: Cents;
  /** The bills the period counts, in date order. */
  bills: ExpectedBill[];
}

export interface CashFlowInput {
  window: DateWindow;
  /** What the agreement already holds on the morning of the first day (may be 0, or negative if overdrawn). */
  openingBalance: Cents;
  depositDates: readonly LocalDate[];
  bills: readonly ExpectedBill[];
}

export function billOutflow(bill: ExpectedBill): Cents {
  return add(bill.amount, bill.contingency);
}

/**
 * The bills a period counts: those due up to its last day. A bill dated before the first day is still
 * unpaid (overdue), so it falls due on the first day rather than being forgotten.
 */
export function billsInWindow(bills: readonly ExpectedBill[], window: DateWindow): ExpectedBill[] {
  return bills
    .filter((bill) => bill.date <= window.to)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export function buildCashFlowProfile(input: CashFlowInput): CashFlowProfile {
  const { window } = input;
  if (window.to < window.from) throw new DepositRuleError(`Empty period: ${window.from} to ${window.to}`);
  const fromDay = toEpochDay(window.from);
  const dayCount = toEpochDay(window.to) - fromDay + 1;
  const dates = Array.from({ length: dayCount }, (_, i) => fromEpochDay(fromDay + i));
  const depositsOnDay = new Array<number>(dayCount).fill(0);
  const outflowOnDay = new Array<number>(dayCount).fill(0);

  let depositCount = 0;
  // Deposits before the first day are already in the opening balance; those after the end never count.
  for (const date of input.depositDates) {
    if (date < window.from || date > window.to) continue;
    depositsOnDay[toEpochDay(date) - fromDay] += 1;
    depositCount += 1;
  }

  const bills = billsInWindow(input.bills, window);
  let totalOutflow = 0;
  for (const bill of bills) {
    const day = bill.date < window.from ? 0 : toEpochDay(bill.date) - fromDay;
    const outflow = billOutflow(bill);
    outflowOnDay[day] += outflow;
    totalOutflow += outflow;
  }

  return {
    window,
    dates,
    openingBalance: input.openingBalance,
    depositsOnDay,
    outflowOnDay,
    depositCount,
    totalOutflow: cents(totalOutflow),
    bills,
  };
}

/**
 * Closing balance of each day: the opening balance, plus that day's deposits, minus that day's bills.
 * A deposit and a bill on the same day net out: the balance is judged at the end of the day.
 */
export function closingBalances(profile: CashFlowProfile, depositAmount: Cents): number[] {
  const balances = new Array<number>(profile.dates.length);
  let balance: number = profile.openingBalance;
  for (let i = 0; i < balances.length; i += 1) {
    balance += profile.depositsOnDay[i] * depositAmount - profile.outflowOnDay[i];
    balances[i] = balance;
  }
  return balances;
}

/** The lowest closing balance; the earliest day when it is reached more than once. */
export function lowestPointOf(
  dates: readonly LocalDate[],
  balances: readonly number[],
  from = 0,
  to = balances.length,
): BalancePoint {
  if (to <= from) throw new DepositRuleError('No days to find a lowest point in');
  let lowest = from;
  for (let i = from + 1; i < to; i += 1) if (balances[i] < balances[lowest]) lowest = i;
  return { date: dates[lowest], balance: cents(balances[lowest]) };
}

export interface DailyBalance {
  date: LocalDate;
  balance: Cents;
}

export interface CashFlow {
  window: DateWindow;
  openingBalance: Cents;
  depositAmount: Cents;
  depositCount: number;
  totalDeposits: Cents;
  totalBills: Cents;
  closingBalance: Cents;
  lowestPoint: BalancePoint;
  days: DailyBalance[];
}

/** Day-by-day simulation of the agreement over its period: deposits in, bills (amount + contingency) out. */
export function simulateCashFlow(profile: CashFlowProfile, depositAmount: Cents): CashFlow {
  const balances = closingBalances(profile, depositAmount);
  const days = profile.dates.map((date, i) => ({ date, balance: cents(balances[i]) }));
  return {
    window: profile.window,
    openingBalance: profile.openingBalance,
    depositAmount,
    depositCount: profile.depositCount,
    totalDeposits: cents(depositAmount * profile.depositCount),
    totalBills: profile.totalOutflow,
    closingBalance: days[days.length - 1].balance,
    lowestPoint: lowestPointOf(profile.dates, balances),
    days,
  };
}
