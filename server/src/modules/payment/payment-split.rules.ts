import { add, max, min, sub, ZERO, type Cents } from '../../shared/money.js';
import { PAYMENT_MESSAGES, PaymentError } from './payment.errors.js';

/** The top-up options of the pay screens (1 §3 Payment, 1 §9). */
export type TopUpOption = 'rainyDay' | 'linkedAccount' | 'shortPay';

export interface SplitInput {
  /** What is paid (A). */
  amount: Cents;
  /** What the deposits set aside for the bill(s) (L). */
  allocation: Cents;
  /** The bill(s)' contingency (C); 0 for fixed bills. */
  contingency: Cents;
  /** The agreement's allocation and contingency beyond this bill's (never below 0). */
  freeBalance: Cents;
  /**
   * The part of the free balance held in the contingency pocket (what it holds beyond this payment's own contingency);
   * 0 when not known: the free balance is then all taken from the allocation.
   */
  contingencyFree?: Cents;
  /** The overdraw still allowed today (0 outside the overdraw rule's duration). */
  overdrawAllowed: Cents;
  /** Whether what is left of the set-aside money goes to rainy day (the agreement's preference). */
  leftoversToRainyDay: boolean;
}

/** How a payment of A is covered before any top-up (DOMAIN.md "Bills"). */
export interface PaymentSplit {
  /** min(A, L), plus what the free balance held in the allocation and the overdraw cover. */
  fromAllocation: Cents;
  /** min(A - min(A, L), C), plus what the free balance held in the contingency covers. */
  fromContingency: Cents;
  /** The part of fromAllocation taken beyond the bill's own allocation (free balance, then overdraw). */
  fromAgreementBeyondBill: Cents;
  /** L + C - A when A is below what was set aside (and leftovers go to rainy day). */
  pouredIntoRainyDay: Cents;
  /** What is still missing: A - L - C - free balance - overdraw, never below 0. */
  topUpRequired: Cents;
}

/** What the deposits set aside for the bill(s), by the pocket it is taken from. */
export interface SetAside {
  allocation: Cents;
  contingency: Cents;
}

/**
 * Rule "set aside": which pocket a bill's set-aside money leaves (DOMAIN.md "Bills": from contingency min(A - that, C)).
 * The bill's contingency C is taken from the contingency pocket only as far as that pocket holds it: what the pocket
 * lacks (its deposits' shares have not caught up with the bills yet) is taken as allocation instead, so a payment never
 * takes the contingency balance below zero (issue 8 item 4: the demo's -$45.85 came from taking every bill's whole
 * contingency). The total set aside, and so the split, the top-up and what is poured into rainy day, are unchanged.
 */
export function setAsideFrom(allocation: Cents, contingency: Cents, contingencyBalance: Cents): SetAside {
  const fromPocket = min(contingency, max(contingencyBalance, ZERO));
  return { allocation: add(allocation, sub(contingency, fromPocket)), contingency: fromPocket };
}

/**
 * Rule "split": allocation first, then contingency, then the agreement's free balance and overdraw. The free balance
 * is taken from the pocket that holds it: the allocation's first, then the contingency's (issue 25, seen 6: taking it
 * all as allocation left "Allocation -$7.62" beside "Contingency $7.62"); the overdraw is the allocation's.
 */
export function splitPayment(input: SplitInput): PaymentSplit {
  const ownAllocation = min(input.amount, input.allocation);
  const ownContingency = min(sub(input.amount, ownAllocation), input.contingency);
  const remaining = sub(sub(input.amount, ownAllocation), ownContingency);
  const free = max(input.freeBalance, ZERO);
  const beyond = min(remaining, add(free, max(input.overdrawAllowed, ZERO)));
  const contingencyFree = min(max(input.contingencyFree ?? ZERO, ZERO), free);
  const fromFreeAllocation = min(beyond, sub(free, contingencyFree));
  const fromFreeContingency = min(sub(beyond, fromFreeAllocation), contingencyFree);
  const setAside = add(input.allocation, input.contingency);
  const poured = input.leftoversToRainyDay && input.amount < setAside ? sub(setAside, input.amount) : ZERO;
  return {
    fromAllocation: add(ownAllocation, sub(beyond, fromFreeContingency)),
    fromContingency: add(ownContingency, fromFreeContingency),
    fromAgreementBeyondBill: beyond,
    pouredIntoRainyDay: poured,
    topUpRequired: sub(remaining, beyond),
  };
}

/** What a payment takes out of the allocation pocket: the whole set-aside when the rest is poured, else the split's. */
export function allocationTaken(split: PaymentSplit, setAsideAllocation: Cents): Cents {
  return split.pouredIntoRainyDay > 0 ? setAsideAllocation : split.fromAllocation;
}

