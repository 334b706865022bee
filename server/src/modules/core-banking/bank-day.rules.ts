import { addDays, daysBetween, type LocalDate } from '../../shared/local-date.js';
import { AgreementStatus, DepositStatus } from '../agreement/index.js';
import { BillStatus, isDateDrivenStatus, statusForDueDate } from '../bill/index.js';
import type { CoreBankingSettings } from '../settings/index.js';

/**
 * Rule "activity 2 or 20": money arriving for a deposit on the day `today` is late (a missed deposit received, 20)
 * unless the deposit is still scheduled and due that very day (2).
 */
export function arrivesLate(status: number, dueDate: LocalDate, today: LocalDate): boolean {
  return status !== DepositStatus.Scheduled || dueDate < today;
}

/** A bill is reminded of this many days before it is due (not for automatic payments: the bank pays those). */
export const BILL_REMINDER_DAYS_AHEAD = 3;
/** An unpaid bill this many days past its due date is a missed bill: the member is told (status 4, activity 16). */
export const MISSED_BILL_AFTER_DAYS = 3;

export type BillNotice = 'missedBill' | 'reminder' | null;

export interface BillDayFacts {
  status: BillStatus;
  dueDate: LocalDate;
  autoPayment: boolean;
}

/**
 * Rule "bill calendar" (DOMAIN "Bills": 1 and 4 overdue, 6 upcoming): an unpaid bill follows its due date (0, 6, 1);
 * `MISSED_BILL_AFTER_DAYS` past it, it becomes overdue and notified (4) with a Missed Bill activity, once; a bill the
 * member pays themselves is reminded `BILL_REMINDER_DAYS_AHEAD` days before. Paid, pending, failed, reversed,
 * reimbursed and short-paid bills keep their status.
 */
export function billDayChange(bill: BillDayFacts, today: LocalDate): { status: BillStatus; notice: BillNotice } {
  if (!isDateDrivenStatus(bill.status)) return { status: bill.status, notice: null };
  const status = statusForDueDate(bill.dueDate, today);
  if (status === BillStatus.Overdue && daysBetween(bill.dueDate, today) >= MISSED_BILL_AFTER_DAYS) {
    return { status: BillStatus.OverdueNotified, notice: 'missedBill' };
  }
  const remind = !bill.autoPayment && bill.dueDate === addDays(today, BILL_REMINDER_DAYS_AHEAD);
  return { status, notice: remind ? 'reminder' : null };
}

/**
 * Rule "arrears" (DOMAIN "Arrears and locks"): a missed deposit puts an active agreement in missed deposit (4);
 * bill payments stay suspended until the full missed amount is received: while any of it is owing (`missedOwing`,
 * cents: what the deposits due so far expected less what arrived, a part received included) it stays in 4, then it
 * goes back to active (7).
 */
export function arrearsStatus(status: AgreementStatus, missedOwing: number): AgreementStatus {
  if (status === AgreementStatus.Active && missedOwing > 0) return AgreementStatus.MissedDeposit;
  if (status === AgreementStatus.MissedDeposit && missedOwing <= 0) return AgreementStatus.Active;
  return status;
}

/**
 * The missed amount still owing on `today`: over the deposits due by then, what each expected less what arrived of
 * it (a deposit over-received owes nothing and makes up for no other).
 */
export function missedOwing(
  deposits: readonly { dueDate: LocalDate; expected: number; received: number }[],
  today: LocalDate,
): number {
  return deposits
    .filter((deposit) => deposit.dueDate <= today)
    .reduce((owing, deposit) => owing + Math.max(0, deposit.expected - deposit.received), 0);
}

// The bank's settings of the automatic side, and the renewal notice's window, are the settings module's
// (settings/core-banking-settings.ts).
export { DEFAULT_CORE_BANKING_SETTINGS, renewalDueWindow, type CoreBankingSettings } from '../settings/index.js';

/** Rule "lock after repeated failures" (DOMAIN "Arrears and locks"): a running, unlocked agreement at the threshold. */
export function locksAfterFailure(
  status: AgreementStatus,
  recentFailures: number,
  settings: CoreBankingSettings,
): boolean {
  return (
    settings.lockAfterFailedPayments > 0 &&
    recentFailures >= settings.lockAfterFailedPayments &&
    (status === AgreementStatus.Active || status === AgreementStatus.MissedDeposit)
  );
}

/** What a movement of money between the bank and an agreement is: a deposit in, or a payment out to a biller. */
export type MovementKind = 'deposit' | 'payment';

/**
 * Money moved for one deposit (credited) or one payment to a biller (debited), a total up to a day, as one side (the
 * bank's statement or our ledger) has it. `id`: the scheduled deposit's, or the payment's ledger transaction's.
 */
export interface BankMovement {
  kind: MovementKind;
  id: number;
  agreementId: number;
  amount: number;
}

export interface ReconciliationMismatch {
  kind: MovementKind;
  id: number;
  agreementId: number;
  /** What the bank says it has credited (deposit) or debited (payment), in cents. */
  bank: number;
  /** What our ledger has recorded (cents). */
  ledger: number;
}

/**
 * Rule "reconciliation" (activity 18): the bank's statement against what our ledger recorded, deposit by deposit and
 * payment by payment; every one where the two differ (one side missing counts as nothing) is a mismatch, in
 * agreement order, deposits before payments, then by id. A mismatch is reported, never corrected here.
 */
export function reconcileWithBank(
  bank: readonly BankMovement[],
  ledger: readonly BankMovement[],
): ReconciliationMismatch[] {
  const sides = new Map<string, ReconciliationMismatch>();
  const side = (movement: BankMovement) => {
    const key = `${movement.kind}:${movement.id}`;
    const row = sides.get(key) ?? {
      kind: movement.kind,
      id: movement.id,
      agreementId: movement.agreementId,
      bank: 0,
      ledger: 0,
    };
    sides.set(key, row);
    return row;
  };
  for (const movement of bank) side(movement).bank += movement.amount;
  for (const movement of ledger) side(movement).ledger += movement.amount;
  const kindOrder = (kind: MovementKind) => (kind === 'deposit' ? 0 : 1);
  return [...sides.values()]
    .filter((row) => row.bank !== row.ledger)
    .sort((a, b) => a.agreementId - b.agreementId || kindOrder(a.kind) - kindOrder(b.kind) || a.id - b.id);
}
