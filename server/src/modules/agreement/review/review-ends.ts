import type { EntityManager } from '@mikro-orm/postgresql';
import { FiguresChangeReason, figuresChanged } from '../../../common/figures-changed.js';
import type { StatusChange } from '../state/status-events.js';
import { statusEndsReview } from './review-rework.rules.js';
import { closeReviewsOfVersions } from './review-store.js';

/**
 * Called by the status writer (state/status-writer.ts, the one place a status changes) in the transaction of every
 * status change it writes: the open review of each version that stopped running (rule `statusEndsReview`: locked,
 * cancelled, expired, superseded by a modification or a renewal) is closed with the change, so that nothing is left
 * to accept (an accept is refused `REVIEW_NOT_OPEN`, changing nothing) and the review's screens follow after the
 * commit. Before, it stayed open until the 01:30 run superseded it.
 */
export async function closeReviewsEndedBy(
  tx: EntityManager,
  changes: readonly Pick<StatusChange, 'agreementId' | 'from' | 'to'>[],
): Promise<void> {
  const ended = changes.filter((change) => statusEndsReview(change)).map((change) => change.agreementId);
  const accountIds = await closeReviewsOfVersions(tx, ended);
  if (accountIds.length > 0) figuresChanged(tx, { accountIds, reason: FiguresChangeReason.DepositReviewed });
}
