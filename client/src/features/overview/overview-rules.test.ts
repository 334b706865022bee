import { describe, expect, it } from 'vitest';
import { agreementBanner, durationInWeeks, overdrawRuleText, overviewPayPath, padRows } from './overview-rules';

describe('padRows', () => {
  it('pads the upcoming bills to 6 rows with blank fillers', () => {
    const rows = padRows(['a', 'b']);
    expect(rows).toHaveLength(6);
    expect(rows.slice(0, 2)).toEqual([
      { kind: 'row', item: 'a' },
      { kind: 'row', item: 'b' },
    ]);
    expect(rows.slice(2).every((row) => row.kind === 'filler')).toBe(true);
    expect(new Set(rows.map((row) => (row.kind === 'filler' ? row.key : row.item))).size).toBe(6);
  });

  it('gives 6 fillers for no bills and cuts a longer list at 6', () => {
    expect(padRows([]).filter((row) => row.kind === 'filler')).toHaveLength(6);
    expect(padRows([1, 2, 3, 4, 5, 6, 7, 8])).toHaveLength(6);
  });
});

describe('agreementBanner', () => {
  const texts = {
    missedDepositBannerMember: 'You missed a deposit.',
    missedDepositBannerStaff: 'The member missed a deposit.',
    lockedAgreementBannerMember: 'Your agreement is locked.',
    lockedAgreementBannerStaff: 'The agreement is locked.',
  };

  it.each([
    ['MissedDeposit', false, 'missedDeposit', 'You missed a deposit.'],
    ['MissedDeposit', true, 'missedDeposit', 'The member missed a deposit.'],
    ['Locked', false, 'locked', 'Your agreement is locked.'],
    ['Locked', true, 'locked', 'The agreement is locked.'],
  ] as const)('status %s for staff=%s shows the %s banner', (status, isStaff, kind, text) => {
    expect(agreementBanner(status, isStaff, texts)).toMatchObject({ kind, text });
  });

  it.each([
    ['PendingApproval', false, 'preparing'],
    ['PendingApproval', true, null],
    ['ModificationPendingApproval', false, null],
    ['Active', false, null],
  ] as const)(
    'a new agreement not in place (status %s, staff=%s): %s (a member is told staff prepare it, not its forecast)',
    (status, isStaff, kind) => {
      expect(agreementBanner(status, isStaff, texts)?.kind ?? null).toBe(kind);
      expect(agreementBanner(status, isStaff, null)?.kind ?? null).toBe(kind);
    },
  );

  it('no longer says staff prepare it once they sent the new agreement to approve (the notice asks them)', () => {
    expect(agreementBanner('PendingApproval', false, texts, true)).toBeNull();
    expect(agreementBanner('PendingApproval', false, texts, false)?.kind).toBe('preparing');
  });

  it('shows no banner for other statuses or before the settings load', () => {
    expect(agreementBanner('Active', false, texts)).toBeNull();
    expect(agreementBanner(null, true, texts)).toBeNull();
    expect(agreementBanner('MissedDeposit', false, null)).toBeNull();
  });
});

describe('durationInWeeks (the overdraw rule reads in weeks)', () => {
  it.each([
    [1, '1 day'],
    [6, '6 days'],
    [7, '1 week'],
    [8, '1 week and 1 day'],
    [14, '2 weeks'],
    [59, '8 weeks and 3 days'],
    [84, '12 weeks'],
  ])('%i days read %s', (days, expected) => {
    expect(durationInWeeks(days)).toBe(expected);
  });
});

describe('overdrawRuleText', () => {
  it('reads the rule or its override', () => {
    expect(
      overdrawRuleText({ overdrawRuleDuration: 56, overrideOverdrawRule: false, overrideOverdrawRuleDuration: null }),
    ).toBe('8 weeks');
    expect(
      overdrawRuleText({ overdrawRuleDuration: 0, overrideOverdrawRule: false, overrideOverdrawRuleDuration: null }),
    ).toBe('None');
    expect(
      overdrawRuleText({ overdrawRuleDuration: 56, overrideOverdrawRule: true, overrideOverdrawRuleDuration: 1 }),
    ).toBe('Overridden: 1 day');
  });
});

describe('overviewPayPath (the overview’s bills lead to paying them)', () => {
  const base = '/member/1/account/2';
  it.each([
    ['an active agreement pays the bill', 'Active', false, '/member/1/account/2/paybill/pay/9/bill'],
    [
      'Missed Deposit goes to the dashboard (blocked or approval first)',
      'MissedDeposit',
      false,
      '/member/1/account/2/paybill',
    ],
    ['a biller on hold offers nothing', 'Active', true, null],
    ['a pending or locked agreement offers nothing', 'Locked', false, null],
  ] as const)('%s', (_, status, onHold, expected) => {
    expect(overviewPayPath(base, status, { billId: 9, variant: 'bill', onHold })).toBe(expected);
  });
});
