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
}

export interface OutcomeRule {
  memberId: number;
  event: SimulatedEvent;
  outcome: SimulatedOutcome;
  billerId: number | null;
  dateFrom: LocalDate | null;
  dateTo: LocalDate | null;
  until: LocalDate | null;
}

export type DepositArrival = 'arrived' | 'missing';
export type PaymentSettlement = 'settled' | 'failed' | 'tryAgain';

function covers(rule: OutcomeRule, date: LocalDate, today: LocalDate): boolean {
  return (
    (rule.dateFrom === null || date >= rule.dateFrom) &&
    (rule.dateTo === null || date <= rule.dateTo) &&
    (rule.until === null || today <= rule.until)
  );
}

/**
 * Rule "simulated deposit": a deposit due on `dueDate` arrives unless a Missing rule of its member covers that date
 * and still holds today. A periodical payment from a savings account also needs the account to hold the amount.
 */
export function simulatedDepositArrival(
  rules: readonly OutcomeRule[],
  deposit: { memberIds: readonly number[]; dueDate: LocalDate; fromLinkedAccount: { balance: number } | null },
  amount: number,
  today: LocalDate,
): DepositArrival {
  const missing = rules.some(
    (rule) =>
      rule.event === SimulatedEvent.Deposit &&
      rule.outcome === SimulatedOutcome.Missing &&
      deposit.memberIds.includes(rule.memberId) &&
      covers(rule, deposit.dueDate, today),
  );
  if (missing) return 'missing';
  if (deposit.fromLinkedAccount && deposit.fromLinkedAccount.balance < amount) return 'missing';
  return 'arrived';
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
