import { formatCurrency, cents, toDecimalString, ZERO, type Cents } from '../../shared/money.js';
import { DEFAULT_TIME_ZONE } from '../../shared/clock.js';
import { formatDisplayDate, zonedInstant, type LocalDate } from '../../shared/local-date.js';
import { ActivityType } from '../../modules/activity/index.js';
import { BillStatus } from '../../modules/bill/index.js';
import {
  LedgerAccountKind,
  LedgerTransactionType,
  allocation,
  contingency,
  external,
  linkedAccount,
  rainyDay,
  type LedgerLine,
  TransactionStatus,
} from '../../modules/ledger/index.js';
import {
  moneySources,
  paymentLines,
  type PostingPlan,
  splitPayment,
  type TopUpResult,
} from '../../modules/payment/index.js';
import type { PostingSeed } from './types.js';

/** The pockets as the plan walks through the year (cents), so that top-ups never overdraw what exists. */
export interface Pockets {
  allocation: number;
  contingency: number;
  rainyDay: number;
  linked: number;
}

export function applyLines(
  pockets: Pockets,
  lines: readonly LedgerLine[],
  agreementId: number,
  linkedId: number,
): void {
  for (const line of lines) {
    const ref = line.account;
    if ('agreementId' in ref && ref.agreementId !== undefined && ref.agreementId !== agreementId) continue;
    if (ref.kind === LedgerAccountKind.Allocation) pockets.allocation += line.amount;
    else if (ref.kind === LedgerAccountKind.Contingency) pockets.contingency += line.amount;
    else if (ref.kind === LedgerAccountKind.RainyDay) pockets.rainyDay += line.amount;
    else if (
      ref.kind === LedgerAccountKind.LinkedAccount &&
      'linkedAccountId' in ref &&
      ref.linkedAccountId === linkedId
    )
      pockets.linked += line.amount;
  }
}

/**
 * A wall-clock time of the institution's day (noon by default, daylight saving included): history rows get a plausible
 * time without depending on the machine's zone. On the seed's today this can be later than now: the writer caps it.
 */
export function at(date: LocalDate, hour = 12, minute = 0): Date {
  return zonedInstant(date, DEFAULT_TIME_ZONE, hour, minute);
}

export interface PaymentInput {
  agreementId: number;
  billIndex: number;
  billerIndex: number | null;
  payee: string;
  allocated: Cents;
  contingency: Cents;
  actual: Cents;
  date: LocalDate;
  /** Reimburse this linked account instead of paying the biller. */
  reimburseTo?: number | null;
  /** What covers an amount above allocation + contingency. */
  overflow?: { rainyDay: number; linkedAccountId: number | null; linkedAvailable: number } | null;
  transactionStatus?: TransactionStatus;
  agentName?: string | null;
  staff?: 'agent' | 'manager' | null;
  detailsSuffix?: string;
}

/**
 * The seed's scenario for an amount above what was set aside: rainy day first, then the linked account, the rest
 * owing (a short pay). The payment service asks the person instead; the posting that follows is the service's own.
 */
function overflowTopUp(required: Cents, input: PaymentInput): TopUpResult {
  const overflow = input.overflow;
  const fromRainyDay = overflow ? Math.min(required, Math.max(0, overflow.rainyDay)) : 0;
  const fromSavings =
    overflow?.linkedAccountId && !input.reimburseTo
      ? Math.min(required - fromRainyDay, Math.max(0, overflow.linkedAvailable))
      : 0;
  return {
    fromRainyDay: cents(fromRainyDay),
    fromSavings: cents(fromSavings),
    amountOwing: cents(Math.max(0, required - fromRainyDay - fromSavings)),
  };
}

/**
 * The ledger posting of paying (or reimbursing) a bill, by the payment service's own rules (DOMAIN.md "Bills"):
 * `splitPayment` decides what allocation and contingency cover and what is poured into rainy day, `paymentLines`
 * and `moneySources` write it. Only the choice of top-up is the seed's (`overflowTopUp`).
 */
