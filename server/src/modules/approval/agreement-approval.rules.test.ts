import { describe, expect, it } from 'vitest';
import type { Cents } from '../../shared/money.js';
import {
  activationApprovals,
  ApprovalDecision,
  approvalsNeeded,
  decisionOf,
  grantMessage,
  kindMessage,
  refusalMessage,
  type AgreementApprovalKind,
} from './agreement-approval.rules.js';
import { ApprovalKind } from './approval-type.js';

const c = (dollars: number) => (dollars * 100) as Cents;

describe('approvalsNeeded: type 1 past the approved overdraw, type 2 past the upper limit', () => {
  const limits = { approvedOverdraw: c(5000), upperLimit: c(50000) };
  const cases: [string, number | null, number | null, ApprovalKind[]][] = [
    ['neither', 4000, 30000, []],
    ['overdraw exactly at the approved amount', 5000, 30000, []],
    ['overdraw a cent past it', 5000.01, 30000, [ApprovalKind.DepositOverdraw]],
    ['a negative lowest point past it', -6000, 30000, [ApprovalKind.DepositOverdraw]],
    ['value past the upper limit', 100, 50000.01, [ApprovalKind.ContractUpperLimit]],
    ['both', 7000, 60000, [ApprovalKind.DepositOverdraw, ApprovalKind.ContractUpperLimit]],
    ['deposits not computed', null, null, []],
  ];
  it.each(cases)('%s', (_name, overdraw, value, expected) => {
    expect(
      approvalsNeeded({
        totalOverdrawAmount: overdraw === null ? null : (Math.round(overdraw * 100) as Cents),
        totalContractValue: value === null ? null : (Math.round(value * 100) as Cents),
        ...limits,
      }),
    ).toEqual(expected);
  });
});

describe('decisionOf and activationApprovals: a refusal blocks for good', () => {
  const request = { kind: 1, decided: false, granted: false };
  const grant = { kind: 1, decided: true, granted: true };
  const refusal = { kind: 1, decided: true, granted: false };
  const cases: [string, (typeof grant)[], ApprovalDecision][] = [
    ['nothing asked', [], ApprovalDecision.None],
    ['asked', [request], ApprovalDecision.Pending],
    ['granted', [request, grant], ApprovalDecision.Granted],
    ['refused', [refusal], ApprovalDecision.Refused],
    ['refused then granted: still refused', [refusal, grant], ApprovalDecision.Refused],
    ['another kind only', [{ ...grant, kind: 2 }], ApprovalDecision.None],
  ];
  it.each(cases)('%s → %s', (_name, rows, decision) => {
    expect(decisionOf(ApprovalKind.DepositOverdraw, rows)).toBe(decision);
  });

  it('counts needed approvals missing and refused; both are needed when both apply', () => {
    const both = [ApprovalKind.DepositOverdraw, ApprovalKind.ContractUpperLimit] as const;
    expect(activationApprovals(both, [grant])).toEqual({ missing: 1, refused: 0 });
    expect(activationApprovals(both, [grant, { kind: 2, decided: true, granted: true }])).toEqual({
      missing: 0,
      refused: 0,
    });
    expect(activationApprovals(both, [refusal])).toEqual({ missing: 1, refused: 1 });
    expect(activationApprovals([], [refusal])).toEqual({ missing: 0, refused: 0 });
  });

  it('has the spec’s sentences', () => {
    expect(refusalMessage(ApprovalKind.DepositOverdraw)).toBe(
      'To continue, please step back and lower the bill amount or you can cancel out of this modification.',
    );
    expect(refusalMessage(ApprovalKind.ContractUpperLimit)).toBe(
      'To continue, please step back and remove the biller(s) causing this agreement to be over the limit.',
    );
    expect(grantMessage(ApprovalKind.ContractUpperLimit)).toBe(
      'You have successfully over-ridden the upper limit for an overdraw on an agreement.',
    );
  });
});

describe('kindMessage: the sentence beside an approval kind', () => {
  const approverRole = 'The agreement may not proceed in this position unless an administrator approves.';
  it.each<[string, AgreementApprovalKind, ApprovalDecision, boolean, string | null]>([
    [
      'needed and not asked: the approver role text',
      ApprovalKind.DepositOverdraw,
      ApprovalDecision.None,
      true,
      approverRole,
    ],
    [
      'needed and asked: the approver role text',
      ApprovalKind.ContractUpperLimit,
      ApprovalDecision.Pending,
      true,
      approverRole,
    ],
    ['not needed and not asked: nothing', ApprovalKind.DepositOverdraw, ApprovalDecision.None, false, null],
    [
      'granted: the grant’s message',
      ApprovalKind.ContractUpperLimit,
      ApprovalDecision.Granted,
      true,
      grantMessage(ApprovalKind.ContractUpperLimit),
    ],
    [
      'refused: the step-back message',
      ApprovalKind.DepositOverdraw,
      ApprovalDecision.Refused,
      true,
      refusalMessage(ApprovalKind.DepositOverdraw),
    ],
  ])('%s', (_rule, kind, decision, needed, message) => {
    expect(kindMessage(kind, decision, needed)).toBe(message);
  });
});
