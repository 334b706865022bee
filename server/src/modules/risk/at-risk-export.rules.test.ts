import { describe, expect, it } from 'vitest';
import { parseLocalDate } from '../../shared/local-date.js';
import { cents } from '../../shared/money.js';
import { atRiskTable } from './at-risk-export.rules.js';
import { RiskLevel } from '../../shared/risk/at-risk.rules.js';
import type { AtRiskAgreement, AtRiskList } from './at-risk.service.js';

const item = (
  agreementId: number,
  memberName: string,
  depth: number,
  depositToAvoid: number | null,
): AtRiskAgreement => ({
  agreementId,
  accountId: agreementId,
  accountNumber: `2000${agreementId}`,
  memberId: agreementId,
  memberNumber: `M${agreementId}`,
  memberName,
  branchName: agreementId === 1 ? 'Harbour, North' : null,
  level: depth > 500_000 ? RiskLevel.BeyondApprovedOverdraw : RiskLevel.BelowZero,
  firstShortDate: parseLocalDate('2026-11-30'),
  // Short by less on the first short day than at the lowest point (later): the verdict's two figures.
  firstShortfall: cents(Math.min(depth, 1_200)),
  lowestPoint: { date: parseLocalDate('2026-12-01'), balance: cents(-depth) },
  depth: cents(depth),
  topUpToAvoid: cents(depth),
  depositToAvoid: depositToAvoid === null ? null : cents(depositToAvoid),
  depositAmount: cents(10_000),
  approvedOverdraw: cents(500_000),
});

const list: AtRiskList = {
  weeks: 8,
  asOf: parseLocalDate('2026-11-24'),
  checked: 40,
  notForecast: [],
  items: [item(1, 'Olivia Nguyen', 123_456, 15_000), item(2, 'Adam Brown', 600_000, null)],
};

describe('atRiskTable (the at-risk exports: the screen’s rows, in its sort)', () => {
  it('writes every row as the screen shows it, with the horizon, the count and the top-ups’ total', () => {
    const table = atRiskTable(list, { field: 'member', direction: 'asc' });
    expect(table.lines.map((l) => l.text)).toEqual([
      'Active agreements whose forecast goes below zero within 8 weeks of 24-11-2026',
      'The figures are the member’s forecast, as their overview shows it: the lowest point, the top-up today and the deposit that avoid it are to the agreement’s end date.',
      '2 of 40 active agreements at risk; top-ups to avoid it $7,234.56 in all',
    ]);
    expect(table.columns.map((c) => c.header)).toEqual([
      'Member number',
      'Member',
      'Account',
      'Branch',
      'Agreement',
      'Risk',
      'First short day',
      'Short by',
      'Lowest point to end date',
      'On',
      'Top-up today to avoid',
      'Deposit now',
      'Deposit to avoid',
    ]);
    expect(table.rows.map((r) => r.cells)).toEqual([
      [
        'M2',
        'Adam Brown',
        '20002',
        '',
        '2',
        'Beyond approved overdraw',
        '30-11-2026',
        '$12.00',
        '-$6,000.00',
        '01-12-2026',
        '$6,000.00',
        '$100.00',
        'A top-up only',
      ],
      [
        'M1',
        'Olivia Nguyen',
        '20001',
        'Harbour, North',
        '1',
        'Below zero',
        '30-11-2026',
        '$12.00',
        '-$1,234.56',
        '01-12-2026',
        '$1,234.56',
        '$100.00',
        '$150.00',
      ],
    ]);
  });

  it('follows the sort asked for (worst first by default)', () => {
    expect(atRiskTable(list, { field: 'risk', direction: 'desc' }).rows.map((r) => r.cells[4])).toEqual(['1', '2']);
    expect(atRiskTable(list, { field: 'risk', direction: 'asc' }).rows.map((r) => r.cells[4])).toEqual(['2', '1']);
  });
});
