import { describe, expect, it } from 'vitest';
import { addDays, parseLocalDate, type LocalDate } from '../local-date.js';
import { cents, type Cents } from '../money.js';
import {
  assessRisk,
  checkAtRiskSort,
  compareRisk,
  DEFAULT_AT_RISK_SORT,
  type ForecastVerdictFigures,
  riskKeys,
  RiskLevel,
  shortWithin,
  sortAtRisk,
  type RiskAssessment,
} from './at-risk.rules.js';

const TODAY = parseLocalDate('2026-11-23');
const day = (n: number): LocalDate => addDays(TODAY, n);

/** The projection's verdict: first short on day `first` by `shortfall`, lowest on day `low` by `depth` (cents). */
function verdict(
  first: number,
  shortfall: number,
  low: number,
  depth: number,
  more: Partial<ForecastVerdictFigures> = {},
) {
  return {
    firstShortDate: day(first),
    firstShortfall: cents(shortfall),
    lowestPoint: { date: day(low), balance: cents(-depth) },
    topUpToAvoid: cents(depth),
    depositToAvoid: cents(12_000) as Cents | null,
    beyondApprovedOverdraw: false,
    ...more,
  } satisfies ForecastVerdictFigures;
}

const ON_TRACK: ForecastVerdictFigures = {
  firstShortDate: null,
  firstShortfall: null,
  lowestPoint: { date: TODAY, balance: cents(0) },
  topUpToAvoid: null,
  depositToAvoid: null,
  beyondApprovedOverdraw: false,
};

describe('assessRisk (the at-risk worklist: the projection’s verdict, listed when first short within the weeks)', () => {
  it.each([
    ['on track to the end date', 1, ON_TRACK, false],
    ['short today', 1, verdict(0, 100, 0, 100), true],
    ['short on the last day of the week (29 Nov)', 1, verdict(6, 1, 6, 1), true],
    ['short the day after the week: not within it', 1, verdict(7, 900_000, 7, 900_000), false],
    ['short the day after one week, within two', 2, verdict(7, 700, 7, 700), true],
    ['short on the last day of 13 weeks', 13, verdict(90, 1, 100, 5), true],
    ['short the day after 13 weeks', 13, verdict(91, 1, 100, 5), false],
  ])('%s (%i weeks): listed %s', (_, weeks, forecast, listed) => {
    expect(assessRisk({ forecast, today: TODAY, weeks }) !== null).toBe(listed);
  });

  it('short within the weeks and deeper after them: every figure is the verdict’s, over the whole agreement', () => {
    // 100001 on 30-11-2026: short by $12.00 on 28-02-2027, at its lowest $149.50 short on 05-06-2027.
    const today = parseLocalDate('2026-11-30');
    const forecast: ForecastVerdictFigures = {
      firstShortDate: parseLocalDate('2027-02-28'),
      firstShortfall: cents(1_200),
      lowestPoint: { date: parseLocalDate('2027-06-05'), balance: cents(-14_950) },
      topUpToAvoid: cents(14_950),
      depositToAvoid: cents(139_200),
      beyondApprovedOverdraw: false,
    };
    expect(assessRisk({ forecast, today, weeks: 13 })).toEqual({
      level: RiskLevel.BelowZero,
      firstShortDate: '2027-02-28',
      firstShortfall: 1_200,
      lowestPoint: { date: '2027-06-05', balance: -14_950 },
      depth: 14_950,
      topUpToAvoid: 14_950,
      depositToAvoid: 139_200,
    });
    expect(assessRisk({ forecast, today, weeks: 12 })).toBeNull();
  });

  it.each([
    ['within the approved overdraw at its lowest: below zero', false, RiskLevel.BelowZero],
    ['beyond it at its lowest (even after the weeks): beyond', true, RiskLevel.BeyondApprovedOverdraw],
  ])('level: %s', (_, beyondApprovedOverdraw, level) => {
    const forecast = verdict(1, 100, 150, 600_000, { beyondApprovedOverdraw });
    expect(assessRisk({ forecast, today: TODAY, weeks: 1 })?.level).toBe(level);
  });

  it('refuses a horizon that is not a whole number of weeks from 1', () => {
    expect(assessRisk({ forecast: verdict(0, 1, 0, 1), today: TODAY, weeks: 0 })).toBeNull();
    expect(assessRisk({ forecast: verdict(0, 1, 0, 1), today: TODAY, weeks: 1.5 })).toBeNull();
  });

  it.each([
    ['a higher deposit avoids it', cents(12_000), 12_000],
    ['only a top-up helps (a bill before the next deposit)', null, null],
  ])('deposit change: %s (the projection’s)', (_, depositToAvoid, deposit) => {
    const forecast = verdict(0, 400, 0, 400, { depositToAvoid });
    expect(assessRisk({ forecast, today: TODAY, weeks: 1 })?.depositToAvoid).toBe(deposit);
  });
});

describe('shortWithin (the horizon: today and the 7 × weeks - 1 days after it; the staff worklist’s too)', () => {
  it.each([
    [null, 1, false],
    [day(0), 1, true],
    [day(6), 1, true],
    [day(7), 1, false],
    [day(55), 8, true],
    [day(56), 8, false],
  ])('%s within %i weeks: %s', (first, weeks, within) => {
    expect(shortWithin(first, TODAY, weeks)).toBe(within);
  });
});

describe('compareRisk', () => {
  const risk = (level: RiskLevel, firstShortDate: string, depth: number): RiskAssessment => ({
    level,
    firstShortDate: parseLocalDate(firstShortDate),
    firstShortfall: cents(depth),
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
    firstShortfall: cents(depth),
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
