import { describe, expect, it } from 'vitest';
import { parseLocalDate, type LocalDate } from '../../shared/local-date.js';
import {
  biMonthlySlotFor,
  ContributionFrequency,
  contributionFrequencyLabel,
  depositDates,
  payTodayBypassApplies,
  syncBiMonthlyDates,
  type DepositScheduleInput,
} from './deposit-schedule.rules.js';

const d = parseLocalDate;
const dates = (...texts: string[]): LocalDate[] => texts.map(d);

describe('ContributionFrequency', () => {
  it('uses the spec codes (spec 3 §4: 1 weekly, 2 fortnightly, 3 monthly, 5 quarterly, 7 annually, 10 bi-monthly)', () => {
    expect([
      ContributionFrequency.Weekly,
      ContributionFrequency.Fortnightly,
      ContributionFrequency.Monthly,
      ContributionFrequency.Quarterly,
      ContributionFrequency.Annually,
      ContributionFrequency.BiMonthly,
    ]).toEqual([1, 2, 3, 5, 7, 10]);
  });
});

describe("contributionFrequencyLabel (one name per deposit frequency, the spec's, on every screen)", () => {
  it.each([
    [1, 'Weekly'],
    [2, 'Fortnightly'],
    [3, 'Monthly'],
    [5, 'Quarterly'],
    [7, 'Annually'],
    [10, 'Bi-monthly'],
    [4, 'Frequency 4'],
  ])('names %i %s', (code, label) => {
    expect(contributionFrequencyLabel(code)).toBe(label);
  });

  it("gives a code outside the spec's the caller's word for it, a known code its name", () => {
    expect(contributionFrequencyLabel(4, 'Unknown')).toBe('Unknown');
    expect(contributionFrequencyLabel(6, '')).toBe('');
    expect(contributionFrequencyLabel(10, 'Unknown')).toBe('Bi-monthly');
  });
});

describe('depositDates (DOMAIN "Deposits": the schedule from the first deposit date to the end date)', () => {
  const cases: Array<[string, DepositScheduleInput, LocalDate[]]> = [
    [
      'weekly, the end date itself included',
      { frequency: ContributionFrequency.Weekly, firstDepositDate: d('2026-01-05'), endDate: d('2026-02-02') },
      dates('2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02'),
    ],
    [
      'fortnightly across a year end',
      { frequency: ContributionFrequency.Fortnightly, firstDepositDate: d('2026-12-20'), endDate: d('2027-01-20') },
      dates('2026-12-20', '2027-01-03', '2027-01-17'),
    ],
    [
      'monthly on the 31st clamps to short months and returns to the 31st (anchored, never chained)',
      { frequency: ContributionFrequency.Monthly, firstDepositDate: d('2028-01-31'), endDate: d('2028-05-31') },
      dates('2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31'),
    ],
    [
      'monthly on a next date already clamped keeps the chosen day',
      {
        frequency: ContributionFrequency.Monthly,
        firstDepositDate: d('2026-04-30'),
        endDate: d('2026-07-31'),
        preferredDay: 31,
      },
      dates('2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31'),
    ],
    [
      'quarterly from 30 November',
      { frequency: ContributionFrequency.Quarterly, firstDepositDate: d('2026-11-30'), endDate: d('2027-11-29') },
      dates('2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30'),
    ],
    [
      'annually (pay up front) from 29 February',
      { frequency: ContributionFrequency.Annually, firstDepositDate: d('2024-02-29'), endDate: d('2028-03-01') },
      dates('2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'),
    ],
    [
      'an end date before the first deposit gives no deposit',
      { frequency: ContributionFrequency.Weekly, firstDepositDate: d('2026-03-01'), endDate: d('2026-02-28') },
      [],
    ],
  ];

  it.each(cases)('%s', (_, input, expected) => {
    expect(depositDates(input)).toEqual(expected);
  });
});

