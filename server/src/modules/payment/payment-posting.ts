import { cents, min, sub, type Cents } from '../../shared/money.js';
import { MoneySource } from '../bill/index.js';
import {
  allocation,
  contingency,
  linkedAccount,
  rainyDay,
  type LedgerLine,
  type MoneySourceInput,
} from '../ledger/index.js';
import { allocationTaken, type PaymentSplit, type TopUpResult } from './payment-split.rules.js';
import type { CandidateBill } from './payment.rules.js';

export interface PostingPlan {
  split: PaymentSplit;
  topUp: TopUpResult;
  amount: Cents;
  /** What the bills set aside (all of them when combined). */
  setAsideAllocation: Cents;
  setAsideContingency: Cents;
  /** Where the money goes: the biller (external) or the member's account (reimbursement). */
  payee: LedgerLine['account'];
  topUpAccountId: number | null;
}

/**
 * The ledger lines of a payment. Below what was set aside: the whole set-aside leaves its pockets, the biller gets A
 * and the rest is poured into rainy day. Above: allocation and contingency as split, the top-up from rainy day or
 * the savings account, and the payee gets A less any amount owing (a short pay moves no money).
 */
export function paymentLines(plan: PostingPlan): LedgerLine[] {
  const { split, topUp } = plan;
  const poured = split.pouredIntoRainyDay > 0;
  const lines: LedgerLine[] = [
    { account: allocation(), amount: cents(-allocationTaken(split, plan.setAsideAllocation)) },
    { account: contingency(), amount: cents(-(poured ? plan.setAsideContingency : split.fromContingency)) },
    { account: rainyDay(), amount: sub(split.pouredIntoRainyDay, topUp.fromRainyDay) },
    { account: plan.payee, amount: sub(plan.amount, topUp.amountOwing) },
  ];
  if (topUp.fromSavings > 0 && plan.topUpAccountId !== null) {
    lines.push({ account: linkedAccount(plan.topUpAccountId), amount: cents(-topUp.fromSavings) });
  }
  return lines.filter((line) => line.amount !== 0);
}

/**
 * The money sources per bill: allocation and contingency fill each bill up to its own set-aside in due-date order
 * (the current bill last takes what remains), the top-up and the amount owing go to the current bill.
 */
export function moneySources(
  plan: PostingPlan,
  current: CandidateBill,
  overdue: readonly CandidateBill[],
): MoneySourceInput[] {
  const bills = [...overdue, current];
  const sources: MoneySourceInput[] = [];
  const fill = (total: Cents, source: MoneySource, share: (b: CandidateBill) => Cents): void => {
    let left = total;
    bills.forEach((bill, index) => {
      const last = index === bills.length - 1;
      const amount = last ? left : min(left, share(bill));
      if (amount > 0) sources.push({ billId: bill.id, source, amount });
      left = sub(left, amount);
    });
  };
  fill(plan.split.fromAllocation, MoneySource.Allocation, (b) => b.amountAllocated);
  fill(plan.split.fromContingency, MoneySource.Contingency, (b) => b.contingency);
  const topUps: [Cents, MoneySource, number | null][] = [
    [plan.topUp.fromRainyDay, MoneySource.RainyDay, null],
    [plan.topUp.fromSavings, MoneySource.LinkedAccount, plan.topUpAccountId],
    [plan.topUp.amountOwing, MoneySource.ShortPay, null],
  ];
  for (const [amount, source, linkedAccountId] of topUps) {
    if (amount > 0) sources.push({ billId: current.id, source, amount, linkedAccountId });
  }
  return sources;
}
