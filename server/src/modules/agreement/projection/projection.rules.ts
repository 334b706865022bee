import { addDays, daysBetween, maxDate, type LocalDate } from '../../../shared/local-date.js';
import { cents, type Cents } from '../../../shared/money.js';
import { BillStatus, OWED_STATUSES, UPCOMING_WINDOW_DAYS, currentBillStatus } from '../../bill/index.js';
import type { AgreementBalances } from '../../ledger/index.js';
import { askedAgain, depositStillAsked } from '../../deposit/index.js';
import { MoneyMovement, moneyRefusal } from '../../../shared/money-movement.rules.js';
import { DepositStatus } from '../agreement-codes.js';
import { AgreementStatus } from '../agreement-status.js';

/**
 * The agreement as of today (issue 25 item 3): what a person needs now, computed once from the ledger's balances, the
 * stored deposit schedule and the bills. Every screen, report and REST answer reads these figures; nothing else
 * works them out. Pure: the service loads the facts and calls `projectAgreement`.
 */

/** A deposit of the stored schedule. */
export interface ProjectedDepositFacts {
  dueDate: LocalDate;
  expectedAmount: Cents;
  receivedAmount: Cents;
  status: DepositStatus;
}

/** A bill of the agreement with what the screens say about its biller. */
export interface ProjectedBillFacts {
  billId: number;
  billerKey: string;
  billerName: string;
  dueDate: LocalDate;
  /** What the bill is expected to cost (the bill's own amount: a season bill's peak or off-peak value). */
  amount: Cents;
  /** The stored status (the calendar's 0/1/6 are worked out again for today). */
  status: BillStatus;
  isAutoPayment: boolean;
  isSubCategory: boolean;
  isReimbursement: boolean;
  /** The biller is on hold after a failed payment: the bill cannot be paid until it is resolved. */
  onHold: boolean;
}

export interface ProjectionInput {
  today: LocalDate;
  agreementId: number;
  status: AgreementStatus;
  startDate: LocalDate;
  endDate: LocalDate;
  depositAmount: Cents;
  /** The agreement's approved overdraw (its own, else its rule's, else the server setting). */
  approvedOverdraw: Cents;
  balances: AgreementBalances;
  deposits: readonly ProjectedDepositFacts[];
  bills: readonly ProjectedBillFacts[];
}

export interface NextDeposit {
  date: LocalDate;
  amount: Cents;
}

export interface Arrears {
  /** What the missed and partly received deposits still lack. */
  amount: Cents;
  /** The due date of the earliest of them. */
  since: LocalDate;
  missedDeposits: number;
}

/** The arrears as the member is told them: with the deposit that would clear them. */
export interface ProjectedArrears extends Arrears {
  /** The next deposit's date and, to clear the arrears with it, the next deposit plus all that is owed. */
  clearingDeposit: NextDeposit | null;
}

export interface DueBill {
  billId: number;
  billerKey: string;
  billerName: string;
  dueDate: LocalDate;
  amount: Cents;
  /** The bill's status today: 1 or 4 overdue, 6 upcoming, 5 failed. */
  status: BillStatus;
  overdue: boolean;
  onHold: boolean;
  isAutoPayment: boolean;
  isSubCategory: boolean;
  isReimbursement: boolean;
}

export interface ForecastPoint {
  date: LocalDate;
  balance: Cents;
}

export interface ProjectedForecast {
  /** The first day forecast: today, or the start date when later. */
  from: LocalDate;
  /** The last day forecast: the end date. */
  until: LocalDate;
  /**
   * The closing balance on the first day and on every day something moves, date ascending; between two points the
   * balance stays as it was (`dailyBalances` spells out every day).
   */
  points: ForecastPoint[];
  lowestPoint: ForecastPoint;
  firstShortDate: LocalDate | null;
  /** How far below zero the first short day closes. */
  firstShortfall: Cents | null;
  /** The bill whose payment first takes the balance below zero (null when the balance is short already). */
  shortBill: DueBill | null;
  /** The smallest top-up today that keeps every day at zero or above (null when it never goes short). */
  topUpToAvoid: Cents | null;
  /** The deposit that never goes short, when raising each deposit from now on avoids it. */
  depositToAvoid: Cents | null;
  approvedOverdraw: Cents;
  beyondApprovedOverdraw: boolean;
  /**
   * The missed and partly received deposits the first day counts on arriving (the bank asks for them again tonight,
   * rule "deposit still asked"): what they lack, since the earliest, how many; null when none.
   */
  askedAgain: Arrears | null;
}

