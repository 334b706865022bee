import type { LocalDate } from '../../shared/local-date.js';

/** What a simulator outcome row, or a line of the simulated bank's own record (`core_banking_statement`), is about. */
export enum SimulatedEvent {
  Deposit = 1,
  Payment = 2,
  /** A member's catch-up towards a missed deposit (ref: our ledger transaction; never an outcome rule's event). */
  CatchUp = 3,
}

/** What the simulator answers instead of "arrived" / "settled". */
export enum SimulatedOutcome {
  /** The deposit does not arrive (while the row holds). */
  Missing = 1,
  /** The biller's bank rejects the payment. */
  Failed = 2,
  /** The payment is neither settled nor rejected: ask again at the next window. */
  TryAgain = 3,
  /** Only part of the deposit arrives (the row's amount), the rest not while the row holds. */
  Partial = 4,
  /**
   * The bank debits the row's amount for the payment, whatever it answered: a payment settled for another amount,
   * or (with a Failed row) rejected to us but debited all the same. Seen only by reconciliation (activity 18).
   */
  SettledFor = 5,
}

/** A payment's final answer as the simulated bank records it (`core_banking_statement.answer`). */
export enum RecordedAnswer {
  Settled = 1,
  Failed = 2,
}

export interface OutcomeRule {
  memberId: number;
  event: SimulatedEvent;
  outcome: SimulatedOutcome;
  billerId: number | null;
  dateFrom: LocalDate | null;
  dateTo: LocalDate | null;
  until: LocalDate | null;
  /** Partial deposits: how much of each deposit covered arrives (cents); null otherwise. */
  amount?: number | null;
}

export type PaymentSettlement = 'settled' | 'failed' | 'tryAgain';
function covers(rule: OutcomeRule, date: LocalDate, today: LocalDate): boolean {
  return (
    (rule.dateFrom === null || date >= rule.dateFrom) &&
    (rule.dateTo === null || date <= rule.dateTo) &&
    (rule.until === null || today <= rule.until)
  );
}

/**
 * Rule "simulated deposit": how much of a deposit due on `dueDate` the bank has credited by `today`, in total (cents).
 * All of it, unless a rule of its member covers that date and still holds today: Missing, nothing more arrives;
 * Partial, only the rule's amount of it (Missing wins). A periodical payment from a savings account also needs the
 * account to hold what is still to come. Never less than what has already arrived (`received`): the bank does not
 * take a deposit back.
 */
export function simulatedDepositArrival(
  rules: readonly OutcomeRule[],
  deposit: {
    memberIds: readonly number[];
    dueDate: LocalDate;
    fromLinkedAccount: { balance: number } | null;
    expected: number;
    received: number;
  },
  today: LocalDate,
): number {
  const holding = rules.filter(
    (rule) =>
      rule.event === SimulatedEvent.Deposit &&
      deposit.memberIds.includes(rule.memberId) &&
      covers(rule, deposit.dueDate, today),
  );
  let total = deposit.expected;
  if (holding.some((rule) => rule.outcome === SimulatedOutcome.Missing)) total = deposit.received;
  else {
    const partial = holding.filter((rule) => rule.outcome === SimulatedOutcome.Partial);
    if (partial.length > 0) total = Math.min(total, ...partial.map((rule) => rule.amount ?? 0));
  }
  total = Math.max(total, deposit.received);
  if (deposit.fromLinkedAccount && deposit.fromLinkedAccount.balance < total - deposit.received) {
    return deposit.received;
  }
  return total;
}

/**
 * Rule "simulated payment": a payment made on `paidDate` to a biller settles unless a rule of its member (for that
 * biller, or for every biller) covers that date and holds today: Failed wins over TryAgain.
 */
export function simulatedPaymentSettlement(
  rules: readonly OutcomeRule[],
  payment: { memberIds: readonly number[]; billerId: number | null; paidDate: LocalDate },
  today: LocalDate,
): PaymentSettlement {
  const matching = paymentRules(rules, payment, today);
  if (matching.some((rule) => rule.outcome === SimulatedOutcome.Failed)) return 'failed';
  if (matching.some((rule) => rule.outcome === SimulatedOutcome.TryAgain)) return 'tryAgain';
  return 'settled';
}

function paymentRules(
  rules: readonly OutcomeRule[],
  payment: { memberIds: readonly number[]; billerId: number | null; paidDate: LocalDate },
  today: LocalDate,
): OutcomeRule[] {
  return rules.filter(
    (rule) =>
      rule.event === SimulatedEvent.Payment &&
      payment.memberIds.includes(rule.memberId) &&
      (rule.billerId === null || rule.billerId === payment.billerId) &&
      covers(rule, payment.paidDate, today),
  );
}

/**
 * Rule "simulated debit": what the bank debits in the end for a payment of `amount` it answered `answer` (cents):
 * the amount when settled, nothing when rejected, unless a SettledFor rule of its member covers it (that rule's
 * amount, whatever the answer: the first such row wins). Null while the payment has no final answer (TryAgain).
 */
export function simulatedPaymentDebit(
  rules: readonly OutcomeRule[],
  payment: { memberIds: readonly number[]; billerId: number | null; paidDate: LocalDate; amount: number },
  answer: PaymentSettlement,
  today: LocalDate,
): number | null {
  if (answer === 'tryAgain') return null;
  const settledFor = paymentRules(rules, payment, today).find((rule) => rule.outcome === SimulatedOutcome.SettledFor);
  if (settledFor) return settledFor.amount ?? 0;
  return answer === 'settled' ? payment.amount : 0;
}

/**
 * Rule "simulated statement" (a deposit's line, for reconciliation): what the bank's statement says it has credited
 * for a deposit by `date`: what it recorded crediting (its own record, `recorded`: from payroll, or from the member's
 * savings account as that account held it), capped by what its rules say as they stand, so a rule added since
 * (Missing, Partial) shows a correction on the bank's side. A deposit it has no record of (history from before the
 * record, the seed): what its rules say.
 */
export function simulatedStatementCredit(
  rules: readonly OutcomeRule[],
  deposit: { memberIds: readonly number[]; dueDate: LocalDate; expected: number },
  date: LocalDate,
  recorded: number | null,
): number {
  const byRules = simulatedDepositArrival(rules, { ...deposit, fromLinkedAccount: null, received: 0 }, date);
  return recorded === null ? byRules : Math.min(byRules, recorded);
}
