import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import {
  checkMissedDepositRequest,
  formattedAccount,
  groupMissedDeposits,
  missedDepositRows,
  type MissedDepositFacts,
} from './missed-deposits.rules.js';

describe('checkMissedDepositRequest', () => {
  it.each([
    ['no branches', { branches: [] }, 'Please select a branch'],
    ['branches missing', { branches: undefined }, 'Please select a branch'],
    ['branches not a list', { branches: 'Sydney,Perth' as unknown }, 'Please choose branches from the list.'],
    ['a zero id', { branches: [0] }, 'Please choose branches from the list.'],
    ['a fraction', { branches: [1.5] }, 'Please choose branches from the list.'],
    ['an empty name', { branches: ['  '] }, 'Please choose branches from the list.'],
    ['a bad start date', { branches: [1], startDate: '2026-02-30' }, 'startDate must be a date (YYYY-MM-DD).'],
    ['a bad end date', { branches: [1], endDate: 'soon' }, 'endDate must be a date (YYYY-MM-DD).'],
    [
      'the start after the end',
      { branches: [1], startDate: '2026-11-02', endDate: '2026-11-01' },
      'The start date must be on or before the end date.',
    ],
  ])('refuses %s', (_name, input, message) => {
    expect(() => checkMissedDepositRequest(input)).toThrow(message);
  });

  it.each([
    [{ branches: [3, 1, 3] }, { branchIds: [1, 3], branchNames: [], startDate: null, endDate: null }],
    [{ branches: ['2', 'Sydney'] }, { branchIds: [2], branchNames: ['Sydney'], startDate: null, endDate: null }],
    [
      { branches: [{ id: 4 }, { Name: 'Perth' }], startDate: '2026-11-01T00:00:00', endDate: '2026-11-01' },
      { branchIds: [4], branchNames: ['Perth'], startDate: '2026-11-01', endDate: '2026-11-01' },
    ],
  ])('reads %j', (input, request) => {
    expect(checkMissedDepositRequest(input)).toEqual(request);
  });
});

const fact = (over: Partial<MissedDepositFacts>): MissedDepositFacts => ({
  branchId: 1,
  branchName: 'Sydney',
  agreementId: 10,
  accountId: 5,
  memberId: 7,
  accountNumber: '20001',
  productName: 'Bill Smoothing Account',
  memberNames: ['Jack Williams'],
  arrears: 12_050 as Cents,
  missedDeposits: 1,
  contributionFrequency: 2,
  nextDepositDate: '2026-12-01' as LocalDate,
  renewalDate: '2027-06-30' as LocalDate,
  ...over,
});

describe('groupMissedDeposits', () => {
  const report = groupMissedDeposits([
    fact({ agreementId: 12, arrears: 1 as Cents }),
    fact({ branchId: 2, branchName: 'Perth', agreementId: 11, arrears: 99_999 as Cents, contributionFrequency: 10 }),
    fact({ agreementId: 10, memberNames: ['Ann Lee', 'Bo Lee'], nextDepositDate: null }),
  ]);

  it('groups by branch name, agreements by number, and adds each group and the whole to the cent', () => {
    expect(
      report.groups.map((g) => [g.branchName, g.records.map((r) => r.agreementNumber), g.totalValueInArrears]),
    ).toEqual([
      ['Perth', [11], 99_999],
      ['Sydney', [10, 12], 12_051],
    ]);
    expect(report.totalValueInArrears).toBe(112_050);
    expect(report.agreementCount).toBe(3);
  });

  it('writes the record’s fields as the screen shows them', () => {
    expect(report.groups[0].records[0]).toMatchObject({ depositFrequency: 'Bi-monthly', members: 'Jack Williams' });
    expect(report.groups[1].records[0]).toMatchObject({
      members: 'Ann Lee, Bo Lee',
      formattedAccount: 'Bill Smoothing Account · 20001',
      nextDepositDate: null,
      depositFrequency: 'Fortnightly',
    });
  });

  it('export rows: records, a total per branch, then the total; the same figures', () => {
    const rows = missedDepositRows(report);
    expect(rows.map((r) => [r.kind, r.cells[0], r.cells[7]])).toEqual([
      ['record', 'Perth', '$999.99'],
      ['branchTotal', 'Perth', '$999.99'],
      ['record', 'Sydney', '$120.50'],
      ['record', 'Sydney', '$0.01'],
      ['branchTotal', 'Sydney', '$120.51'],
      ['total', 'All branches', '$1,120.50'],
    ]);
    expect(rows[2].cells).toEqual([
      'Sydney',
      'Bill Smoothing Account · 20001',
      'Ann Lee, Bo Lee',
      '10',
      'Fortnightly',
      '',
      '30-06-2027',
      '$120.50',
    ]);
    expect(rows[5].cells.slice(0, 3)).toEqual(['All branches', 'Total', '3 agreements']);
    expect(rows[1].cells.slice(0, 3)).toEqual(['Perth', 'Branch total', '1 agreement']);
  });

  it('an empty report has only the total line, of zero', () => {
    expect(missedDepositRows(groupMissedDeposits([]))).toEqual([
      { kind: 'total', cells: ['All branches', 'Total', '0 agreements', '', '', '', '', '$0.00'] },
    ]);
  });

  it('formattedAccount without a product name is the number', () => {
    expect(formattedAccount('', '123')).toBe('123');
  });
});
