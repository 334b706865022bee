import { parseMoney, sum, type Cents } from '../../shared/money.js';
import { addDays, type LocalDate } from '../../shared/local-date.js';
import { type AgreementStatus, billerOnHoldMessage } from '../agreement/index.js';
import { MoneyMovement, moneyRefusal, type MoneyFacts } from '../../shared/money-movement.rules.js';
import { BillStatus, isOverdue } from '../bill/index.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import { PAYMENT_MESSAGES, PaymentError } from './payment.errors.js';

/** Rule "amount": positive, at most 2 decimals (a number or a decimal string). */
export function parsePaymentAmount(value: string | number, field = 'billAmount'): Cents {
  const text = typeof value === 'number' ? String(value) : value.trim();
  let amount: Cents;
  try {
    amount = parseMoney(text);
  } catch {
    throw new PaymentError('INVALID_AMOUNT', PAYMENT_MESSAGES.invalidAmount, field);
  }
  if (amount <= 0) throw new PaymentError('INVALID_AMOUNT', PAYMENT_MESSAGES.invalidAmount, field);
  return amount;
}

/** Bills in these statuses may still be paid or reimbursed. */
const PAYABLE_STATUSES: ReadonlySet<BillStatus> = new Set([
  BillStatus.Scheduled,
  BillStatus.Overdue,
  BillStatus.OverdueNotified,
  BillStatus.Upcoming,
  BillStatus.Failed,
]);

export function isPayableBillStatus(status: BillStatus): boolean {
  return PAYABLE_STATUSES.has(status);
}

export interface PaymentPermissionFacts {
  agreementStatus: AgreementStatus;
  callerIsStaff: boolean;
  /** A member holding the account has resigned (activity suspended). */
  resigned: boolean;
  /** A granted, unused manager approval for this bill (arrears). */
  hasApproval: boolean;
  billStatus: BillStatus;
  biller: { name: string; status: BillerStatus; onHoldDate: LocalDate | null } | null;
}

/** The money rule (shared/money-movement.rules.ts) as this module's error: thrown when it refuses. */
export function checkMoneyMovement(movement: MoneyMovement, facts: MoneyFacts): void {
  const refusal = moneyRefusal(movement, facts);
  if (refusal) throw new PaymentError(refusal.code, refusal.message);
}

/**
 * Rule "who may pay": the money rule (only agreements in 7, and in 4 staff with a manager approval for the bill; no
 * money for a resigned membership); a biller on hold (5) blocks payment; a paid, reimbursed or reversed bill is not
 * paid again.
 */
export function checkPaymentAllowed(facts: PaymentPermissionFacts): void {
  checkMoneyMovement(MoneyMovement.PayBill, {
    status: facts.agreementStatus,
    mover: facts.callerIsStaff ? 'staff' : 'member',
    resigned: facts.resigned,
    managerApproval: facts.hasApproval,
  });
  if (facts.biller?.status === BillerStatus.OnHold) {
    throw new PaymentError('BILLER_ON_HOLD', billerOnHoldMessage(facts.biller.name, facts.biller.onHoldDate));
  }
  if (!isPayableBillStatus(facts.billStatus))
    throw new PaymentError('BILL_NOT_PAYABLE', PAYMENT_MESSAGES.billNotPayable);
}

export interface ReimbursementFacts {
  agreementStatus: AgreementStatus;
  callerIsStaff: boolean;
  resigned: boolean;
  billStatus: BillStatus;
  /** The biller's date added; null for a sub-category (allocation) bill. */
  billerDateAdded: LocalDate | null;
  today: LocalDate;
  linkedAccountChosen: boolean;
}

/** Rule "reimburse": the money rule (only in 7, never in Missed Deposit), never for a biller added today, a linked account is required. */
export function checkReimbursementAllowed(facts: ReimbursementFacts): void {
  checkMoneyMovement(MoneyMovement.Reimburse, {
    status: facts.agreementStatus,
    mover: facts.callerIsStaff ? 'staff' : 'member',
    resigned: facts.resigned,
  });
  if (facts.billerDateAdded !== null && facts.billerDateAdded === facts.today) {
    throw new PaymentError('BILLER_ADDED_TODAY', PAYMENT_MESSAGES.billerAddedToday);
  }
  if (!facts.linkedAccountChosen) {
    throw new PaymentError(
      'LINKED_ACCOUNT_REQUIRED',
      PAYMENT_MESSAGES.linkedAccountRequired,
      'reimbursementAccountNumber',
    );
  }
  if (!isPayableBillStatus(facts.billStatus))
    throw new PaymentError('BILL_NOT_PAYABLE', PAYMENT_MESSAGES.billNotPayable);
}

/** Rule "early pay": a bill not yet due triggers the early-pay warning. */
export function isEarlyPayment(dueDate: LocalDate, today: LocalDate): boolean {
  return dueDate > today;
}

export type OverdueOption = 'combine' | 'ignore';

export interface CandidateBill {
  id: number;
  dueDate: LocalDate;
  status: BillStatus;
  amountAllocated: Cents;
  contingency: Cents;
}

