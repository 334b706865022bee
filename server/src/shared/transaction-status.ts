import type { CodeName } from './code-names.js';

/** Transaction status codes (spec 1 §3, 2 §3; DOMAIN.md), spelled as the spec spells them. */
export enum TransactionStatus {
  Pending = 0,
  Processed = 1,
  Successful = 2,
  Failed = 3,
  Unknown = 4,
  TryAgain = 5,
  Mismatch = 6,
}

/** The labels the portal shows (the spec's spelling, typos included: clients match on them). */
export const TRANSACTION_STATUS_LABELS: Readonly<Record<TransactionStatus, string>> = {
  [TransactionStatus.Pending]: 'Pending',
  [TransactionStatus.Processed]: 'Processed',
  [TransactionStatus.Successful]: 'Successfull',
  [TransactionStatus.Failed]: 'Failed',
  [TransactionStatus.Unknown]: 'Unknown',
  [TransactionStatus.TryAgain]: 'TryAgain',
  [TransactionStatus.Mismatch]: 'Missmatch',
};

/** The transaction status as GraphQL sends it: the code's name (`Successful` for 2). */
export type TransactionStatusName = CodeName<typeof TransactionStatus>;
