import { AgreementStatus, OPEN_CHANGE_STATUSES } from './agreement-status.js';

/** Statuses a member approves from (spec 1 §4: 0 and 9 need member approval). */
export const AWAITING_MEMBER_APPROVAL: readonly AgreementStatus[] = [
  AgreementStatus.PendingApproval,
  AgreementStatus.ModificationPendingApproval,
];

export function awaitsMemberApproval(status: AgreementStatus): boolean {
  return AWAITING_MEMBER_APPROVAL.includes(status);
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
