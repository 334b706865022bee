import { describe, expect, it } from 'vitest';
import { AgreementStatus } from './agreement-status.js';
import { codeOf } from './code-names.js';

describe('codeOf', () => {
  it.each([
    ['PendingApproval', AgreementStatus.PendingApproval, 0],
    ['Active', AgreementStatus.Active, 7],
    ['MissedDeposit', AgreementStatus.MissedDeposit, 4],
    ['ModificationPendingApproval', AgreementStatus.ModificationPendingApproval, 9],
  ] as const)('reads the GraphQL name %s as the spec code %i', (name, code, number) => {
    expect(codeOf(AgreementStatus, name)).toBe(code);
    expect(code).toBe(number);
  });

  it('keeps a missing value missing', () => {
    expect(codeOf(AgreementStatus, null)).toBeNull();
    expect(codeOf(AgreementStatus, undefined)).toBeNull();
  });
});
