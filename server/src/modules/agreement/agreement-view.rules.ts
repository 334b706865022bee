import { AgreementStatus, OPEN_CHANGE_STATUSES } from './agreement-status.js';
import { AgreementEvent, decideTransition } from './state/transitions.rules.js';

/** Statuses a member approves from (spec 1 §4: 0 and 9 need member approval). */
export const AWAITING_MEMBER_APPROVAL: readonly AgreementStatus[] = [
  AgreementStatus.PendingApproval,
  AgreementStatus.ModificationPendingApproval,
];

export function awaitsMemberApproval(status: AgreementStatus): boolean {
  return AWAITING_MEMBER_APPROVAL.includes(status);
}

/** A version as the member's decision reads it. */
export interface VersionToDecide {
  status: AgreementStatus;
  /** It changes another version (a modification or renewal: `previous_id`), not a new agreement. */
  isChange: boolean;
  /** Staff sent it to the member (`activated_by_id`: activation at step 8, or save all); not staff's draft any more. */
  sentToMember: boolean;
}

/**
 * Why the member may not approve (or decline) this version, or null when they may: it waits for them (0 or 9) and
 * staff sent it — a new agreement as much as a change (a draft still in the wizard is staff's, NOT_SENT_TO_MEMBER).
 * The state machine's MemberApprove / MemberDecline rows asked as the member: the agreement page's `canApprove` and
 * the approval both ask it, and the status writer asks the same rows again under the row lock.
 */
export function memberDecisionRefusal(
  decision: 'approve' | 'decline',
  version: VersionToDecide,
): { code: string; message: string } | null {
  if (!awaitsMemberApproval(version.status)) return APPROVAL_ERRORS.notAwaiting;
  const event = decision === 'approve' ? AgreementEvent.MemberApprove : AgreementEvent.MemberDecline;
  const decided = decideTransition(event, version.status, ['member'], {
    isChange: version.isChange,
    sentToMember: version.sentToMember,
  });
  return 'refusal' in decided ? { code: decided.refusal.code, message: decided.refusal.message } : null;
}

/**
 * The page's "not the current version" link (`currentVersionId`): the version in force when it is not this one and
 * this one was replaced (a modification or renewal took effect, or it ended). A change still on its way (pending the
 * member, approved, queued, being applied) is not an old version: its page is where the member reviews it.
 */
export function replacedBy(
  viewed: { id: number; status: AgreementStatus },
  current: { id: number } | null,
): number | null {
  if (current === null || current.id === viewed.id) return null;
  return OPEN_CHANGE_STATUSES.includes(viewed.status) ? null : current.id;
}

/** The refusals of an approval (returned as data: nothing changes). */
export const APPROVAL_ERRORS = {
  staff: {
    code: 'STAFF_CANNOT_APPROVE',
    message: 'Only a member of the account can approve the agreement; staff cannot approve for the member.',
  },
  notAwaiting: { code: 'NOT_AWAITING_APPROVAL', message: 'This agreement is not waiting for the member’s approval.' },
  notLinked: { code: 'MEMBER_NOT_LINKED', message: 'Member is not active or not linked to this account anymore.' },
  resigned: {
    code: 'MEMBERSHIP_RESIGNED',
    message: 'This membership has been resigned. Activity is therefore suspended on this agreement.',
  },
} as const;
