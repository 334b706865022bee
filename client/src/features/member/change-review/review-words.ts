/**
 * What the member's review of a change says, for a modification ("the changes", them) or a renewal ("the renewal",
 * it): a renewal is not applied shortly but takes over when the agreement in force ends, and declining it lets that
 * agreement run on to its end date (agreement/lifecycle/README.md: MemberApprove, MemberDecline).
 */
export interface ReviewWords {
  /** What is reviewed, after "the": "changes" or "renewal". */
  what: string;
  waitingTitle: string;
  waitingIntro: string;
  decide: string;
  /** The approve dialog's "By approving, you agree to … {agreement id}." */
  agreeTo: string;
  /** The decline dialog's first sentence. */
  declineEffect: string;
  approved: string;
  declined: string;
  notApproved: string;
  notDeclined: string;
}

const CHANGES: ReviewWords = {
  what: 'changes',
  waitingTitle: 'Changes wait for your approval',
  waitingIntro:
    'Please review the changes below. Approving applies them to your agreement; declining leaves your agreement as it is.',
  decide: 'When you have read the changes, approve or decline them.',
  agreeTo: 'the deposits and bill payments as changed in agreement',
  declineEffect: 'Your agreement stays as it is.',
  approved: 'Thank you. The changes are approved and will be applied shortly.',
  declined: 'The changes have been declined. Your agreement stays as it was.',
  notApproved: 'The changes were not approved.',
  notDeclined: 'The changes were not declined.',
};

const RENEWAL: ReviewWords = {
  what: 'renewal',
  waitingTitle: 'A renewal waits for your approval',
  waitingIntro:
    'Please review the renewal below. Approving it starts your new agreement when the current one ends; declining ' +
    'lets your current agreement run on to its end date.',
  decide: 'When you have read the renewal, approve or decline it.',
  agreeTo: 'the deposits and bill payments of the renewal, agreement',
  declineEffect: 'Your current agreement runs on to its end date.',
  approved: 'Thank you. The renewal is approved: your new agreement takes over when the current one ends.',
  declined: 'The renewal has been declined. Your current agreement runs on to its end date.',
  notApproved: 'The renewal was not approved.',
  notDeclined: 'The renewal was not declined.',
};

export function reviewWords(isRenewal: boolean): ReviewWords {
  return isRenewal ? RENEWAL : CHANGES;
}