/** The figures an agent reads before an approved arrears payment takes the allocation below zero. */
export interface AllocationWarning {
  /** The allocation balance now. */
  balanceBefore: Cents;
  /** What is paid (A). */
  amount: Cents;
  /** What the payment takes out of the allocation. */
  taken: Cents;
  /** The allocation balance after paying. */
  balanceAfter: Cents;
}

/**
 * Rule "approved arrears payment warning" (issue 8 item 6): a payment made on a manager's arrears approval that leaves
 * the allocation below zero (further below, when it already is) is shown to the agent with its figures first. None
 * without an approval, or when the allocation stays at or above zero, or nothing is taken from it.
 */
export function allocationWarning(input: {
  approved: boolean;
  balanceBefore: Cents;
  amount: Cents;
  taken: Cents;
}): AllocationWarning | null {
  const balanceAfter = sub(input.balanceBefore, input.taken);
  if (!input.approved || input.taken <= 0 || balanceAfter >= 0) return null;
  return { balanceBefore: input.balanceBefore, amount: input.amount, taken: input.taken, balanceAfter };
}

export interface TopUpFacts {
  topUpRequired: Cents;
  /** Rainy day less the amount held back. */
  rainyDayAvailable: Cents;
  /** The agreement's `rainyDayCoversShortfall`: when off, rainy day is never offered for a top-up. */
  rainyDayCoversShortfall: boolean;
  /** The member's linked accounts' available balances. */
  linkedAccountBalances: readonly Cents[];
  /** Whether an overdraw rule applies today (an allowed overdraw above 0). */
  overdrawRuleRelevant: boolean;
  /** allocation + contingency of the agreement (what the agreement itself holds for bills). */
  agreementBalance: Cents;
  /** Reimbursements pay a linked account: they cannot be topped up from one. */
  reimbursement?: boolean;
}

export interface TopUpOptions {
  rainyDay: boolean;
  linkedAccount: boolean;
  /** Hidden when the overdraw rule is irrelevant and the agreement's balance is 0 (1 §4). */
  shortPay: boolean;
  /** False when a top-up is needed and no option can provide it ("Can't proceed without paybill"). */
  canProceed: boolean;
}

/**
 * Rule "top-up options" (1 §4 Top-up): which options the pay screen offers for the top-up needed.
 * - rainyDay: only when the agreement lets rainy day cover a shortfall, and rainy day (less what is held back)
 *   covers the whole top-up;
 * - linkedAccount: a linked account holds the whole top-up (never for a reimbursement);
 * - shortPay: hidden when the overdraw rule is irrelevant and the agreement's balance is 0;
 * - canProceed: false when the overdraw rule is irrelevant and neither rainy day (as offered) nor a linked
 *   account covers the top-up, whatever short pay shows.
 */
export function topUpOptions(facts: TopUpFacts): TopUpOptions {
  if (facts.topUpRequired <= 0) return { rainyDay: false, linkedAccount: false, shortPay: false, canProceed: true };
  const rainyDay = facts.rainyDayCoversShortfall && facts.rainyDayAvailable >= facts.topUpRequired;
  const linkedAccount =
    !facts.reimbursement && facts.linkedAccountBalances.some((balance) => balance >= facts.topUpRequired);
  const canProceed = facts.overdrawRuleRelevant || rainyDay || linkedAccount;
  const shortPay = canProceed && (facts.overdrawRuleRelevant || facts.agreementBalance > 0);
  return { rainyDay, linkedAccount, shortPay, canProceed };
}

export interface TopUpChoice {
  option: TopUpOption | null;
  /** The chosen linked account's available balance (linkedAccount only; null when none was chosen). */
  linkedAccountBalance?: Cents | null;
}

export interface TopUpResult {
  fromRainyDay: Cents;
  fromSavings: Cents;
  /** A short pay: what the member pays themselves. */
  amountOwing: Cents;
}

const NO_TOP_UP: TopUpResult = { fromRainyDay: ZERO, fromSavings: ZERO, amountOwing: ZERO };

/**
 * Rule "top-up": a required top-up needs an option ('Can't proceed without paybill'), a linked account must be
 * chosen and hold enough, rainy day must hold enough; a short pay leaves the rest owing.
 */
