import type { EntityManager } from '@mikro-orm/postgresql';
import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { DepositType } from '../agreement/index.js';
import type { BankMovement } from './bank-day.rules.js';
import type { PaymentSettlement } from './simulator.rules.js';

/** A member's savings account in core banking and what it holds now. */
export interface CoreBankingAccount {
  linkedAccountId: number;
  accountNumber: string;
  availableBalance: Cents;
}

/** A scheduled deposit the bank expects on `dueDate`. */
export interface ExpectedDeposit {
  depositId: number;
  agreementId: number;
  memberIds: readonly number[];
  dueDate: LocalDate;
  /** The deposit's expected amount. */
  amount: Cents;
  /** What our ledger has recorded of it so far. */
  received: Cents;
  depositType: DepositType | null;
  /** A periodical payment's savings account (deposit type 2); null for a payroll deduction. */
  fromLinkedAccountId: number | null;
}

/** Money the member moved from a savings account towards a missed deposit (a catch-up deposit, payment/catch-up). */
export interface CatchUpCredit {
  /** Our ledger transaction of it (one per deposit it pays towards). */
  transactionId: number;
  depositId: number;
  agreementId: number;
  amount: Cents;
}

/** A payment to a biller (BPAY, EFT or direct debit) sent in a pending window. */
export interface SentPayment {
  transactionId: number;
  agreementId: number;
  memberIds: readonly number[];
  billerId: number | null;
  paidDate: LocalDate;
  amount: Cents;
}

/**
 * The bank's core system as the bill-smoothing jobs see it: linked savings accounts and balances, whether a deposit
 * has arrived, and what became of a payment sent to a biller. The embedded simulator (`core-banking.simulator.ts`)
 * is the default; a real core-banking connection implements the same interface.
 */
export interface CoreBanking {
  linkedAccounts(em: EntityManager, memberIds: readonly number[]): Promise<CoreBankingAccount[]>;
  /**
   * How much of each deposit the bank has credited by `today`, in total (all of it, none, or part), in the order
   * asked: asked on a deposit's due date, then every day while any of it is missing. The jobs post the difference
   * with what the ledger recorded.
   */
  depositArrivals(em: EntityManager, deposits: readonly ExpectedDeposit[], today: LocalDate): Promise<Cents[]>;
  /**
   * The bank's statement at the end of `date`: for each deposit due by then that was outstanding or credited that
   * day, how much the bank has credited for it in total (cents), for reconciling against the ledger (activity 18):
   * what the bank says, whatever our ledger recorded.
   */
  depositsCredited(em: EntityManager, date: LocalDate): Promise<BankMovement[]>;
  /**
   * The member's catch-up towards missed deposits, moved now from their savings account (in the caller's
   * transaction): from then on the bank counts it as credited for those deposits (in `depositArrivals` and
   * `depositsCredited`), so the rest of a deposit is all that can still arrive and reconciliation agrees.
   */
  catchUpCredited(em: EntityManager, credits: readonly CatchUpCredit[], today: LocalDate): Promise<void>;
  /**
   * What the biller's bank answered for each payment sent in an earlier window, in the order asked. A settled or
   * failed answer is final: asked again (a window run again), the bank answers the same.
   */
  paymentSettlements(
    em: EntityManager,
    payments: readonly SentPayment[],
    today: LocalDate,
  ): Promise<PaymentSettlement[]>;
  /**
   * The bank's statement of the payments it answered on `date` (settled or rejected, kind 'payment', id the payment's
   * ledger transaction): what it debited for each in the end (nothing for a rejected one), for reconciling against
   * the ledger (activity 18): what the bank did, whatever our ledger recorded.
   */
  paymentsDebited(em: EntityManager, date: LocalDate): Promise<BankMovement[]>;
}
