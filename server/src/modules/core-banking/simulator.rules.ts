import type { LocalDate } from '../../common/local-date.js';

/** What a simulator outcome row is about. */
export enum SimulatedEvent {
  Deposit = 1,
  Payment = 2,
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
  const matching = rules.filter(
    (rule) =>
      rule.event === SimulatedEvent.Payment &&
      payment.memberIds.includes(rule.memberId) &&
      (rule.billerId === null || rule.billerId === payment.billerId) &&
      covers(rule, payment.paidDate, today),
  );
  if (matching.some((rule) => rule.outcome === SimulatedOutcome.Failed)) return 'failed';
  if (matching.some((rule) => rule.outcome === SimulatedOutcome.TryAgain)) return 'tryAgain';
  return 'settled';
}