export function billPaymentPosting(input: PaymentInput): PostingSeed {
  const { allocated, contingency: setAsideContingency, actual } = input;
  const split = splitPayment({
    amount: actual,
    allocation: allocated,
    contingency: setAsideContingency,
    freeBalance: ZERO,
    overdrawAllowed: ZERO,
    leftoversToRainyDay: true,
  });
  const topUp = overflowTopUp(split.topUpRequired, input);
  const plan: PostingPlan = {
    split,
    topUp,
    amount: actual,
    setAsideAllocation: allocated,
    setAsideContingency,
    payee: input.reimburseTo ? linkedAccount(input.reimburseTo) : external(),
    topUpAccountId: input.overflow?.linkedAccountId ?? null,
  };
  const lines = paymentLines(plan);
  const bill = {
    id: input.billIndex,
    dueDate: input.date,
    status: BillStatus.Scheduled,
    amountAllocated: allocated,
    contingency: setAsideContingency,
  };
  const sources: NonNullable<PostingSeed['sources']> = moneySources(plan, bill, []).map(({ billId, ...source }) => ({
    ...source,
    billIndex: billId,
  }));
  const short = topUp.amountOwing;
  const paidOut = actual - short;
  const reimbursed = !!input.reimburseTo;
  const verb = reimbursed ? 'Reimbursed' : 'Paid';
  const details =
    `${verb} ${formatCurrency(cents(paidOut))} ${reimbursed ? 'for' : 'to'} ${input.payee} on ${formatDisplayDate(input.date)}` +
    (short > 0 ? `; ${formatCurrency(cents(short))} owing` : '') +
    (input.detailsSuffix ?? '');
  return {
    type: reimbursed ? LedgerTransactionType.Reimbursement : LedgerTransactionType.BillPayment,
    effectiveDate: input.date,
    description: details.slice(0, 200),
    lines,
    sources,
    staff: input.staff ?? null,
    activity: {
      type: reimbursed ? ActivityType.ReimbursedBill : ActivityType.PaidBill,
      occurredAt: at(input.date, 10, 30),
      details,
      data: {
        ContractId: input.agreementId,
        billAmount: actual,
        fromAllocation: split.fromAllocation,
        contingencyAmount: split.fromContingency,
        pouredIntoRainyDay: split.pouredIntoRainyDay,
        topupAmount: topUp.fromRainyDay + topUp.fromSavings,
        amountOwing: short,
      },
      agentName: input.agentName ?? null,
      staff: input.staff ?? null,
      transactionStatus: input.transactionStatus ?? TransactionStatus.Successful,
      billIndex: input.billIndex,
      billerIndex: input.billerIndex,
    },
  };
}

export interface DepositInput {
  agreementId: number;
  depositIndex: number | null;
  amount: Cents;
  /** The share of each deposit that funds the contingency buffer. */
  contingencyShare: Cents;
  date: LocalDate;
  fromLinkedAccountId: number | null;
  activityType?: ActivityType;
  agentName?: string | null;
  staff?: 'agent' | 'manager' | null;
  /** Straight into rainy day (a top-up) instead of allocation and contingency. */
  toRainyDay?: boolean;
}

export function depositPosting(input: DepositInput): PostingSeed {
  const source = input.fromLinkedAccountId ? linkedAccount(input.fromLinkedAccountId) : external();
  const lines: LedgerLine[] = [{ account: source, amount: cents(-input.amount) }];
  if (input.toRainyDay) {
    lines.push({ account: rainyDay(), amount: input.amount });
  } else {
    lines.push({ account: allocation(), amount: cents(input.amount - input.contingencyShare) });
    if (input.contingencyShare > 0) lines.push({ account: contingency(), amount: input.contingencyShare });
  }
  const from = input.fromLinkedAccountId ? 'from a linked savings account' : 'by payroll deduction';
  const details = input.toRainyDay
    ? `Rainy day topped up with ${formatCurrency(input.amount)} ${from}`
    : `Deposit of ${formatCurrency(input.amount)} received ${from}`;
  return {
    type: input.toRainyDay ? LedgerTransactionType.RainyDayTopUp : LedgerTransactionType.Deposit,
    effectiveDate: input.date,
    description: details,
    lines,
    depositIndex: input.depositIndex,
    staff: input.staff ?? null,
    activity: {
      type: input.activityType ?? ActivityType.MemberDeposit,
      occurredAt: at(input.date, 7, 15),
      details,
      // As the portal's own rainy-day top-up writes it: a decimal string (a bare number reads as dollars).
      data: {
        ContractId: input.agreementId,
        ...(input.toRainyDay ? { topupAmount: toDecimalString(input.amount) } : {}),
      },
      agentName: input.agentName ?? null,
      staff: input.staff ?? null,
      transactionStatus: TransactionStatus.Successful,
    },
  };
}

/** A move between the agreement's own pockets (leftovers, releases, reconciliation adjustments). */
export function transferPosting(
  from: LedgerLine['account'],
  to: LedgerLine['account'],
  amount: Cents,
  date: LocalDate,
  activity: PostingSeed['activity'],
): PostingSeed {
  return {
    type: LedgerTransactionType.Transfer,
    effectiveDate: date,
    description: activity.details.slice(0, 200),
    lines: [
      { account: from, amount: cents(-amount) },
      { account: to, amount },
    ],
    activity,
  };
}
