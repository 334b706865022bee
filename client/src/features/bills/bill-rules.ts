import type { Cents } from '../../../../server/src/common/money';
import { readAmountInput } from '../../../../server/src/common/validation/amount-input';

/** Agreement status codes the bill screens care about (spec 1 §4). */
export const AgreementStatus = { Approved: 1, MissedDeposit: 4, Active: 7 } as const;

export type BillOrAllocation = 'bill' | 'allocation';
export type TopUpOption = 'rainyDay' | 'linkedAccount' | 'shortPay';
export type OverdueOption = 'combine' | 'ignore';

/** Spec 1 §4: the Bill or Allocation variant is Allocation when the payment type is Unknown. */
export function billOrAllocationOf(paymentType: string): BillOrAllocation {
  return paymentType === 'BPAY' || paymentType === 'EFT' ? 'bill' : 'allocation';
}

export function parseBillOrAllocation(value: string | undefined): BillOrAllocation {
  return value === 'allocation' ? 'allocation' : 'bill';
}

export type DashboardAction =
  | { kind: 'go' }
  | { kind: 'blocked'; message: string }
  | { kind: 'inArrears'; message: string }
  | { kind: 'needsApproval' };

export interface DashboardActionInput {
  action: 'pay' | 'reimburse';
  agreementStatus: number | null | undefined;
  isStaff: boolean;
  disableSubmit: boolean;
  /** The biller-on-hold message for this bill's biller, when it is on hold. */
  onHoldMessage?: string | null;
  /** The date the bill's biller was added (YYYY-MM-DD); null for an allocation bill. */
  billerAddedDate?: string | null;
  /** The institution's today (YYYY-MM-DD). */
  today?: string;
}

/**
 * Spec 1 §4 "Bill dashboard": only 7 and 4 allow paying; in 4 members are blocked and staff need a manager
 * approval first; reimbursing in 4 opens the in-arrears notice; a biller on hold blocks payment.
 */
export function dashboardAction(
  input: DashboardActionInput,
  messages: { notPayable: string; memberInArrears: string; reimburseInArrears: string; billerAddedToday?: string },
): DashboardAction {
  const status = input.agreementStatus;
  if (input.onHoldMessage) return { kind: 'blocked', message: input.onHoldMessage };
  if (status === AgreementStatus.MissedDeposit) {
    if (input.action === 'reimburse') return { kind: 'inArrears', message: messages.reimburseInArrears };
    return input.isStaff ? { kind: 'needsApproval' } : { kind: 'inArrears', message: messages.memberInArrears };
  }
  if (status !== AgreementStatus.Active || input.disableSubmit)
    return { kind: 'blocked', message: messages.notPayable };
  if (
    input.action === 'reimburse' &&
    messages.billerAddedToday &&
    input.billerAddedDate &&
    input.today &&
    input.billerAddedDate === input.today
  ) {
    return { kind: 'blocked', message: messages.billerAddedToday };
  }
  return { kind: 'go' };
}

/** Spec 1 §4: in the member portal, reimbursement bills are hidden from the bills due; staff see them all. */
export function visibleDashboardBills<T extends { isReimbursement: boolean }>(
  bills: readonly T[],
  isStaff: boolean,
): T[] {
  return isStaff ? [...bills] : bills.filter((bill) => !bill.isReimbursement);
}

/** Rainy-day top-up is offered in statuses 1 and 7 (spec 1 §4). */
export function canTopUpRainyDay(agreementStatus: number | null | undefined): boolean {
  return agreementStatus === AgreementStatus.Approved || agreementStatus === AgreementStatus.Active;
}

export interface OverdueBill {
  billId: number;
  expectedDueDate: string;
  amountAllocated: string;
  status: number;
}

/**
 * Spec 1 §4 "Overdue option": eligible bills are due today or earlier (same biller or sub-category, as loaded),
 * due date ascending; the option shows only when more than one is eligible (pay allocation: the selected bill
 * must itself be due today or earlier).
 */
