import type { CodeName } from './code-names.js';

/** Agreement (contract) status codes: fixed by the spec (0, 1, 4, 7, 8, 9) and DOMAIN.md (the rest). */
export enum AgreementStatus {
  /** A new agreement waiting for the member's approval. */
  PendingApproval = 0,
  Approved = 1,
  /** An approved change waiting to be applied. */
  Queued = 2,
  /** A change being applied. */
  InProgress = 3,
  MissedDeposit = 4,
  Expired = 5,
  Cancelled = 6,
  Active = 7,
  Locked = 8,
  /** A modification or renewal of an active agreement waiting for the member's approval. */
  ModificationPendingApproval = 9,
  Renewed = 10,
}

/** The agreement status as GraphQL sends it: the code's name (`Active` for 7). */
export type AgreementStatusName = CodeName<typeof AgreementStatus>;
