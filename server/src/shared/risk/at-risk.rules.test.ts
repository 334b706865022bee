import { describe, expect, it } from 'vitest';
import { addDays, parseLocalDate, type LocalDate } from '../local-date.js';
import { cents, type Cents } from '../money.js';
import {
  assessRisk,
  checkAtRiskSort,
  compareRisk,
  DEFAULT_AT_RISK_SORT,
  riskKeys,
  RiskLevel,
  sortAtRisk,
  type RiskAssessment,
} from './at-risk.rules.js';

const TODAY = parseLocalDate('2026-11-23');

/** A curve from today: one closing balance per day. */
function curve(balances: number[], from: LocalDate = TODAY) {
  return balances.map((balance, i) => ({ date: addDays(from, i), balance: cents(balance) }));
}

const base = {
  today: TODAY,
  weeks: 1,
  approvedOverdraw: cents(500_000),
  depositToAvoid: cents(12_000) as Cents | null,
};

describe('assessRisk (the at-risk worklist: short within the next N weeks, before any deposit is missed)', () => {
  it.each([
    ['never below zero', [100, 0, 50, 0, 10, 0, 0], null],
    [
      'below zero on day 3 of the week',
      [100, 0, -2_500, -4_000, 1_000, 0, 0],
      { firstShortDate: '2026-11-25', depth: 4_000 },
    ],
    [
      'below zero on the last day of the week (29 Nov)',
      [0, 0, 0, 0, 0, 0, -1],
      { firstShortDate: '2026-11-29', depth: 1 },
    ],
    ['below zero the day after the week: not within it', [0, 0, 0, 0, 0, 0, 0, -900_000], null],
  ])('%s', (_, balances, expected) => {
    const result = assessRisk({ ...base, days: curve(balances) });
    if (expected === null) expect(result).toBeNull();
    else expect(result).toMatchObject({ ...expected, topUpToAvoid: expected.depth, level: RiskLevel.BelowZero });
  });

  it.each([
    ['exactly the approved overdraw: below zero only', 500_000, RiskLevel.BelowZero],
    ['a cent beyond it', 500_001, RiskLevel.BeyondApprovedOverdraw],
  ])('%s', (_, depth, level) => {
    expect(assessRisk({ ...base, days: curve([0, -depth]) })?.level).toBe(level);
  });

  it('looks only at today and after (yesterday’s balance is history)', () => {
    const days = curve([-50_000, 100, 100], addDays(TODAY, -1));
    expect(assessRisk({ ...base, days })).toBeNull();
  });

  it('widens with the weeks chosen', () => {
    const days = curve([...Array(13).fill(0), -700]);
    expect(assessRisk({ ...base, weeks: 1, days })).toBeNull();
    expect(assessRisk({ ...base, weeks: 2, days })).toMatchObject({ firstShortDate: '2026-12-06', depth: 700 });
  });

  it('refuses a horizon that is not a whole number of weeks from 1', () => {
    expect(assessRisk({ ...base, weeks: 0, days: curve([-1]) })).toBeNull();
    expect(assessRisk({ ...base, weeks: 1.5, days: curve([-1]) })).toBeNull();
  });

  it.each([
    ['a higher deposit avoids it', cents(12_000), 12_000],
    ['only a top-up helps (a bill before the next deposit)', null, null],
  ])('deposit change: %s (the projection’s)', (_, depositToAvoid, deposit) => {
    expect(assessRisk({ ...base, depositToAvoid, days: curve([-400]) })?.depositToAvoid).toBe(deposit);
  });

  it('reads a forecast given only on the days it changes (the balance holds between them)', () => {
    const points = [
      { date: TODAY, balance: cents(100) },
      { date: addDays(TODAY, 3), balance: cents(-250) },
      { date: addDays(TODAY, 20), balance: cents(-900) },
    ];
    expect(assessRisk({ ...base, weeks: 2, days: points })).toMatchObject({
      firstShortDate: addDays(TODAY, 3),
      lowestPoint: { date: addDays(TODAY, 3), balance: -250 },
      depth: 250,
    });
  });
});