export function eligibleOverdueBills<T extends OverdueBill>(bills: readonly T[], today: string): T[] {
  return bills
    .filter((bill) => bill.expectedDueDate <= today)
    .sort((a, b) =>
      a.expectedDueDate === b.expectedDueDate ? a.billId - b.billId : a.expectedDueDate < b.expectedDueDate ? -1 : 1,
    );
}

export function showOverdueOption(
  eligible: readonly OverdueBill[],
  selected: OverdueBill,
  billOrAllocation: BillOrAllocation,
  today: string,
): boolean {
  if (eligible.length <= 1) return false;
  return billOrAllocation === 'bill' || selected.expectedDueDate <= today;
}

/** Total to pay and bill count for the overdue option (combine sums every eligible bill's allocation). */
export function overdueTotals(
  option: OverdueOption | null,
  eligible: readonly OverdueBill[],
  selected: OverdueBill,
): { total: Cents; count: number; overdueBillIds: number[] } {
  if (option !== 'combine' || eligible.length <= 1) {
    return { total: toCents(selected.amountAllocated), count: 1, overdueBillIds: [] };
  }
  const total = eligible.reduce((sum, bill) => sum + toCents(bill.amountAllocated), 0) as Cents;
  const overdueBillIds = eligible
    .filter((bill) => (bill.status === 1 || bill.status === 4) && bill.billId !== selected.billId)
    .map((bill) => bill.billId);
  return { total, count: eligible.length, overdueBillIds };
}

/** A money string from the server ("12.30") in cents. */
export function toCents(value: string | null | undefined): Cents {
  const read = readAmountInput(value ?? '');
  const negative = (value ?? '').trim().startsWith('-');
  const amount = read.amount ?? 0;
  return (negative ? -amount : amount) as Cents;
}