export interface AgreementProjection {
  agreementId: number;
  asOf: LocalDate;
  status: AgreementStatus;
  balances: AgreementBalances;
  nextDeposit: NextDeposit | null;
  arrears: ProjectedArrears | null;
  /** Unpaid bills overdue or due within 30 days, of every payment kind, due date ascending. */
  billsDue: DueBill[];
  /** Null for an agreement that has ended (expired, cancelled, renewed, or past its end date). */
  forecast: ProjectedForecast | null;
}

/** Versions that no longer run: no forecast, no next deposit. */
const ENDED: ReadonlySet<AgreementStatus> = new Set([
  AgreementStatus.Expired,
  AgreementStatus.Cancelled,
  AgreementStatus.Renewed,
]);

/**
 * Whether a version still expects deposits: not once it has ended (cancelled, expired, replaced). A cancelled
 * agreement keeps its stored schedule (the bank day asks none of it: it asks running agreements only), so its next
 * deposit and its next deposit dates are read through this.
 */
export function expectsDeposits(status: AgreementStatus): boolean {
  return !ENDED.has(status);
}

/** Bills still to be paid by the agreement (a failed payment was returned: the bill is owed again). */
export const UNPAID_BILL_STATUSES: readonly BillStatus[] = OWED_STATUSES;
const UNPAID: ReadonlySet<BillStatus> = new Set(UNPAID_BILL_STATUSES);

export function isUnpaidBill(status: BillStatus): boolean {
  return UNPAID.has(status);
}

/** Rule "next deposit": the first scheduled deposit due today or later, never one in the past. */
export function nextDepositOf(deposits: readonly ProjectedDepositFacts[], today: LocalDate): NextDeposit | null {
  let next: ProjectedDepositFacts | null = null;
  for (const deposit of deposits) {
    if (deposit.status !== DepositStatus.Scheduled || deposit.dueDate < today) continue;
    if (next === null || deposit.dueDate < next.dueDate) next = deposit;
  }
  return next && { date: next.dueDate, amount: depositStillAsked(next) };
}

/**
 * What a deposit adds to the arrears: a deposit the bank day marked missed or partly received, what it still lacks
 * (what the bank asks for again: `depositStillAsked`); any other deposit, nothing. The arrears (`arrearsOf`) and a
 * catch-up deposit (payment/catch-up.rules.ts) read it.
 */
export function arrearsShortfall(deposit: ProjectedDepositFacts): Cents {
  return askedAgain(deposit) ? depositStillAsked(deposit) : cents(0);
}

/**
 * Rule "clearing deposit": the next deposit, paid with all that is owed on top, clears the arrears on its date (the
 * banner's "a deposit of $X on D clears it"). None without arrears or without a deposit still to come.
 */
export function clearingDepositOf(arrears: Arrears | null, next: NextDeposit | null): NextDeposit | null {
  if (!arrears || !next) return null;
  return { date: next.date, amount: cents(next.amount + arrears.amount) };
}

/**
 * Rule "arrears": the deposits the bank day marked missed or partly received that still lack money (optionally only
 * those due within `range`, the missed-deposit report's dates): how much, since when, how many.
 */
export function arrearsOf(
  deposits: readonly ProjectedDepositFacts[],
  range: { from?: LocalDate | null; to?: LocalDate | null } = {},
): Arrears | null {
  let amount = 0;
  let since: LocalDate | null = null;
  let count = 0;
  for (const deposit of deposits) {
    if ((range.from && deposit.dueDate < range.from) || (range.to && deposit.dueDate > range.to)) continue;
    const short = arrearsShortfall(deposit);
    if (short <= 0) continue;
    amount += short;
    count += 1;
    if (since === null || deposit.dueDate < since) since = deposit.dueDate;
  }
  return since === null ? null : { amount: cents(amount), since, missedDeposits: count };
}

function dueBillOf(bill: ProjectedBillFacts, status: BillStatus): DueBill {
  return {
    billId: bill.billId,
    billerKey: bill.billerKey,
    billerName: bill.billerName,
    dueDate: bill.dueDate,
    amount: bill.amount,
    status,
    overdue: status === BillStatus.Overdue || status === BillStatus.OverdueNotified,
    onHold: bill.onHold,
    isAutoPayment: bill.isAutoPayment,
    isSubCategory: bill.isSubCategory,
    isReimbursement: bill.isReimbursement,
  };
}