export function applyTopUp(facts: TopUpFacts, choice: TopUpChoice): TopUpResult {
  const required = facts.topUpRequired;
  if (required <= 0) return NO_TOP_UP;
  const offered = topUpOptions(facts);
  if (!choice.option || !offered.canProceed) {
    throw new PaymentError('TOP_UP_REQUIRED', PAYMENT_MESSAGES.topUpRequired, 'topupOption');
  }
  switch (choice.option) {
    case 'rainyDay':
      if (!offered.rainyDay) {
        throw new PaymentError('TOP_UP_OPTION_UNAVAILABLE', PAYMENT_MESSAGES.topUpOptionUnavailable, 'topupOption');
      }
      return { ...NO_TOP_UP, fromRainyDay: required };
    case 'linkedAccount':
      if (facts.reimbursement) {
        throw new PaymentError('TOP_UP_OPTION_UNAVAILABLE', PAYMENT_MESSAGES.reimburseLinkedAccount, 'topupOption');
      }
      if (choice.linkedAccountBalance === null || choice.linkedAccountBalance === undefined) {
        throw new PaymentError('LINKED_ACCOUNT_REQUIRED', PAYMENT_MESSAGES.linkedAccountRequired, 'topupAccountNumber');
      }
      if (choice.linkedAccountBalance < required) {
        throw new PaymentError('INSUFFICIENT_FUNDS', PAYMENT_MESSAGES.insufficientFunds, 'topupAccountNumber');
      }
      return { ...NO_TOP_UP, fromSavings: required };
    case 'shortPay':
      if (!offered.shortPay) {
        throw new PaymentError('TOP_UP_OPTION_UNAVAILABLE', PAYMENT_MESSAGES.topUpOptionUnavailable, 'topupOption');
      }
      return { ...NO_TOP_UP, amountOwing: required };
  }
}

/** The confirmation summary's figures (1 §3), as stored with the payment and shown on the confirmation screen. */
export interface ConfirmationFigures {
  actualAmount: Cents;
  pouredIntoRainyDay: Cents;
  /** What left the agreement and the member's savings for the biller (or the member's account). */
  totalPaidOut: Cents;
  overdueBillsCount: number;
  fromRainyDay: Cents;
  fromSavings: Cents;
  amountOwing: Cents;
  fromAllocation: Cents;
  fromContingency: Cents;
  /** The allocations of all bills paid together (one bill's when not combined). */
  combinedAllocation: Cents;
}

export function confirmationFigures(
  amount: Cents,
  split: PaymentSplit,
  topUp: TopUpResult,
  combinedAllocation: Cents,
  overdueBillsCount: number,
): ConfirmationFigures {
  return {
    actualAmount: amount,
    pouredIntoRainyDay: split.pouredIntoRainyDay,
    totalPaidOut: sub(amount, topUp.amountOwing),
    overdueBillsCount,
    fromRainyDay: topUp.fromRainyDay,
    fromSavings: topUp.fromSavings,
    amountOwing: topUp.amountOwing,
    fromAllocation: split.fromAllocation,
    fromContingency: split.fromContingency,
    combinedAllocation,
  };
}

/**
 * The figures stored with a payment's activity. Payments made here store them as `confirmationFigures` wrote them;
 * the demo and imported histories store the old system's shape (billAmount, topupAmount, contingencyAmount), read
 * into the same figures; anything absent is zero (the confirmation of such a bill used to fail to serialize).
 */
export function storedConfirmationFigures(data: Record<string, unknown>): ConfirmationFigures {
  const amount = (...keys: string[]): Cents => {
    for (const key of keys) {
      const value = data[key];
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value as Cents;
    }
    return 0 as Cents;
  };
  const actualAmount = amount('actualAmount', 'billAmount');
  const amountOwing = amount('amountOwing');
  const fromAllocation = amount('fromAllocation');
  return {
    actualAmount,
    pouredIntoRainyDay: amount('pouredIntoRainyDay'),
    totalPaidOut: 'totalPaidOut' in data ? amount('totalPaidOut') : sub(actualAmount, amountOwing),
    overdueBillsCount: amount('overdueBillsCount'),
    fromRainyDay: amount('fromRainyDay'),
    fromSavings: amount('fromSavings', 'topupAmount'),
    amountOwing,
    fromAllocation,
    fromContingency: amount('fromContingency', 'contingencyAmount'),
    combinedAllocation: 'combinedAllocation' in data ? amount('combinedAllocation') : fromAllocation,
  };
}

/**
 * Rule "automatic payment top-up" (core-banking README, Automatic payments): a bill paid automatically beyond what
 * the agreement holds takes the top-up from rainy day when it is offered, else pays short when that is offered;
 * otherwise none (the payment is refused: TOP_UP_REQUIRED, tried again the next day).
 */
export function automaticTopUpOption(offered: TopUpOptions): 'rainyDay' | 'shortPay' | null {
  if (offered.rainyDay) return 'rainyDay';
  return offered.shortPay ? 'shortPay' : null;
}
