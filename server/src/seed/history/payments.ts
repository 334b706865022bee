import { formatCurrency, cents, toDecimalString, type Cents } from '../../common/money.js';
import { DEFAULT_TIME_ZONE } from '../../common/clock.js';
import { formatDisplayDate, zonedInstant, type LocalDate } from '../../common/local-date.js';
import { ActivityType } from '../../modules/activity/activity-type.js';
import { MoneySource } from '../../modules/bill/money-source.js';
import { LedgerAccountKind } from '../../modules/ledger/ledger-account-kind.js';
import { LedgerTransactionType } from '../../modules/ledger/ledger-transaction-type.js';
import {
  allocation,
  contingency,
  external,
  linkedAccount,
  rainyDay,
  type LedgerLine,
} from '../../modules/ledger/ledger.types.js';
import { TransactionStatus } from '../../modules/ledger/transaction-status.js';
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
 * The ledger posting of paying (or reimbursing) a bill, as DOMAIN.md describes it: from allocation min(A, L), from
 * contingency min(A - that, C), what was set aside and not used poured into rainy day; above that, rainy day, then a
 * linked account; what is still missing is short-paid (the amount owing).
 */
export function billPaymentPosting(input: PaymentInput): PostingSeed {
  const { allocated: L, contingency: C, actual: A } = input;
  const fromAllocation = Math.min(A, L);
  const fromContingency = Math.min(A - fromAllocation, C);
  let rest = A - fromAllocation - fromContingency;
  const leftover = L + C - fromAllocation - fromContingency;
  const fromRainy = input.overflow ? Math.min(rest, Math.max(0, input.overflow.rainyDay)) : 0;
  rest -= fromRainy;
  const fromLinked =
    input.overflow?.linkedAccountId && !input.reimburseTo
      ? Math.min(rest, Math.max(0, input.overflow.linkedAvailable))
      : 0;
  rest -= fromLinked;
  const short = rest;
  const paidOut = A - short;
  const lines: LedgerLine[] = [{ account: allocation(), amount: cents(-L) }];
  if (C > 0) lines.push({ account: contingency(), amount: cents(-C) });
  if (leftover - fromRainy !== 0) lines.push({ account: rainyDay(), amount: cents(leftover - fromRainy) });
  if (fromLinked > 0)
    lines.push({ account: linkedAccount(input.overflow!.linkedAccountId!), amount: cents(-fromLinked) });
  lines.push({ account: input.reimburseTo ? linkedAccount(input.reimburseTo) : external(), amount: cents(paidOut) });
  const sources: NonNullable<PostingSeed['sources']> = [];
  const source = (kind: MoneySource, amount: number, linkedAccountId: number | null = null) => {
    if (amount > 0) sources.push({ billIndex: input.billIndex, source: kind, amount: cents(amount), linkedAccountId });
  };
  source(MoneySource.Allocation, fromAllocation);
  source(MoneySource.Contingency, fromContingency);
  source(MoneySource.RainyDay, fromRainy);
  source(MoneySource.LinkedAccount, fromLinked, input.overflow?.linkedAccountId ?? null);
  source(MoneySource.ShortPay, short);
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
        billAmount: A,
        fromAllocation,
        contingencyAmount: fromContingency,
        pouredIntoRainyDay: leftover,
        topupAmount: fromRainy + fromLinked,
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