function byDueDate(a: { dueDate: LocalDate; billId: number }, b: { dueDate: LocalDate; billId: number }): number {
  return a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.billId - b.billId;
}

/** Rule "bills due": unpaid bills overdue or due within 30 days (every payment kind; on hold marked), due first. */
export function billsDueOf(bills: readonly ProjectedBillFacts[], today: LocalDate): DueBill[] {
  const horizon = addDays(today, UPCOMING_WINDOW_DAYS);
  return bills
    .filter((bill) => isUnpaidBill(bill.status) && bill.dueDate <= horizon)
    .map((bill) => dueBillOf(bill, currentBillStatus(bill, today)))
    .sort(byDueDate);
}

/** Rule "bills a person sees": members never see reimbursement bills among the bills due (spec 1 §4); staff see all. */
export function visibleBillsDue<T extends Pick<DueBill, 'isReimbursement'>>(bills: readonly T[], staff: boolean): T[] {
  return staff ? [...bills] : bills.filter((bill) => !bill.isReimbursement);
}

interface Movement {
  date: LocalDate;
  deposits: Cents[];
  /** Of `deposits`, those still to come (rule "next deposit": due today or later): a raise would change them. */
  coming: number;
  /** Of `deposits`, the sum of the others (due before today, or missed: not arrived yet): a raise leaves them be. */
  fixed: number;
  bills: ProjectedBillFacts[];
}

/**
 * Whether the bank's day asks for the agreement's missed deposits again tonight: it takes deposits only for the
 * agreements money may move into (shared/money-movement.rules.ts: active or in missed deposit, not locked); a locked
 * agreement's missed deposit waits until staff lift the lock, so the forecast does not count on it.
 */
function asksAgainTonight(status: AgreementStatus): boolean {
  return moneyRefusal(MoneyMovement.Deposit, { status, mover: 'job', resigned: false }) === null;
}

/** Money in and out per day from `from` on: what is overdue or not yet arrived falls on `from`. */
function movementsOf(input: ProjectionInput, from: LocalDate, until: LocalDate): Movement[] {
  const days = new Map<LocalDate, Movement>();
  const on = (date: LocalDate) => {
    const day = maxDate(date, from);
    let movement = days.get(day);
    if (!movement) days.set(day, (movement = { date: day, deposits: [], coming: 0, fixed: 0, bills: [] }));
    return movement;
  };
  const asksAgain = asksAgainTonight(input.status);
  for (const deposit of input.deposits) {
    // What the bank's day asks for (rule "deposit still asked"): a scheduled deposit on its date, and one missed or
    // partly received again every night, so on the first day, as tonight's run counts on it.
    const amount = depositStillAsked(deposit);
    if (amount <= 0 || deposit.dueDate > until || (!asksAgain && askedAgain(deposit))) continue;
    const movement = on(deposit.dueDate);
    movement.deposits.push(amount);
    if (deposit.status === DepositStatus.Scheduled && deposit.dueDate >= input.today) movement.coming += 1;
    else movement.fixed += amount;
  }
  for (const bill of input.bills) {
    if (isUnpaidBill(bill.status) && bill.dueDate <= until) on(bill.dueDate).bills.push(bill);
  }
  const list = [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const movement of list) movement.bills.sort(byDueDate);
  return list;
}

/**
 * The smallest deposit that, paid on every deposit date still to come (those due before today stay as they are),
 * keeps every day at zero or above; null when a day goes short before any deposit could help.
 */
function smallestDeposit(opening: Cents, movements: readonly Movement[]): Cents | null {
  let coming = 0;
  let fixed = 0;
  let out = 0;
  let needed = 0;
  for (const movement of movements) {
    coming += movement.coming;
    fixed += movement.fixed;
    for (const bill of movement.bills) out += bill.amount;
    const gap = out - opening - fixed;
    if (gap <= 0) continue;
    if (coming === 0) return null;
    needed = Math.max(needed, Math.ceil(gap / coming));
  }
  return cents(needed);
}

/**
 * The forecast's smallest deposit (its `depositToAvoid` before it is compared with today's): every deposit still to
 * come (due today or later) at this amount, those due before it as they are, keeps every day at zero or above. Null
 * without a forecast, or when a day goes short before any deposit could help. Searches start from it (`smallest`'s
 * guess).
 */
