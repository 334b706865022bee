import type { Cents } from '@shared/money';
import { readAmountInput } from '@shared/validation/amount-input';

import { AgreementStatus, type AgreementStatusName } from '@shared/agreement-status.js';
import { codeOf } from '@shared/code-names.js';
import { MoneyMovement, moneyRefusal } from '@shared/money-movement.rules.js';

export type BillOrAllocation = 'bill' | 'allocation';
export type TopUpOption = 'rainyDay' | 'linkedAccount' | 'shortPay';
export type OverdueOption = 'combine' | 'ignore';

/**
 * The pay screen's title in words (issue 22 item 5): a billing category's bill is paid from what its deposits set
 * aside ("allocation" is the code's word for it, never shown).
 */
export function payScreenTitle(mode: 'pay' | 'reimburse', variant: 'bill' | 'allocation'): string {
  const verb = mode === 'pay' ? 'Pay' : 'Reimburse';
  return variant === 'allocation' ? `${verb} category bill` : `${verb} bill`;
}

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
  agreementStatus: AgreementStatusName | null | undefined;
  isStaff: boolean;
  /** The membership was resigned: no money moves (spec 1 §4). */
  resigned?: boolean;
  disableSubmit: boolean;
  /** The biller-on-hold message for this bill's biller, when it is on hold. */
  onHoldMessage?: string | null;
  /** The date the bill's biller was added (YYYY-MM-DD); null for an allocation bill. */
  billerAddedDate?: string | null;
  /** The institution's today (YYYY-MM-DD). */
  today?: string;
}

/**
 * Spec 1 §4 "Bill dashboard", on the server's money rule (shared/money-movement.rules.ts): in Missed Deposit members
 * are blocked and staff need a manager approval first; reimbursing in 4 opens the in-arrears notice; a locked,
 * cancelled or expired agreement and a resigned membership move no money; a biller on hold blocks payment.
 */
export function dashboardAction(
  input: DashboardActionInput,
  messages: { billerAddedToday?: string } = {},
): DashboardAction {
  if (input.onHoldMessage) return { kind: 'blocked', message: input.onHoldMessage };
  const refusal = moneyRefusal(input.action === 'pay' ? MoneyMovement.PayBill : MoneyMovement.Reimburse, {
    status: codeOf(AgreementStatus, input.agreementStatus),
    mover: input.isStaff ? 'staff' : 'member',
    resigned: input.resigned === true,
  });
  if (refusal?.code === 'MANAGER_APPROVAL_REQUIRED') return { kind: 'needsApproval' };
  if (refusal?.code === 'PAYMENT_SUSPENDED_IN_ARREARS' || refusal?.code === 'REIMBURSE_IN_MISSED_DEPOSIT') {
    return { kind: 'inArrears', message: refusal.message };
  }
  if (refusal) return { kind: 'blocked', message: refusal.message };
  if (input.disableSubmit) return { kind: 'blocked', message: BILL_NOT_PAYABLE_NOW };
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

/** The server marked the bill not payable now (its agreement or its biller). */
const BILL_NOT_PAYABLE_NOW = 'This bill cannot be paid at the moment.';

/** Spec 1 §4: in the member portal, reimbursement bills are hidden from the bills due; staff see them all. */
export function visibleDashboardBills<T extends { isReimbursement: boolean }>(
  bills: readonly T[],
  isStaff: boolean,
): T[] {
  return isStaff ? [...bills] : bills.filter((bill) => !bill.isReimbursement);
}

/** Rainy-day top-up is offered where the money rule allows it (statuses 1 and 7, spec 1 §4; not when resigned). */
export function canTopUpRainyDay(
  agreementStatus: AgreementStatusName | null | undefined,
  isStaff: boolean,
  resigned = false,
): boolean {
  const status = codeOf(AgreementStatus, agreementStatus);
  const mover = isStaff ? 'staff' : 'member';
  return moneyRefusal(MoneyMovement.RainyDayTopUp, { status, mover, resigned }) === null;
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
    ['Set aside for bills now', money(warning.balanceBefore)],
    ['This payment', money(warning.amount)],
  ];
  if (toCents(warning.taken) !== toCents(warning.amount))
    rows.push(['Taken from what is set aside', money(warning.taken)]);
  rows.push(['Set aside for bills after', money(warning.balanceAfter)]);
  const message = already
    ? `This payment takes what is set aside for bills further below zero, to ${money(warning.balanceAfter)}.`
    : `This payment takes what is set aside for bills below zero, to ${money(warning.balanceAfter)}.`;
  return { message, rows };
}
