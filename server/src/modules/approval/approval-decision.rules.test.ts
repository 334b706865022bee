import { describe, expect, it } from 'vitest';
import type { Cents } from '../../shared/money.js';
import { approvalDecisionWords } from './approval-decision.rules.js';
import { ApprovalKind } from './approval-type.js';

describe('approvalDecisionWords: every decision in the history, in words', () => {
  it.each([
    [
      { kind: ApprovalKind.DepositOverdraw, granted: true, amount: 970000 as Cents, requestedBy: 'Agent' },
      'Deposit overdraw (5K) approval granted by Morgan Manager for $9,700.00 (asked by Agent).',
    ],
    [
      { kind: ApprovalKind.ContractUpperLimit, granted: false, amount: 6000000 as Cents, requestedBy: null },
      'Contract upper limit approval refused by Morgan Manager for $60,000.00.',
    ],
    [
      { kind: ApprovalKind.BillPaymentInArrears, granted: true, amount: 17240 as Cents, billerName: 'Water' },
      'Bill payment in arrears approval (Water bill) granted by Morgan Manager for $172.40.',
    ],
  ])('%o → %s', (facts, words) => {
    expect(
      approvalDecisionWords({ managerName: 'Morgan Manager', requestedBy: null, billerName: null, ...facts }),
    ).toBe(words);
  });
});