export function smallestDepositOf(input: ProjectionInput): Cents | null {
  if (ENDED.has(input.status)) return null;
  const from = maxDate(input.today, input.startDate);
  if (input.endDate < from) return null;
  return smallestDeposit(input.balances.total, movementsOf(input, from, input.endDate));
}

/**
 * Rule "forecast": today's actual balance, plus the stored deposits still to come (each once: one that arrived is in
 * the balance already), minus the unpaid bills at their expected amounts (one paid early is not subtracted again).
 * Overdue bills and deposits due but not yet arrived (missed ones too: the bank asks for them again tonight, rule
 * "deposit still asked", as tonight's run shows) fall on the first day. The closing balance is judged at the end
 * of each day, deposits before bills.
 */
export function forecastOf(input: ProjectionInput): ProjectedForecast | null {
  if (ENDED.has(input.status)) return null;
  const from = maxDate(input.today, input.startDate);
  const until = input.endDate;
  if (until < from) return null;
  const movements = movementsOf(input, from, until);
  if (movements[0]?.date !== from) movements.unshift({ date: from, deposits: [], coming: 0, fixed: 0, bills: [] });
  const opening = input.balances.total;
  const points: ForecastPoint[] = [];
  let balance: number = opening;
  let short: { date: LocalDate; balance: Cents; bill: ProjectedBillFacts | null } | null = null;
  for (const movement of movements) {
    for (const deposit of movement.deposits) balance += deposit;
    let cause: ProjectedBillFacts | null = null;
    for (const bill of movement.bills) {
      if (balance >= 0 && balance - bill.amount < 0) cause = bill;
      balance -= bill.amount;
    }
    const point = { date: movement.date, balance: cents(balance) };
    points.push(point);
    if (short === null && point.balance < 0) short = { ...point, bill: cause };
  }
  const lowest = points.reduce((low, point) => (point.balance < low.balance ? point : low), points[0]);
  const topUp = lowest.balance < 0 ? cents(-lowest.balance) : null;
  const minimum = topUp === null ? null : smallestDeposit(opening, movements);
  return {
    from,
    until,
    points,
    lowestPoint: lowest,
    firstShortDate: short?.date ?? null,
    firstShortfall: short ? cents(-short.balance) : null,
    shortBill: short?.bill ? dueBillOf(short.bill, currentBillStatus(short.bill, input.today)) : null,
    topUpToAvoid: topUp,
    depositToAvoid: minimum !== null && minimum > input.depositAmount ? minimum : null,
    approvedOverdraw: input.approvedOverdraw,
    beyondApprovedOverdraw: topUp !== null && topUp > input.approvedOverdraw,
    askedAgain: asksAgainTonight(input.status) ? arrearsOf(input.deposits, { to: until }) : null,
  };
}

/** The agreement as of today: balances, next deposit, arrears, bills due and the forecast. */
export function projectAgreement(input: ProjectionInput): AgreementProjection {
  const nextDeposit = expectsDeposits(input.status) ? nextDepositOf(input.deposits, input.today) : null;
  const arrears = arrearsOf(input.deposits);
  return {
    agreementId: input.agreementId,
    asOf: input.today,
    status: input.status,
    balances: input.balances,
    nextDeposit,
    arrears: arrears && { ...arrears, clearingDeposit: clearingDepositOf(arrears, nextDeposit) },
    billsDue: billsDueOf(input.bills, input.today),
    forecast: forecastOf(input),
  };
}

/** The forecast's closing balance on every day from its first to its last (the graphs page's series). */
export function dailyBalances(forecast: ProjectedForecast): ForecastPoint[] {
  const days: ForecastPoint[] = [];
  const count = daysBetween(forecast.from, forecast.until) + 1;
  let next = 0;
  let balance = forecast.points[0]?.balance ?? cents(0);
  for (let i = 0; i < count; i += 1) {
    const date = addDays(forecast.from, i);
    while (next < forecast.points.length && forecast.points[next].date <= date)
      balance = forecast.points[next++].balance;
    days.push({ date, balance });
  }
  return days;
}

/** The forecast's closing balance on one day (the balance it expects that evening). */
export function forecastBalanceOn(forecast: ProjectedForecast, date: LocalDate): Cents | null {
  if (date < forecast.from || date > forecast.until) return null;
  let balance: Cents | null = null;
  for (const point of forecast.points) {
    if (point.date > date) break;
    balance = point.balance;
  }
  return balance;
}
