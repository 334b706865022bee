import { AgreementStatus } from './agreement-status.js';

/** Statuses a member approves from (spec 1 §4: 0 and 9 need member approval). */
export const AWAITING_MEMBER_APPROVAL: readonly AgreementStatus[] = [
  AgreementStatus.PendingApproval,
  AgreementStatus.ModificationPendingApproval,
];

export function awaitsMemberApproval(status: AgreementStatus): boolean {
  return AWAITING_MEMBER_APPROVAL.includes(status);
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
