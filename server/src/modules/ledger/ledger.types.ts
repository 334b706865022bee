import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { ActivityType } from '../activity/index.js';
import type { MoneySource } from '../bill/index.js';
import { LedgerAccountKind, type AgreementPocket } from './ledger-account-kind.js';
import type { LedgerTransactionType } from './ledger-transaction-type.js';
import type { TransactionStatus } from './transaction-status.js';

/** Names a pocket: an agreement's (the posting's own when `agreementId` is left out), a linked account, or external. */
export type LedgerAccountRef =
  | { kind: AgreementPocket; agreementId?: number }
  | { kind: LedgerAccountKind.LinkedAccount; linkedAccountId: number }
  | { kind: LedgerAccountKind.External };

/** One line: positive puts money into the pocket, negative takes it out. */
export interface LedgerLine {
  account: LedgerAccountRef;
  amount: Cents;
}

/** The activity row written with a posting (spec 1 §3). Member and account default from the agreement. */
export interface ActivityInput {
  type: ActivityType;
  details?: string;
  data?: Record<string, unknown> | null;
  notes?: string | null;
  agentName?: string | null;
  userId?: number | null;
  /** Defaults to Successful (2). */
  transactionStatus?: TransactionStatus;
  billId?: number | null;
  billerId?: number | null;
  memberId?: number | null;
  accountId?: number | null;
  occurredAt?: Date;
}

/** Which balance paid how much of which bill (a `bill_money_source` row). */
export interface MoneySourceInput {
  billId: number;
  source: MoneySource;
  amount: Cents;
  linkedAccountId?: number | null;
}

export interface Posting {
  type: LedgerTransactionType;
  /** The agreement whose balances move; null only for money touching linked accounts alone. */
  agreementId?: number | null;
  /** Without an agreement: the member whose linked accounts may be named. */
  memberId?: number | null;
  effectiveDate: LocalDate;
  description: string;
  lines: readonly LedgerLine[];
  /** Required with an agreement: every movement of an agreement's money has its history row. */
  activity?: ActivityInput | null;
  /** The scheduled deposit a deposit pays (its received amount follows the ledger). */
  depositId?: number | null;
  /** The bills it pays (their paid amount and amount owing follow these rows). */
  billMoneySources?: readonly MoneySourceInput[];
  createdByUserId?: number | null;
  /** When the row was written; defaults to now (seeds back-date history). */
  createdAt?: Date;
}

/** A posting that undoes another (built by `LedgerService.reverse`). */
export interface ReversalPosting extends Posting {
  reversesTransactionId: number;
  /** The type of the transaction it reverses, for the money-source rule. */
  reversedType: LedgerTransactionType;
}

export interface PostingResult {
  transactionId: number;
  activityId: number | null;
  /** The posting's effect on its agreement's balances (the activity's balance change). */
  agreementChange: Cents;
}

/** Helpers that read like the bank's words: `allocation()`, `rainyDay()`, `linkedAccount(7)`, `external()`. */
export const allocation = (agreementId?: number): LedgerAccountRef => ({
  kind: LedgerAccountKind.Allocation,
  agreementId,
});
export const contingency = (agreementId?: number): LedgerAccountRef => ({
  kind: LedgerAccountKind.Contingency,
  agreementId,
});
export const rainyDay = (agreementId?: number): LedgerAccountRef => ({ kind: LedgerAccountKind.RainyDay, agreementId });
export const linkedAccount = (linkedAccountId: number): LedgerAccountRef => ({
  kind: LedgerAccountKind.LinkedAccount,
  linkedAccountId,
});
export const external = (): LedgerAccountRef => ({ kind: LedgerAccountKind.External });