describe('depositDates twice a month (spec 3 §5: two chosen days, each repeating monthly)', () => {
  const biMonthly = (first: string, second: string, firstDeposit: string, end: string) =>
    depositDates({
      frequency: ContributionFrequency.BiMonthly,
      firstDepositDate: d(firstDeposit),
      endDate: d(end),
      biMonthlyDates: { first: d(first), second: d(second) },
    });

  it('merges the two days in date order', () => {
    expect(biMonthly('2026-01-10', '2026-01-25', '2026-01-10', '2026-03-10')).toEqual(
      dates('2026-01-10', '2026-01-25', '2026-02-10', '2026-02-25', '2026-03-10'),
    );
  });

  it('clamps a 31st to short months and comes back to the 31st', () => {
    expect(biMonthly('2026-01-15', '2026-01-31', '2026-01-15', '2026-03-31')).toEqual(
      dates('2026-01-15', '2026-01-31', '2026-02-15', '2026-02-28', '2026-03-15', '2026-03-31'),
    );
  });

  it('starts at the second date when it is the chosen contribution date (selected date 2)', () => {
    expect(biMonthly('2026-01-25', '2026-02-10', '2026-02-10', '2026-03-25')).toEqual(
      dates('2026-02-10', '2026-02-25', '2026-03-10', '2026-03-25'),
    );
  });

  it('keeps both deposits when the two days clamp to the same month-end', () => {
    expect(biMonthly('2026-01-30', '2026-01-31', '2026-01-30', '2026-02-28')).toEqual(
      dates('2026-01-30', '2026-01-31', '2026-02-28', '2026-02-28'),
    );
  });

  it('refuses a missing second date or two dates on the same day of month', () => {
    expect(() =>
      depositDates({
        frequency: ContributionFrequency.BiMonthly,
        firstDepositDate: d('2026-01-10'),
        endDate: d('2026-12-31'),
      }),
    ).toThrow(/both bi-monthly dates/);
    expect(() => biMonthly('2026-01-10', '2026-02-10', '2026-01-10', '2026-12-31')).toThrow(/different days/);
  });
});

describe('the bi-monthly split day 20 (spec 3 §4)', () => {
  it.each([
    ['2026-03-01', 1],
    ['2026-03-20', 1],
    ['2026-03-21', 2],
    ['2026-03-31', 2],
  ] as const)('a start date of %s belongs to bi-monthly date %i', (date, slot) => {
    expect(biMonthlySlotFor(d(date))).toBe(slot);
  });

  it('syncs the first date for a day of 20 or less, otherwise the second', () => {
    const current = { first: d('2026-03-05'), second: d('2026-03-25') };
    expect(syncBiMonthlyDates(d('2026-04-20'), current)).toEqual({ first: '2026-04-20', second: '2026-03-25' });
    expect(syncBiMonthlyDates(d('2026-04-21'), current)).toEqual({ first: '2026-03-05', second: '2026-04-21' });
  });
});

describe('payTodayBypassApplies (spec 3 §4 pay-up-front today bypass)', () => {
  const today = d('2026-05-10');
  it.each([
    ['setup, annual, today', ContributionFrequency.Annually, '2026-05-10', 'setup', true],
    ['setup, annual, later', ContributionFrequency.Annually, '2026-06-01', 'setup', true],
    ['setup, annual, yesterday', ContributionFrequency.Annually, '2026-05-09', 'setup', false],
    ['modify, annual, today', ContributionFrequency.Annually, '2026-05-10', 'modify', true],
    ['modify, annual, later', ContributionFrequency.Annually, '2026-06-01', 'modify', false],
    ['setup, monthly, today', ContributionFrequency.Monthly, '2026-05-10', 'setup', false],
  ] as const)('%s: %s', (_, frequency, date, mode, expected) => {
    expect(payTodayBypassApplies({ frequency, contributionDate: d(date), today, mode })).toBe(expected);
  });
});
