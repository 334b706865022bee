import { describe, expect, it } from 'vitest';
import { link, OWNER_CASES } from './agreement-owner.cases.js';
import { accountHolders, agreementOwner } from './agreement-owner.rules.js';

describe('agreementOwner (which member and branch an agreement belongs to, for every report)', () => {
  it.each(OWNER_CASES)('%s', (_, links, preferenceBranchId, expected) => {
    expect(agreementOwner(links, preferenceBranchId)).toEqual(expected);
  });
});

describe('accountHolders', () => {
  it('lists the active holders, primary first, then by link', () => {
    const holders = accountHolders([
      link(3, 13, 1),
      link(1, 11, 1, false, false),
      link(2, 12, 1),
      link(4, 14, 1, true),
    ]);
    expect(holders.map((h) => h.memberId)).toEqual([14, 12, 13]);
  });
});