export interface OverduePlan {
  /** The bill the payment is recorded on (the one due today when combining). */
  current: CandidateBill;
  /** The other bills paid with it (status 1 or 4), due date ascending. */
  overdue: CandidateBill[];
  totalAllocation: Cents;
  totalContingency: Cents;
  billCount: number;
  /** Whether the screen offers the option at all. */
  offered: boolean;
}

/**
 * Rule "overdue option". Eligible: unpaid bills of the same biller (pay bill) or sub-category (pay allocation, which
 * also needs the selected bill due today or earlier) due today or earlier, ascending; offered when more than one.
 * combine: all eligible allocations, the bill due today (else the selected one) is current, status 1/4 bills are the
 * overdue list. ignore (or not offered): the selected bill alone.
 */
export function planOverdue(
  selected: CandidateBill,
  sameSource: readonly CandidateBill[],
  today: LocalDate,
  option: OverdueOption | null,
  kind: 'bill' | 'allocation',
): OverduePlan {
  const eligible = sameSource
    .filter((b) => b.dueDate <= today && isPayableBillStatus(b.status))
    .sort((a, b) => (a.dueDate === b.dueDate ? a.id - b.id : a.dueDate < b.dueDate ? -1 : 1));
  const offered = eligible.length > 1 && (kind === 'bill' || selected.dueDate <= today);
  if (!offered || option !== 'combine' || !eligible.some((b) => b.id === selected.id)) {
    return {
      current: selected,
      overdue: [],
      totalAllocation: selected.amountAllocated,
      totalContingency: selected.contingency,
      billCount: 1,
      offered,
    };
  }
  const current = eligible.find((b) => b.dueDate === today) ?? selected;
  const overdue = eligible.filter((b) => b.id !== current.id && isOverdue(b.status));
  const paid = [current, ...overdue];
  return {
    current,
    overdue,
    totalAllocation: sum(paid.map((b) => b.amountAllocated)),
    totalContingency: sum(paid.map((b) => b.contingency)),
    billCount: paid.length,
    offered,
  };
}

/** Rule "rainy-day top-up": the money rule (agreements in 1 and 7 only; no money for a resigned membership). */
export function checkRainyDayTopUpAllowed(status: AgreementStatus, callerIsStaff: boolean, resigned: boolean): void {
  checkMoneyMovement(MoneyMovement.RainyDayTopUp, {
    status,
    mover: callerIsStaff ? 'staff' : 'member',
    resigned,
  });
}

/** A rainy-day top-up the same user made on the same agreement (what a keyless repeat is compared with). */
export interface RecentTopUp {
  at: Date;
  amount: Cents;
  accountNumber: string;
}

/** How long a keyless top-up from an old client counts as a double submit of an identical one. */
export const KEYLESS_TOP_UP_REPEAT_SECONDS = 60;

/**
 * Rule "keyless top-up": an old client sends no idempotency key (1 §7 body), so a double submit cannot be told
 * from a retry by key. The same top-up (same account, same amount) made by the same user less than
 * `windowSeconds` before `now` is taken as a double submit and refused (checked under the agreement's lock).
 */
export function checkNotRepeatedTopUp(
  recent: readonly RecentTopUp[],
  request: { amount: Cents; accountNumber: string },
  now: Date,
  windowSeconds: number,
): void {
  const since = now.getTime() - windowSeconds * 1000;
  const repeated = recent.some(
    (t) => t.amount === request.amount && t.accountNumber === request.accountNumber && t.at.getTime() > since,
  );
  if (repeated) throw new PaymentError('REPEATED_TOP_UP', PAYMENT_MESSAGES.repeatedTopUp, 'topupAmount');
}

/** The institution's local date and hour of an instant. */
function localParts(instant: Date, timeZone: string): { date: LocalDate; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}` as LocalDate, hour: Number(get('hour')) };
}

/**
 * Rule "pending window" (1 §2: bills are pending between 9am-3pm and 3pm-9am): payments are sent at 9am and 3pm
 * institution time; a payment made in a window stays pending (reversible) until that window ends.
 */
export function pendingWindowOf(instant: Date, timeZone: string): string {
  const { date, hour } = localParts(instant, timeZone);
  if (hour < 9) return `${addDays(date, -1)}T15`;
  return hour < 15 ? `${date}T09` : `${date}T15`;
}

export function isStillPending(paidAt: Date, now: Date, timeZone: string): boolean {
  return now >= paidAt && pendingWindowOf(paidAt, timeZone) === pendingWindowOf(now, timeZone);
}

/**
 * Rule "overdue bills paid" (the confirmation's count, 1 §3): every bill the payment paid that was overdue, the paid
 * bill itself included (paying one overdue bill alone used to read "Overdue bills paid 0", issue 8 item 4).
 */
export function overdueBillsPaid(plan: Pick<OverduePlan, 'current' | 'overdue'>, today: LocalDate): number {
  return [plan.current, ...plan.overdue].filter((bill) => isOverdue(bill.status) || bill.dueDate < today).length;
}
