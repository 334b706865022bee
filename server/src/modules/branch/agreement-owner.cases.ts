import type { AccountHolderLink, AgreementOwner } from './agreement-owner.rules.js';

export const link = (
  linkId: number,
  memberId: number,
  branchId: number | null,
  isPrimary = false,
  isActive = true,
): AccountHolderLink => ({ linkId, memberId, branchId, isPrimary, isActive });

/** The rule's table: agreement-owner.rules.test.ts checks the rule, tests/integration/agreement-owner.test.ts its SQL twin. */
export const OWNER_CASES: [string, AccountHolderLink[], number | null, AgreementOwner][] = [
  ['one primary holder: their branch', [link(1, 10, 1, true)], null, { memberId: 10, branchId: 1 }],
  ['the preferences choose the branch', [link(1, 10, 1, true)], 2, { memberId: 10, branchId: 2 }],
  [
    'the primary holder before an older joint holder',
    [link(1, 10, 1), link(2, 11, 2, true)],
    null,
    { memberId: 11, branchId: 2 },
  ],
  [
    'no primary: the oldest link, not the lowest member id',
    [link(2, 10, 1), link(1, 12, 3)],
    null,
    { memberId: 12, branchId: 3 },
  ],
  [
    'an inactive primary holder does not count',
    [link(1, 10, 1, true, false), link(2, 11, 2)],
    null,
    { memberId: 11, branchId: 2 },
  ],
  ['member without a branch, no preference: none', [link(1, 10, null, true)], null, { memberId: 10, branchId: null }],
  ['member without a branch, the preferences name one', [link(1, 10, null, true)], 3, { memberId: 10, branchId: 3 }],
  ['no active holder: only the preferences', [link(1, 10, 1, true, false)], 2, { memberId: null, branchId: 2 }],
  ['no holder at all', [], null, { memberId: null, branchId: null }],
];
