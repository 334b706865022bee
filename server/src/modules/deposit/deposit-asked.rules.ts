import { cents, type Cents } from '../../shared/money.js';
import { DepositStatus } from './deposit-status.js';

/**
 * The deposits the bank's day asks the bank for, every night from their due date until they have arrived in full:
 * still scheduled, missed (the agreement is in arrears) and partly received. A received, reversed or holiday deposit
 * is asked no more.
 */
export const ASKED_DEPOSIT_STATUSES: readonly DepositStatus[] = [
  DepositStatus.Scheduled,
  DepositStatus.Missed,
  DepositStatus.PartlyReceived,
];

const ASKED: ReadonlySet<DepositStatus> = new Set(ASKED_DEPOSIT_STATUSES);

/** A scheduled deposit as the rule reads it. */
export interface AskedDepositFacts {
  status: DepositStatus;
  expectedAmount: Cents;
  receivedAmount: Cents;
}

/**
 * Rule "deposit still asked" (DOMAIN "Arrears and locks": payments wait until the full missed amount is received):
 * what the bank's day asks the bank for of a deposit, each night from its due date on, in cents: what it still lacks
 * while it is scheduled, missed or partly received; nothing once it has arrived in full or is no longer expected.
 * A missed deposit is asked for again every night, so tonight's run (core-banking/bank-day-run.ts) and the
 * forecast's first day (agreement/projection) both count on it as they count on a scheduled one: this rule decides
 * for both, and for the arrears (what a missed or partly received deposit still lacks).
 */
export function depositStillAsked(deposit: AskedDepositFacts): Cents {
  if (!ASKED.has(deposit.status)) return cents(0);
  return cents(Math.max(0, deposit.expectedAmount - deposit.receivedAmount));
}

/** Whether the deposit is asked for again (missed or partly received: past its date, the agreement in arrears). */
export function askedAgain(deposit: AskedDepositFacts): boolean {
  return deposit.status !== DepositStatus.Scheduled && depositStillAsked(deposit) > 0;
}
