import { describe, expect, it } from 'vitest';
import { ariaSort } from '../../shared/ui/sort';
import {
  DEFAULT_AT_RISK_SORT,
  nextAtRiskSort,
  riskLabel,
  rowKeys,
  sortAtRisk,
  sortDescription,
  type AtRiskRow,
} from './at-risk';

const row = (agreementId: number, memberName: string, lowest: string, deposit: string | null): AtRiskRow => ({
  agreementId,
  memberName,
  level: 'BelowZero',
  firstShortDate: '2026-12-01',
  lowestPoint: { balance: lowest },
  topUpToAvoid: lowest.replace('-', ''),
  depositToAvoid: deposit,
});

describe('at-risk worklist on the screen', () => {
  it('labels the two levels', () => {
    expect(riskLabel('BeyondApprovedOverdraw')).toBe('Beyond approved overdraw');
    expect(riskLabel('BelowZero')).toBe('Below zero');
  });

  it('sorts the rows with the server’s rule, reading money strings as amounts', () => {
    const rows = [row(1, 'Zoe', '-9.50', '120.00'), row(2, 'Adam', '-100.25', null), row(3, 'Mia', '-20.00', '99.00')];
    const ids = (sort: typeof DEFAULT_AT_RISK_SORT) => sortAtRisk(rows, sort, rowKeys).map((r) => r.agreementId);
    expect(ids({ field: 'member', direction: 'asc' })).toEqual([2, 3, 1]);
    expect(ids({ field: 'lowestPoint', direction: 'asc' })).toEqual([2, 3, 1]); // '-100.25' is the lowest, not '-9.50'
    expect(ids({ field: 'depositToAvoid', direction: 'asc' })).toEqual([3, 1, 2]); // a top-up only, last
    expect(ids({ field: 'topUpToAvoid', direction: 'desc' })).toEqual([2, 3, 1]);
  });

  it.each([
    [DEFAULT_AT_RISK_SORT, 'risk', { field: 'risk', direction: 'desc' }, 'ascending'],
    [{ field: 'member', direction: 'desc' }, 'member', { field: 'member', direction: 'asc' }, 'descending'],
    [DEFAULT_AT_RISK_SORT, 'member', { field: 'member', direction: 'asc' }, 'none'],
  ] as const)('a click on %o’s %s header gives %o; its aria-sort was %s', (current, field, next, aria) => {
    expect(nextAtRiskSort(current, field)).toEqual(next);
    expect(ariaSort(current, field)).toBe(aria);
  });

  it('says its order', () => {
    expect(sortDescription(DEFAULT_AT_RISK_SORT)).toBe('worst first');
    expect(sortDescription({ field: 'firstShortDate', direction: 'desc' })).toBe('by first short day, descending');
  });
});
