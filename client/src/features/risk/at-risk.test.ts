import { describe, expect, it } from 'vitest';
import { atRiskCsv, csvField, riskLabel } from './at-risk';

describe('at-risk worklist helpers', () => {
  it.each([
    ['plain', 'plain'],
    ['Nguyen, Olivia', '"Nguyen, Olivia"'],
    ['say "hi"', '"say ""hi"""'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-12.50', '-12.50'],
    ['@cmd', "'@cmd"],
  ])('csvField(%s)', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('labels the two levels', () => {
    expect(riskLabel('BeyondApprovedOverdraw')).toBe('Beyond approved overdraw');
    expect(riskLabel('BelowZero')).toBe('Below zero');
  });

  it('writes the rows in the screen’s order with a header', () => {
    const csv = atRiskCsv([
      {
        agreementId: 7,
        memberNumber: '100001',
        memberName: 'Olivia Nguyen',
        accountNumber: '12345678',
        branchName: null,
        level: 'BelowZero',
        firstShortDate: '2026-12-01',
        depth: '60.50',
        topUpToAvoid: '60.50',
        depositToAvoid: '220.01',
        depositAmount: '159.51',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Member number,Member,Account,Branch,Agreement,Risk,First short day,Lowest point,Top-up to avoid,Deposit now,Deposit to avoid',
      '100001,Olivia Nguyen,12345678,,7,Below zero,2026-12-01,-60.50,60.50,159.51,220.01',
      '',
    ]);
  });
});