describe('compareRisk', () => {
  const risk = (level: RiskLevel, firstShortDate: string, depth: number): RiskAssessment => ({
    level,
    firstShortDate: parseLocalDate(firstShortDate),
    lowestPoint: { date: parseLocalDate(firstShortDate), balance: cents(-depth) as Cents },
    depth: cents(depth),
    topUpToAvoid: cents(depth),
    depositToAvoid: null,
  });

  it('puts beyond the approved overdraw first, then the earliest, then the deepest', () => {
    const list = [
      risk(RiskLevel.BelowZero, '2026-11-25', 100),
      risk(RiskLevel.BelowZero, '2026-11-24', 50),
      risk(RiskLevel.BeyondApprovedOverdraw, '2026-12-10', 600_000),
      risk(RiskLevel.BelowZero, '2026-11-24', 80),
    ];
    expect([...list].sort(compareRisk).map((r) => [r.level, r.firstShortDate, r.depth])).toEqual([
      [RiskLevel.BeyondApprovedOverdraw, '2026-12-10', 600_000],
      [RiskLevel.BelowZero, '2026-11-24', 80],
      [RiskLevel.BelowZero, '2026-11-24', 50],
      [RiskLevel.BelowZero, '2026-11-25', 100],
    ]);
  });
});

describe('sortAtRisk (the worklist’s columns; the exports follow the screen’s sort)', () => {
  const item = (
    agreementId: number,
    memberName: string,
    level: RiskLevel,
    firstShortDate: string,
    depth: number,
    depositToAvoid: number | null,
  ) => ({
    agreementId,
    memberName,
    level,
    firstShortDate: parseLocalDate(firstShortDate),
    lowestPoint: { date: parseLocalDate(firstShortDate), balance: cents(-depth) as Cents },
    depth: cents(depth),
    topUpToAvoid: cents(depth),
    depositToAvoid: depositToAvoid === null ? null : cents(depositToAvoid),
  });
  const items = [
    item(1, 'Olivia Nguyen', RiskLevel.BelowZero, '2026-11-30', 5_000, 15_000),
    item(2, 'Adam Brown', RiskLevel.BeyondApprovedOverdraw, '2026-12-20', 600_000, null),
    item(3, 'Mia Chen', RiskLevel.BelowZero, '2026-11-25', 900, 12_000),
    item(4, 'Mia Chen', RiskLevel.BelowZero, '2026-11-25', 900, null),
  ];
  it.each([
    ['risk', 'asc', [2, 3, 4, 1]],
    ['risk', 'desc', [1, 3, 4, 2]], // equal rows by agreement, whatever the direction
    ['member', 'asc', [2, 3, 4, 1]],
    ['member', 'desc', [1, 3, 4, 2]], // ties (the two Mia Chen rows) stay worst first, then by agreement
    ['firstShortDate', 'asc', [3, 4, 1, 2]],
    ['lowestPoint', 'asc', [2, 1, 3, 4]], // the deepest first
    ['topUpToAvoid', 'desc', [2, 1, 3, 4]],
    ['depositToAvoid', 'asc', [3, 1, 2, 4]], // a top-up only after every amount
    ['depositToAvoid', 'desc', [2, 4, 1, 3]],
  ] as const)('by %s %s', (field, direction, expected) => {
    expect(sortAtRisk(items, { field, direction }, riskKeys).map((i) => i.agreementId)).toEqual(expected);
  });

  it.each([
    [undefined, DEFAULT_AT_RISK_SORT],
    [null, DEFAULT_AT_RISK_SORT],
    [{ field: 'member' }, { field: 'member', direction: 'asc' }],
    [
      { field: 'depositToAvoid', direction: 'desc' },
      { field: 'depositToAvoid', direction: 'desc' },
    ],
  ])('checkAtRiskSort(%o) is %o', (input, expected) => {
    expect(checkAtRiskSort(input)).toEqual(expected);
  });

  it.each([[{ field: 'balance' }], [{ field: 'member', direction: 'up' }], [{}]])(
    'checkAtRiskSort refuses %o with INVALID_SORT',
    (input) => {
      expect(() => checkAtRiskSort(input)).toThrow(expect.objectContaining({ code: 'INVALID_SORT', field: 'sort' }));
    },
  );
});
