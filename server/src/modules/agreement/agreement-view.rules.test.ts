import { describe, expect, it } from 'vitest';
import { AgreementStatus } from './agreement-status.js';
import { replacedBy } from './agreement-view.rules.js';

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
