import { add, sub, type Cents } from '../../shared/money.js';
import { depositStillAsked, type DepositStatus } from '../deposit/index.js';
import type { LocalDate } from '../../shared/local-date.js';
import { TransactionStatus } from '../ledger/index.js';
import { arrivesLate } from './bank-day.rules.js';

/** A line of a bank day: money in (a deposit) or out (a bill paid automatically). */
export type BankDayLineKind = 'deposit' | 'bill';

/** What became of a line of the last bank day. */
export type BankDayOutcome = 'received' | 'missed' | 'paid' | 'sent' | 'failed' | 'notPaid';

/**
 * Rule "balance after each line": from the agreement's balance, each line in the day's order (deposits in, then
 * bills out), in cents; a bill taking it below nothing leaves it negative (the bank day then pays from rainy day
 * or short, as the payment rules say: the preview says it is short).
 */
export function balancesAfter(start: Cents, lines: readonly { kind: BankDayLineKind; amount: Cents }[]): Cents[] {
  const after: Cents[] = [];
  let balance = start;
  for (const line of lines) {
    balance = line.kind === 'deposit' ? add(balance, line.amount) : sub(balance, line.amount);
    after.push(balance);
  }
  return after;
}

/**
 * Rule "what a deposit brings tonight": what the bank day asks for of it (rule "deposit still asked", the one the
 * forecast's first day counts on too: a missed deposit is asked for again), late when it was missed or is past its
 * date (activity 20, `arrivesLate`).
 */
export function depositTonight(
  deposit: { status: DepositStatus; dueDate: LocalDate; expected: Cents; received: Cents },
  date: LocalDate,
): { amount: Cents; late: boolean } {
  return {
    amount: depositStillAsked({
      status: deposit.status,
      expectedAmount: deposit.expected,
      receivedAmount: deposit.received,
    }),
    late: arrivesLate(deposit.status, deposit.dueDate, date),
  };
}

/**
 * Rule "what became of an automatic payment": paid once the biller's bank said so (Successfull), failed when it
 * said no or the money was returned, sent while the answer is awaited (pending, processed, try again).
 */
export function paymentOutcome(status: TransactionStatus | null, reversed: boolean): BankDayOutcome {
  if (reversed || status === TransactionStatus.Failed) return 'failed';
  if (status === TransactionStatus.Successful) return 'paid';
  return 'sent';
}
