import type { Cents } from '../../../shared/money.js';
import type { ReviewDue, ReviewProposal, ReviewReasonCode } from './review-proposal.rules.js';

/** The open review of an agreement (pending or referred), as recorded. */
export interface OpenReview {
  id: number;
  proposedDeposit: Cents | null;
  /** Why it was made (a review recorded anew in its place, when not due itself, keeps it). */
  reason: ReviewReasonCode;
}

/** What the scheduled review writes for one agreement. */
export type ReviewRecordAction =
  | { action: 'none' }
  /** The same proposal is open already: nothing new (a rerun of the job, or the same deficit on the next day). */
  | { action: 'keep'; openId: number }
  /** Recorded as pending (an open one with another figure is superseded first). */
  | { action: 'propose'; supersede: number | null }
  /** Reviewed and the deposit still fits: recorded as unchanged (restarting the calendar); an open one superseded. */
  | { action: 'unchanged'; supersede: number | null };

/**
 * Rule "record a review": a review not due records nothing, unless the open one's figure is no longer the one worked
 * out (a bill came in since it was recorded: the member must not be offered a stale deposit), when it is worked out
 * anew as a due one is; a due one whose deposit still fits (no change, or no deposit can help) is recorded as
 * unchanged; a due one with a new deposit is proposed, unless the same proposal is open already. At most one open per
 * agreement: a different one open is superseded in the same transaction.
 */
export function reviewRecordAction(
  due: ReviewDue | null,
  proposal: ReviewProposal | null,
  open: OpenReview | null,
): ReviewRecordAction {
  if (!proposal) return { action: 'none' };
  const stale = open !== null && open.proposedDeposit !== proposal.proposedDeposit;
  if (!due?.due && !stale) return { action: 'none' };
  if (proposal.proposedDeposit === null || proposal.change === 0) {
    return { action: 'unchanged', supersede: open?.id ?? null };
  }
  if (open && open.proposedDeposit === proposal.proposedDeposit) return { action: 'keep', openId: open.id };
  return { action: 'propose', supersede: open?.id ?? null };
}