/** Cents as the decimal string the server takes ("1234.50"). */
export function centsToDecimal(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface LinkedAccountOption {
  accountNumber: string;
  availableBalance: string;
}

export interface TopUpChoice {
  option: TopUpOption | null;
  accountNumber: string | null;
  /** Known only after the server asked for a top-up; the client checks the savings balance against it. */
  topUpRequired?: Cents | null;
}

/**
 * Spec 1 §5: a linked-account top-up needs an account and no more than its available balance. Returns the
 * field errors keyed by the form's field names.
 */
export function topUpErrors(
  choice: TopUpChoice,
  topUpNeeded: boolean,
  accounts: readonly LinkedAccountOption[],
  messages: { topUpRequired: string; linkedAccountRequired: string; insufficientFunds: string },
): { topupOption?: string; topupAccountNumber?: string } {
  if (!topUpNeeded) return {};
  if (!choice.option) return { topupOption: messages.topUpRequired };
  if (choice.option !== 'linkedAccount') return {};
  const account = accounts.find((item) => item.accountNumber === choice.accountNumber);
  if (!account) return { topupAccountNumber: messages.linkedAccountRequired };
  const balance = toCents(account.availableBalance);
  if (
    balance <= 0 ||
    (choice.topUpRequired !== null && choice.topUpRequired !== undefined && choice.topUpRequired > balance)
  ) {
    return { topupAccountNumber: messages.insufficientFunds };
  }
  return {};
}

export const TOP_UP_OPTIONS: readonly TopUpOption[] = ['rainyDay', 'linkedAccount', 'shortPay'];

/** The server's paymentQuote answer (read-only: what paying the amount would need). */
export interface QuotedTopUp {
  topUpRequired: string;
  rainyDay: boolean;
  linkedAccount: boolean;
  shortPay: boolean;
  canProceed: boolean;
  errors: readonly unknown[];
}

export interface TopUpView {
  /** Show the top-up section. */
  needed: boolean;
  /** The options shown. */
  options: readonly TopUpOption[];
  /** The top-up the linked account must hold (null: not known, the server checks it). */
  topUpRequired: Cents | null;
  /** False: a top-up is needed and nothing can provide it ("Can't proceed without paybill"). */
  canProceed: boolean;
}

/**
 * Spec 1 §4 "Top-up", from the server's quote for the amount on screen: the section shows only when a top-up is
 * needed; rainy day and short pay only when the rules offer them (short pay is hidden when the overdraw rule is
 * irrelevant and the balance is 0); a linked account is always listed (its balance is checked against the top-up).
 * Without a usable quote (loading, stale, refused) the screen falls back to the server's TOP_UP_REQUIRED answer.
 */
export function topUpView(quote: QuotedTopUp | null | undefined, serverAskedForTopUp: boolean): TopUpView {
  const required = quote && quote.errors.length === 0 ? toCents(quote.topUpRequired) : 0;
  if (!quote || required <= 0) {
    return { needed: serverAskedForTopUp, options: TOP_UP_OPTIONS, topUpRequired: null, canProceed: true };
  }
  return {
    needed: true,
    options: TOP_UP_OPTIONS.filter((option) => option === 'linkedAccount' || quote[option]),
    topUpRequired: required as Cents,
    canProceed: quote.canProceed,
  };
}

/**
 * Spec 1 §5 "Rainy-day top-up modal": an account must be chosen, the amount above 0 and not above the chosen
 * account's available balance (a zero or missing balance also fails).
 */
export function rainyDayTopUpErrors(
  input: { accountNumber: string | null; amountText: string },
  accounts: readonly LinkedAccountOption[],
  messages: { accountRequired: string; amountRequired: string; aboveBalance: (available: string) => string },
): { accountNumber?: string; amount?: string } {
  const errors: { accountNumber?: string; amount?: string } = {};
  const account = accounts.find((item) => item.accountNumber === input.accountNumber);
  if (!account) errors.accountNumber = messages.accountRequired;
  const amount = readAmountInput(input.amountText).amount;
  if (amount === undefined || amount <= 0) errors.amount = messages.amountRequired;
  else if (account) {
    const balance = account.availableBalance ? toCents(account.availableBalance) : 0;
    if (balance <= 0 || amount > balance) errors.amount = messages.aboveBalance(centsToDecimal(Math.max(balance, 0)));
  }
  return errors;
}

/** Reverse bills (spec 1 §9): 20 first, then 10 more each time. */
export const REVERSE_PAGE_SIZE = 20;
export const REVERSE_INCREMENT = 10;
export function nextReverseLimit(current: number): number {
  return current + REVERSE_INCREMENT;
}

/** One idempotency key per attempt (made when the review dialog opens). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The figures of a payment that takes the allocation below zero (money as the server gives it, "-50.00"). */
export interface AllocationWarningFigures {
  balanceBefore: string;
  amount: string;
  taken: string;
  balanceAfter: string;
}

/**
 * The agent's warning before an approved arrears payment takes the allocation below zero (issue 8 item 6): a sentence
 * and the figures (allocation now, the payment, what it takes from the allocation when that differs, allocation after).
 */
export function allocationWarningView(
  warning: AllocationWarningFigures,
  money: (value: string) => string,
): { message: string; rows: [string, string][] } {
  const already = toCents(warning.balanceBefore) < 0;
  const rows: [string, string][] = [
    ['Allocation balance now', money(warning.balanceBefore)],
    ['This payment', money(warning.amount)],
  ];
  if (toCents(warning.taken) !== toCents(warning.amount))
    rows.push(['Taken from the allocation', money(warning.taken)]);
  rows.push(['Allocation balance after', money(warning.balanceAfter)]);
  const message = already
    ? `This payment takes the allocation further below zero, to ${money(warning.balanceAfter)}.`
    : `This payment takes the allocation below zero, to ${money(warning.balanceAfter)}.`;
  return { message, rows };
}
