import { describe, expect, it } from 'vitest';
import { actionPath, doneLine, openLine, rowsOf } from './worklist';

const row = { key: 'arrears:6:2026-11-06:2', kind: 'InArrears', memberId: 3, accountId: 4, agreementId: 9, done: null };

describe('actionPath', () => {
  it.each([
    ['open', '/member/3/account/4/overview'],
    ['lock', '/member/3/account/4/manageagreement?action=lock'],
    ['arrange', '/member/3/account/4/member/hardship'],
    ['approve', '/approvals'],
    ['contact', null],
    ['markDone', null],
  ])('%s → %s', (action, path) => {
    expect(actionPath(row, action)).toBe(path);
  });

  it('opens a deposit review on the agreement’s page, where it is answered', () => {
    const review = { ...row, key: 'review:5:referred', kind: 'DepositReview' };
    expect(actionPath(review, 'open')).toBe('/member/3/account/4/viewagreement/9#deposit-review');
    expect(actionPath({ ...review, agreementId: null }, 'open')).toBe('/member/3/account/4/overview');
  });

  it('has no agreement page for a row without a member', () => {
    expect(actionPath({ ...row, memberId: null, accountId: null }, 'open')).toBeNull();
  });
});

describe('doneLine, rowsOf, openLine', () => {
  it('says who did what', () => {
    expect(doneLine({ at: '2026-11-27T03:03:00Z', by: 'Agent Smith', action: 'contacted' })).toBe(
      'Done: contacted by Agent Smith on 27-11-2026 2:03 pm.',
    );
  });

  it('filters by kind', () => {
    const rows = [row, { ...row, key: 'locked:7', kind: 'Locked' }];
    expect(rowsOf(rows, 'Locked').map((r) => r.key)).toEqual(['locked:7']);
    expect(rowsOf(rows, null)).toHaveLength(2);
  });

  it.each([
    [[], 'Nothing needs you today.'],
    [[{ open: 0 }, { open: 1 }], '1 thing needs a person today.'],
    [[{ open: 2 }, { open: 1 }], '3 things need a person today.'],
  ])('%j → %s', (counts, line) => {
    expect(openLine(counts)).toBe(line);
  });
});
