import { describe, expect, it } from 'vitest';
import { addDays, parseLocalDate, type LocalDate } from '../local-date.js';
import { BillScheduleError, TOO_MANY_OCCURRENCES_MESSAGE } from './bill.errors.js';
import {
  billOccurrences,
  nextOccurrence,
  nextOccurrences,
  NO_LIMIT,
  OCCURRENCE_CAP,
  roughDateOfBill,
  type AgreementPeriod,
  type BillSchedule,
} from './bill-schedule.rules.js';
import { BillingFrequency as F } from './billing-frequency.js';

const d = parseLocalDate;
const period = (start: string, end: string): AgreementPeriod => ({ start: d(start), end: d(end) });
const dates = (schedule: BillSchedule, p: AgreementPeriod): string[] => billOccurrences(schedule, p).map((o) => o.date);

function rejection(run: () => unknown): BillScheduleError {
  try {
    run();
  } catch (error) {
    if (error instanceof BillScheduleError) return error;
    throw error;
  }
  throw new Error('expected a BillScheduleError');
}

describe('billOccurrences', () => {
  it.each<[string, F, string, [string, string], string[]]>([
    [
      '0 per day',
      F.PerDay,
      '2026-01-30',
      ['2026-01-01', '2026-02-02'],
      ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02'],
    ],
    [
      '1 per week',
      F.Weekly,
      '2026-01-05',
      ['2026-01-01', '2026-02-01'],
      ['2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26'],
    ],
    [
      '2 per fortnight',
      F.Fortnightly,
      '2026-01-05',
      ['2026-01-01', '2026-02-15'],
      ['2026-01-05', '2026-01-19', '2026-02-02'],
    ],
    [
      '3 per month, from the 31st',
      F.Monthly,
      '2026-01-31',
      ['2026-01-01', '2026-05-31'],
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31'],
    ],
    [
      '3 per month, leap February',
      F.Monthly,
      '2028-01-31',
      ['2028-01-01', '2028-03-31'],
      ['2028-01-31', '2028-02-29', '2028-03-31'],
    ],
    [
      '4 every 2nd month',
      F.EverySecondMonth,
      '2026-01-31',
      ['2026-01-01', '2026-12-31'],
      ['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31', '2026-09-30', '2026-11-30'],
    ],
    [
      '5 per quarter',
      F.Quarterly,
      '2026-01-31',
      ['2026-01-01', '2026-12-31'],
      ['2026-01-31', '2026-04-30', '2026-07-31', '2026-10-31'],
    ],
    [
      '6 semi-annually',
      F.SemiAnnually,
      '2026-08-31',
      ['2026-07-01', '2027-12-31'],
      ['2026-08-31', '2027-02-28', '2027-08-31'],
    ],
    [
      '7 per year, from 29 February',
      F.Annually,
      '2024-02-29',
      ['2024-01-01', '2028-12-31'],
      ['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'],
    ],
    ['8 once only', F.OnceOnly, '2026-03-10', ['2026-01-01', '2026-12-31'], ['2026-03-10']],
    ['8 once only, outside the period', F.OnceOnly, '2027-03-10', ['2026-01-01', '2026-12-31'], []],
  ])(
    'spec 2 §3 frequency %s: computes every date from the date of bill',
    (_, frequency, dateOfBill, [start, end], expected) => {
      expect(dates({ frequency, dateOfBill: d(dateOfBill) }, period(start, end))).toEqual(expected);
    },
  );

  it.each<[string, string, string, string[]]>([
    [
      'on the 15th and the 31st, clamped in February',
      '2026-01-15',
      '2026-01-31',
      ['2026-01-15', '2026-01-31', '2026-02-15', '2026-02-28', '2026-03-15', '2026-03-31'],
    ],
    [
      'on the 25th and the next 10th',
      '2026-01-25',
      '2026-02-10',
      ['2026-01-25', '2026-02-10', '2026-02-25', '2026-03-10', '2026-03-25'],
    ],
    [
      'twice on 28 February when both days step down to it',
      '2026-01-30',
      '2026-01-31',
      ['2026-01-30', '2026-01-31', '2026-02-28', '2026-02-28', '2026-03-30', '2026-03-31'],
    ],
  ])('spec 2 §5 frequency 10 bi-monthly: twice a month %s', (_, first, second, expected) => {
    const schedule: BillSchedule = { frequency: F.BiMonthly, dateOfBill: d(first), secondDateOfBill: d(second) };
    expect(dates(schedule, period('2026-01-01', '2026-03-31'))).toEqual(expected);
  });

  it('spec 2 §5: a bi-monthly bill without its second date is refused', () => {
    const error = rejection(() =>
      billOccurrences({ frequency: F.BiMonthly, dateOfBill: d('2026-01-15') }, period('2026-01-01', '2026-12-31')),
    );
    expect(error.code).toBe('SECOND_DATE_OF_BILL_REQUIRED');
    expect(error.message).toBe('Dates are not valid.');
  });

  it('DOMAIN Bills: a date of bill before the period starts the period on the next regular date', () => {
    expect(dates({ frequency: F.Monthly, dateOfBill: d('2025-10-31') }, period('2026-02-01', '2026-04-30'))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(dates({ frequency: F.Weekly, dateOfBill: d('2020-01-06') }, period('2026-01-01', '2026-01-15'))).toEqual([
      '2026-01-05',
      '2026-01-12',
    ]);
  });

  it.each<[string, string, [string, string], string[]]>([
    ['a bill on the first day is in', '2026-01-15', ['2026-01-15', '2026-02-10'], ['2026-01-15']],
    ['a bill on the last day is in', '2026-01-15', ['2026-01-16', '2026-03-15'], ['2026-02-15', '2026-03-15']],
    ['a bill the day before it starts is out', '2026-03-14', ['2026-03-15', '2026-04-13'], []],
    ['a bill the day after it ends is out', '2026-01-15', ['2026-01-16', '2026-02-14'], []],
  ])('DOMAIN Bills: the agreement period includes both ends (%s)', (_, dateOfBill, [start, end], expected) => {
    expect(dates({ frequency: F.Monthly, dateOfBill: d(dateOfBill) }, period(start, end))).toEqual(expected);
  });

  it('DOMAIN Bills: a date of bill after the period gives no bills', () => {
    expect(dates({ frequency: F.Monthly, dateOfBill: d('2027-01-01') }, period('2026-01-01', '2026-12-31'))).toEqual(
      [],
    );
  });

  it('refuses a period that ends before it starts', () => {
    expect(
      rejection(() => dates({ frequency: F.Monthly, dateOfBill: d('2026-01-01') }, period('2026-02-01', '2026-01-31')))
        .code,
    ).toBe('INVALID_PERIOD');
  });

  it('refuses a frequency code the spec does not define (9)', () => {
    const schedule = { frequency: 9 as F, dateOfBill: d('2026-01-01') };
    expect(rejection(() => dates(schedule, period('2026-01-01', '2026-12-31'))).code).toBe('INVALID_FREQUENCY');
  });
});

describe('final bill', () => {
  const monthly = (finalBillDate: string): BillSchedule => ({
    frequency: F.Monthly,
    dateOfBill: d('2026-01-15'),
    finalBillDate: d(finalBillDate),
  });
  const p = period('2026-01-01', '2026-12-31');

  it.each<[string, string, { date: string; isFinalBill: boolean }[]]>([
    [
      'marks the regular bill on the final bill date as the final bill',
      '2026-03-15',
      [
        { date: '2026-01-15', isFinalBill: false },
        { date: '2026-02-15', isFinalBill: false },
        { date: '2026-03-15', isFinalBill: true },
      ],
    ],
    [
      "adds the final bill as its own line between regular dates (3 §3 'Final bill')",
      '2026-03-20',
      [
        { date: '2026-01-15', isFinalBill: false },
        { date: '2026-02-15', isFinalBill: false },
        { date: '2026-03-15', isFinalBill: false },
        { date: '2026-03-20', isFinalBill: true },
      ],
    ],
    [
      'keeps the final bill even before the first regular date',
      '2026-01-10',
      [{ date: '2026-01-10', isFinalBill: true }],
    ],
  ])('DOMAIN Bills: no occurrence after the final bill date; %s', (_, finalBillDate, expected) => {
    expect(billOccurrences(monthly(finalBillDate), p)).toEqual(expected);
  });

  it('DOMAIN Bills: a final bill after the period changes nothing inside it', () => {
    expect(dates(monthly('2027-02-01'), p)).toHaveLength(12);
    expect(billOccurrences(monthly('2027-02-01'), p).some((o) => o.isFinalBill)).toBe(false);
  });

  it('DOMAIN Bills: a final bill before the period leaves no bills in it', () => {
    expect(dates(monthly('2025-12-31'), p)).toEqual([]);
  });
});

describe('nextOccurrences', () => {
  const schedule: BillSchedule = { frequency: F.Weekly, dateOfBill: d('2026-01-05') };
  const p = period('2026-01-01', '2026-03-31');

  it.each<[string, string, number, string[]]>([
    [
      'spec 1 §9: limit -1 means no limit',
      '2026-03-01',
      NO_LIMIT,
      ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'],
    ],
    ['counts only dates strictly after the given one', '2026-03-02', 2, ['2026-03-09', '2026-03-16']],
    ['stops at the limit', '2026-01-01', 3, ['2026-01-05', '2026-01-12', '2026-01-19']],
    ['a limit of 0 asks for nothing', '2026-01-01', 0, []],
    ['a date before the period starts from the period', '2025-06-01', 1, ['2026-01-05']],
    ['nothing after the period', '2026-03-31', NO_LIMIT, []],
  ])('%s', (_, after, limit, expected) => {
    expect(nextOccurrences(schedule, p, d(after), limit).map((o) => o.date)).toEqual(expected);
  });

  it('spec 2 §2: the next transaction date of a removed biller is its next bill, or none', () => {
    expect(nextOccurrence(schedule, p, d('2026-02-10'))).toEqual({ date: '2026-02-16', isFinalBill: false });
    expect(nextOccurrence(schedule, p, d('2026-03-30'))).toBeNull();
  });

  it('the final bill counts within the limit', () => {
    const withFinal: BillSchedule = { ...schedule, finalBillDate: d('2026-01-14') };
    expect(nextOccurrences(withFinal, p, d('2026-01-01'), 1)).toEqual([{ date: '2026-01-05', isFinalBill: false }]);
    expect(nextOccurrences(withFinal, p, d('2026-01-01'), 2)).toEqual([
      { date: '2026-01-05', isFinalBill: false },
      { date: '2026-01-12', isFinalBill: false },
    ]);
    expect(nextOccurrences(withFinal, p, d('2026-01-01'), 3).at(-1)).toEqual({ date: '2026-01-14', isFinalBill: true });
  });

  it.each([-2, 1.5, Number.NaN])('refuses the limit %s', (limit) => {
    expect(rejection(() => nextOccurrences(schedule, p, d('2026-01-01'), limit)).code).toBe('INVALID_LIMIT');
  });
});

describe('occurrence cap', () => {
  const daily: BillSchedule = { frequency: F.PerDay, dateOfBill: d('2000-01-01') };
  const daysFrom = (count: number): AgreementPeriod => ({
    start: d('2000-01-01'),
    end: addDays(d('2000-01-01'), count - 1),
  });

  it('spec 3 §9: exactly 10,000 occurrences are allowed', () => {
    expect(billOccurrences(daily, daysFrom(OCCURRENCE_CAP))).toHaveLength(10_000);
  });

  it("spec 3 §5: more than 10,000 occurrences fail with 'Error when getting the billers.'", () => {
    const error = rejection(() => billOccurrences(daily, daysFrom(OCCURRENCE_CAP + 1)));
    expect(error.code).toBe('TOO_MANY_OCCURRENCES');
    expect(error.message).toBe(TOO_MANY_OCCURRENCES_MESSAGE);
    expect(error.message).toBe('Error when getting the billers.');
  });

  it('spec 3 §5: a final bill that would be the 10,001st occurrence fails too', () => {
    const anchor = d('1700-01-01');
    const fortnightly = (finalBillDate: LocalDate): BillSchedule => ({
      frequency: F.Fortnightly,
      dateOfBill: anchor,
      finalBillDate,
    });
    const p = period('1700-01-01', '2100-12-31');
    const lastRegular = addDays(anchor, 14 * (OCCURRENCE_CAP - 1));
    expect(billOccurrences(fortnightly(lastRegular), p)).toHaveLength(OCCURRENCE_CAP);
    expect(rejection(() => billOccurrences(fortnightly(addDays(lastRegular, 1)), p)).code).toBe('TOO_MANY_OCCURRENCES');
  });

  it('spec 3 §9: a limit below the cap never fails however long the period', () => {
    expect(nextOccurrences(daily, period('2000-01-01', '2100-12-31'), d('2050-01-01'), 3).map((o) => o.date)).toEqual([
      '2050-01-02',
      '2050-01-03',
      '2050-01-04',
    ]);
  });

  it('stops at the last calendar day instead of failing past year 9999', () => {
    const p = period('9999-12-01', '9999-12-31');
    expect(dates({ frequency: F.Weekly, dateOfBill: d('9999-12-01') }, p)).toHaveLength(5);
    expect(dates({ frequency: F.Monthly, dateOfBill: d('9999-12-31') }, p)).toEqual(['9999-12-31']);
  });
});

describe('roughDateOfBill', () => {
  it.each<[number, string, string]>([
    [6, '2026-05-10', '2026-06-01'],
    [12, '2026-05-10', '2026-12-01'],
    [5, '2026-05-10', '2027-05-01'],
    [5, '2026-05-01', '2027-05-01'],
    [3, '2026-05-10', '2027-03-01'],
    [1, '2026-12-31', '2027-01-01'],
    [12, '2026-12-31', '2027-12-01'],
  ])(
    'spec 2 §9: month %i on %s defaults to %s (the 1st; next year unless the month is later)',
    (month, today, expected) => {
      expect(roughDateOfBill(month, d(today))).toBe(expected);
    },
  );

  it.each([0, 13, 2.5])('refuses the month %s', (month) => {
    expect(rejection(() => roughDateOfBill(month, d('2026-05-10'))).code).toBe('INVALID_MONTH');
  });
});
