import type { Cents } from '../../../shared/money.js';
import type { ReviewDue, ReviewProposal, ReviewReason, ReviewReasonCode } from './review-proposal.rules.js';

/** What a recorded review keeps of its proposal (`deposit_review`): every figure and word the member and staff read. */
export interface StoredOffer {
  currentDeposit: Cents;
  proposedDeposit: Cents | null;
  topUpFirst: Cents;
  summary: string;
  reasons: ReviewReason[];
}

/** The open review of an agreement (pending or referred), as recorded. */
export interface OpenReview extends StoredOffer {
  id: number;
  /** Why it was made (a review recorded anew in its place, when not due itself, keeps it). */
  reason: ReviewReasonCode;
}

/** The column's bound on the summary (`deposit_review.summary`, 500). */
export const SUMMARY_LENGTH = 500;

/** The offer a proposal is stored as (the summary within its column). */
export function storedOfferOf(proposal: ReviewProposal): StoredOffer {
  return {
    currentDeposit: proposal.currentDeposit,
    proposedDeposit: proposal.proposedDeposit,
    topUpFirst: proposal.topUpFirst,
    summary: proposal.summary.slice(0, SUMMARY_LENGTH),
    reasons: proposal.reasons,
  };
}

/** Whether the open review says, figure for figure and word for word, what the proposal worked out now says. */
export function sameOffer(open: StoredOffer, proposal: ReviewProposal): boolean {
  const fresh = storedOfferOf(proposal);
  return (
    open.currentDeposit === fresh.currentDeposit &&
    open.proposedDeposit === fresh.proposedDeposit &&
    open.topUpFirst === fresh.topUpFirst &&
    open.summary === fresh.summary &&
    open.reasons.length === fresh.reasons.length &&
    open.reasons.every(
      (line, i) =>
        line.billerKey === fresh.reasons[i].billerKey &&
        line.perDeposit === fresh.reasons[i].perDeposit &&
        line.words === fresh.reasons[i].words,
    )
  );
}

/** What the scheduled review (or the rework of an open one) writes for one agreement. */
export type ReviewRecordAction =
  | { action: 'none' }
  /** The open review says what is worked out now, to the word: nothing new (a rerun, the same deficit next day). */
  | { action: 'keep'; openId: number }
  /**
   * The open review's deposit is the one worked out, but not its other figures or words (a top-up first, the lines
   * per bill): written again in place from the proposal (the same offer, so its answer and referral stand).
   */
  | { action: 'rewrite'; openId: number }
  /** Nothing is left to offer (no forecast, no deposit still to come): the open review is closed (superseded). */
  | { action: 'close'; openId: number }
  /** Recorded as pending (an open one with another figure is superseded first). */
  | { action: 'propose'; supersede: number | null }
  /** Reviewed and the deposit still fits: recorded as unchanged (restarting the calendar); an open one superseded. */
  | { action: 'unchanged'; supersede: number | null };

/**
 * Rule "record a review": the open review always says what the review works out now (one computation, the nightly
 * run's and the rework's): with nothing left to offer it is closed; with another deposit it is replaced (proposed
 * anew, or recorded unchanged when the deposit fits now); with the same deposit but other figures or words (a top-up
 * first that was made, the lines per bill) it is written again in place. Without an open review, a review not due
 * records nothing; a due one whose deposit still fits (no change, or no deposit can help) is recorded as unchanged; a
 * due one with a new deposit is proposed. At most one open per agreement.
 */
export function reviewRecordAction(
  due: ReviewDue | null,
  proposal: ReviewProposal | null,
  open: OpenReview | null,
): ReviewRecordAction {
  if (!proposal) return open ? { action: 'close', openId: open.id } : { action: 'none' };
  const depositMoved = open !== null && open.proposedDeposit !== proposal.proposedDeposit;
  if (!due?.due && !depositMoved && (open === null || sameOffer(open, proposal))) return { action: 'none' };
  if (proposal.proposedDeposit === null || proposal.change === 0) {
    return { action: 'unchanged', supersede: open?.id ?? null };
  }
  if (open && !depositMoved) {
    return sameOffer(open, proposal) ? { action: 'keep', openId: open.id } : { action: 'rewrite', openId: open.id };
  }
  return { action: 'propose', supersede: open?.id ?? null };
}
