import { describe, expect, it } from 'vitest';
import { AgreementStatus } from './agreement-status.js';
import { memberDecisionRefusal, replacedBy } from './agreement-view.rules.js';

describe('replacedBy: the agreement page’s link to the version in force', () => {
  const inForce = { id: 7 };
  it.each([
    ['a version a modification replaced', AgreementStatus.Renewed, 7],
    ['a declined or withdrawn change', AgreementStatus.Cancelled, 7],
    ['a modification waiting for the member', AgreementStatus.ModificationPendingApproval, null],
    ['a new agreement waiting for the member', AgreementStatus.PendingApproval, null],
    ['a change approved, queued', AgreementStatus.Queued, null],
    ['a change being applied', AgreementStatus.InProgress, null],
  ] as const)('%s', (_, status, expected) => {
    expect(replacedBy({ id: 12, status }, inForce)).toBe(expected);
  });
  it('none on the version in force, or with none in force', () => {
    expect(replacedBy({ id: 7, status: AgreementStatus.Active }, inForce)).toBeNull();
    expect(replacedBy({ id: 12, status: AgreementStatus.Cancelled }, null)).toBeNull();
  });
});

describe('memberDecisionRefusal: what the member may approve or decline (the page’s canApprove and the approval)', () => {
  const S = AgreementStatus;
  it.each([
    ['a new agreement staff sent (activated at step 8)', 'approve', S.PendingApproval, false, true, null],
    ['a new agreement still in the wizard', 'approve', S.PendingApproval, false, false, 'NOT_SENT_TO_MEMBER'],
    ['a change staff sent (save all)', 'approve', S.ModificationPendingApproval, true, true, null],
    ['a change still in the wizard', 'approve', S.ModificationPendingApproval, true, false, 'NOT_SENT_TO_MEMBER'],
    ['declining a change staff sent', 'decline', S.ModificationPendingApproval, true, true, null],
    [
      'declining a change still in the wizard',
      'decline',
      S.ModificationPendingApproval,
      true,
      false,
      'NOT_SENT_TO_MEMBER',
    ],
    [
      'declining a new agreement (approve it or leave it)',
      'decline',
      S.PendingApproval,
      false,
      true,
      'TRANSITION_NOT_ALLOWED',
    ],
    ['an agreement approved and queued', 'approve', S.Queued, false, true, 'NOT_AWAITING_APPROVAL'],
    ['an active agreement', 'approve', S.Active, false, true, 'NOT_AWAITING_APPROVAL'],
    ['a cancelled draft', 'approve', S.Cancelled, false, false, 'NOT_AWAITING_APPROVAL'],
  ] as const)('%s', (_, decision, status, isChange, sentToMember, code) => {
    expect(memberDecisionRefusal(decision, { status, isChange, sentToMember })?.code ?? null).toBe(code);
  });
  it('tells the member in words that staff have not sent it yet', () => {
    expect(
      memberDecisionRefusal('approve', {
        status: AgreementStatus.PendingApproval,
        isChange: false,
        sentToMember: false,
      }),
    ).toEqual({
      code: 'NOT_SENT_TO_MEMBER',
      message: 'Staff have not finished preparing this agreement yet. You can approve it once they send it to you.',
    });
  });
});
