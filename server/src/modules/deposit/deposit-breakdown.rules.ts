import { cents, formatCurrency, type Cents } from '../../shared/money.js';
import { floorDiv } from './cents-division.js';
import type { ExpectedBill } from '../../shared/deposit/cash-flow.rules.js';
import { DepositRuleError } from '../../shared/deposit/deposit.errors.js';

export type BreakdownLineKind = 'biller' | 'contingency' | 'heldBalance' | 'surplus' | 'shortfall';

export interface BreakdownLine {
  kind: BreakdownLineKind;
  /** Set on biller lines only. */
  billerKey: string | null;
  label: string;
  /** This line's share of one deposit; the lines of a breakdown add up exactly to the deposit. */
  amount: Cents;
  /** The line's total over the whole period, before it is shared between the deposits. */
  periodTotal: Cents;
  billCount: number;
  /** A sentence for the member: where the share comes from. */
  detail: string;
}

export interface DepositBreakdown {
  depositAmount: Cents;
  depositCount: number;
  /** Every deposit of the period together: deposit x deposits. */
  periodTotal: Cents;
  /** The lines add up exactly to the deposit (always, by construction: the screens say so if ever not). */
  addsUp: boolean;
  lines: BreakdownLine[];
}

export interface BreakdownInput {
  depositAmount: Cents;
  /** Deposits in the period; at least 1. */
  depositCount: number;
  openingBalance: Cents;
  /** The bills the period counts (see `billsInWindow`). */
  bills: readonly ExpectedBill[];
}

type LineTotal = Omit<BreakdownLine, 'amount' | 'detail'>;

/**
 * What each deposit pays for (DOMAIN "Deposits": the computation must be explainable). Every line has a
 * period total; one deposit's share of it is total / deposits. The period totals add up to deposit x
 * deposits by construction (a held balance reduces them, a surplus or shortfall line closes the gap), so
 * largest-remainder rounding of the shares gives lines that add up exactly to the deposit, each within a
 * cent of its exact share.
 */
export function explainDeposit(input: BreakdownInput): DepositBreakdown {
  const { depositAmount, depositCount, openingBalance } = input;
  if (!Number.isSafeInteger(depositCount) || depositCount < 1) {
    throw new DepositRuleError('A deposit can only be explained when the period has at least one deposit');
  }
  const totals = lineTotals(input);
  const shares = largestRemainderShares(
    totals.map((line) => line.periodTotal),
    depositCount,
  );
  const lines = totals.map((line, i) => ({
    ...line,
    amount: cents(shares[i]),
    detail: describe(line, depositCount, openingBalance),
  }));
  const addsUp = lines.reduce((sum, line) => sum + line.amount, 0) === depositAmount;
  return { depositAmount, depositCount, periodTotal: cents(depositAmount * depositCount), addsUp, lines };
}

function lineTotals(input: BreakdownInput): LineTotal[] {
  const billers = new Map<string, LineTotal>();
  let contingency = 0;
  let contingencyBills = 0;
  for (const bill of input.bills) {
    const line: LineTotal = billers.get(bill.billerKey) ?? {
      kind: 'biller',
      billerKey: bill.billerKey,
      label: bill.label,
      periodTotal: cents(0),
      billCount: 0,
    };
    line.periodTotal = cents(line.periodTotal + bill.amount);
    line.billCount += 1;
    billers.set(bill.billerKey, line);
    contingency += bill.contingency;
    if (bill.contingency !== 0) contingencyBills += 1;
  }
  const billerLines = [...billers.values()].sort(
    (a, b) =>
      b.periodTotal - a.periodTotal ||
      compareText(a.label, b.label) ||
      compareText(a.billerKey ?? '', b.billerKey ?? ''),
  );
  const expenses = billerLines.reduce((total, line) => total + line.periodTotal, contingency);

  // A positive balance already held pays for expenses first (never more than them); an overdrawn one must be
  // repaid by the deposits, so it shows as a cost.
  const held =
    input.openingBalance > 0 ? -Math.min(input.openingBalance, Math.max(expenses, 0)) : -input.openingBalance;
  const gap = input.depositAmount * input.depositCount - expenses - held;

  const lines: LineTotal[] = [...billerLines];
  if (contingency !== 0)
    lines.push(other('contingency', 'Contingency (10% buffer on variable bills)', contingency, contingencyBills));
  if (held < 0) lines.push(other('heldBalance', 'Less balance already held', held, 0));
  if (held > 0) lines.push(other('heldBalance', 'Overdrawn balance brought forward', held, 0));
  if (gap > 0) lines.push(other('surplus', 'Rounding and surplus (kept in rainy day)', gap, 0));
  if (gap < 0) lines.push(other('shortfall', 'Expenses not covered by this deposit', gap, 0));
  return lines;
}

function other(kind: BreakdownLineKind, label: string, total: number, billCount: number): LineTotal {
  return { kind, billerKey: null, label, periodTotal: cents(total), billCount };
}

/**
 * Shares `totals[i] / parts` rounded so they add up exactly to `sum(totals) / parts` (an integer here):
 * round every share down, then give the missing cents to the largest remainders (earlier lines on ties).
 */
export function largestRemainderShares(totals: readonly number[], parts: number): number[] {
  const shares = totals.map((total) => floorDiv(total, parts));
  const remainders = totals.map((total, i) => total - shares[i] * parts);
  const remainderSum = remainders.reduce((a, b) => a + b, 0);
  if (remainderSum % parts !== 0) throw new DepositRuleError('Line totals do not share evenly between the deposits');
  const order = remainders.map((_, i) => i).sort((a, b) => remainders[b] - remainders[a] || a - b);
  for (let k = 0; k < remainderSum / parts; k += 1) shares[order[k]] += 1;
  return shares;
}

function describe(line: LineTotal, depositCount: number, openingBalance: Cents): string {
  const over = `over the period, shared between ${depositCount} deposit${depositCount === 1 ? '' : 's'}`;
  const total = formatCurrency(line.periodTotal);
  switch (line.kind) {
    case 'biller':
    case 'contingency':
      return `${line.billCount} bill${line.billCount === 1 ? '' : 's'} totalling ${total} ${over}`;
    case 'heldBalance':
      return openingBalance > 0
        ? `${formatCurrency(openingBalance)} already in the agreement pays ${formatCurrency(cents(-line.periodTotal))} ${over}`
        : `The agreement starts ${total} overdrawn; repaid ${over}`;
    case 'surplus':
      return `${total} more than the expenses ${over}; leftovers go to the rainy-day balance`;
    case 'shortfall':
      return `${formatCurrency(cents(-line.periodTotal))} of expenses not covered ${over}`;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
