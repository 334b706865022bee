/** A recorded deposit review's state (`deposit_review.status`). Open: pending or referred (one per agreement). */
export enum DepositReviewStatus {
  /** Proposed, waiting for the member (and shown to staff). */
  Pending = 0,
  /** The member accepted it: a modification of the deposit was made. */
  Accepted = 1,
  /** The member asked staff to look at it. */
  Referred = 2,
  /** Staff dismissed it. */
  Dismissed = 3,
  /** A later review, or a new version of the agreement, replaced it. */
  Superseded = 4,
  /** Reviewed when due and the deposit still fits: nothing to propose (it restarts the calendar). */
  Unchanged = 5,
}

export const OPEN_REVIEW_STATUSES: readonly DepositReviewStatus[] = [
  DepositReviewStatus.Pending,
  DepositReviewStatus.Referred,
];

/** Why a review was made (`deposit_review.reason`; the rule's codes). */
export const REVIEW_REASON_CODES = { schedule: 1, deficit: 2, surplus: 3 } as const;
