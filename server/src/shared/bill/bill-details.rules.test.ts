import { describe, expect, it } from 'vitest';
import { parseLocalDate, type LocalDate } from '../local-date.js';
import { parseMoney } from '../money.js';
import {
  BILL_DATE_IN_PAST_MESSAGE,
  biMonthlySlotOfDay,
  canTogglePeakMonths,
  checkBiMonthlyDates,
  checkBillDetails,
  checkExactDateOfBill,
  checkFinalBill,
  checkOverdueOption,
  checkSeason,
  checkValuesGiven,
  DATES_NOT_VALID_MESSAGE,
  modifyFirstDateRange,
  readDate,
  secondBiMonthlyDate,
  setupDateRange,
  type BillDetailsContext,
  type BillDetailsInput,
} from './bill-details.rules.js';

const d = parseLocalDate;
const $ = parseMoney;
const today = d('2026-11-23');

function codeOf(result: unknown): string | null {
  const value = result as { ok?: boolean; code?: string };
  return value && typeof value === 'object' && value.ok === false ? String(value.code) : null;
}

describe('readDate', () => {
  it.each([
    ['2026-12-01', '2026-12-01'],
    ['2026-12-01T00:00:00', '2026-12-01'],
    ['01-12-2026', '2026-12-01'],
    ['', null],
    ['0001-01-01', null],
    ['2026-02-30', undefined],
    ['tomorrow', undefined],
  ])('%s → %s', (text, expected) => {
    expect(readDate(text)).toBe(expected);
  });
});

describe('date ranges (spec 2 §9)', () => {
  it('setup: today up to one year less a day', () => {
    expect(setupDateRange(today)).toEqual({ from: today, to: d('2027-11-22') });
  });
  it('modify: today up to the same day next month, at least 31 days', () => {
    expect(modifyFirstDateRange(today)).toEqual({ from: today, to: d('2026-12-24') });
    expect(modifyFirstDateRange(d('2027-01-31')).to).toBe(d('2027-03-03'));
  });
});

describe('checkExactDateOfBill (spec 2 §5)', () => {
  it.each<[string, LocalDate | null, string | null]>([
    ['2026-11-23', null, null], // today is valid
    ['2026-11-22', null, 'billDateInPast'],
    ['2027-11-22', null, null],
    ['2027-11-23', null, 'invalidDateRangeOfBill'],
    ['31-02-2027', null, 'invalidDateFormat'],
    ['', null, 'invalidDateFormat'],
    ['2026-10-01', d('2026-10-01'), null], // unchanged from the original is accepted
  ])('%s (original %s) → %s', (text, original, code) => {
    expect(codeOf(checkExactDateOfBill(text, today, original))).toBe(code);
  });
  it("says 'Bill date cannot be in the past.'", () => {
    expect(checkExactDateOfBill('2026-01-01', today)).toMatchObject({ message: BILL_DATE_IN_PAST_MESSAGE });
  });
});

describe('bi-monthly dates (spec 2 §5, §9)', () => {
  it.each([
    [1, 1],
    [20, 1],
    [21, 2],
    [31, 2],
  ])('day %i is bi-monthly date %i (split day 20)', (day, slot) => {
    expect(biMonthlySlotOfDay(day)).toBe(slot);
  });
  it.each([
    ['2026-11-23', 28, '2026-11-28'],
    ['2026-11-23', 10, '2026-12-10'],
    ['2027-01-15', 31, '2027-01-31'],
    ['2027-02-05', 31, '2027-02-28'], // steps down to the last valid day
    ['2027-02-05', 30, '2027-02-28'],
    ['2028-02-05', 30, '2028-02-29'],
    ['2026-11-23', 31, '2026-11-30'],
    ['2026-11-30', 31, '2026-12-31'],
  ])('after %s, day %i → %s', (first, day, expected) => {
    expect(secondBiMonthlyDate(d(first), day)).toBe(expected);
  });
  it.each<[string, string | null, string | null, 'setup' | 'modify', boolean]>([
    ['valid in setup', '2026-12-01', '2026-12-20', 'setup', true],
    ['first missing', null, '2026-12-20', 'setup', false],
    ['second missing', '2026-12-01', null, 'setup', false],
    ['first in the past', '2026-11-22', '2026-12-01', 'setup', false],
    ['same date', '2026-12-01', '2026-12-01', 'setup', false],
    ['second before first', '2026-12-10', '2026-12-01', 'setup', false],
    ['second a month or more after first (setup)', '2026-12-01', '2027-01-01', 'setup', false],
    ['second 30 days after first (setup)', '2026-12-01', '2026-12-31', 'setup', true],
    ['first beyond a year less a day (setup)', '2027-11-23', '2027-11-30', 'setup', false],
    ['no day-difference check on modify', '2026-12-01', '2027-01-05', 'modify', true],
    ['first beyond a month on modify', '2026-12-25', '2027-01-05', 'modify', false],
    ['not a date', 'soon', '2026-12-05', 'setup', false],
  ])('%s', (_name, first, second, mode, valid) => {
    const result = checkBiMonthlyDates({ first, second }, today, mode);
    if (valid) expect(codeOf(result)).toBeNull();
    else expect(result).toMatchObject({ code: 'invalidBiMonthlyDates', message: DATES_NOT_VALID_MESSAGE });
  });

  // Unchanged from the stored ones is accepted (spec 2 §5, as the exact bill date): a new amount alone.
  const saved = { first: d('2026-06-05'), second: d('2026-06-20') };
  it.each<[string, string, string, { first: LocalDate; second: LocalDate } | null, boolean]>([
    ['both saved dates sent back unchanged (past)', '2026-06-05', '2026-06-20', saved, true],
    ['the same past dates without stored ones', '2026-06-05', '2026-06-20', null, false],
    ['the first kept, the second moved on', '2026-06-05', '2026-12-25', saved, true],
    ['the first kept, the second moved into the past', '2026-06-05', '2026-10-25', saved, false],
    ['the first moved on, the second kept: the second is before it', '2026-12-05', '2026-06-20', saved, false],
    ['the first kept, the second moved beyond its range', '2026-06-05', '2027-02-25', saved, false],
    ['the saved dates swapped', '2026-06-20', '2026-06-05', saved, false],
  ])('modify, %s', (_name, first, second, original, valid) => {
    const result = checkBiMonthlyDates({ first, second }, today, 'modify', original);
    if (valid) expect(result).toEqual({ first, second });
    else expect(result).toMatchObject({ code: 'invalidBiMonthlyDates', message: DATES_NOT_VALID_MESSAGE });
  });
});

describe('season bills (spec 2 §4, §5)', () => {
  it.each([
    ['100.00', '50.00', true],
    ['100.00', '100.00', true],
    ['50.00', '100.00', false],
  ])('peak %s off-peak %s: months can be toggled %s', (peak, offPeak, can) => {
    expect(canTogglePeakMonths($(peak), $(offPeak))).toBe(can);
  });
  it('peak months cannot be toggled without both values', () => {
    expect(canTogglePeakMonths(null, $('10.00'))).toBe(false);
  });
  it.each<[string, Parameters<typeof checkSeason>[0], string | null]>([
    ['not a season bill keeps nothing', { isSeasonBill: false, peakValueOfBill: $('9.00') }, null],
    [
      'both values and a month',
      { isSeasonBill: true, peakValueOfBill: $('200.00'), offPeakValueOfBill: $('80.00'), peakMonths: [7, 6] },
      null,
    ],
    ['peak missing', { isSeasonBill: true, offPeakValueOfBill: $('80.00'), peakMonths: [6] }, 'seasonValuesRequired'],
    ['off-peak missing', { isSeasonBill: true, peakValueOfBill: $('80.00'), peakMonths: [6] }, 'seasonValuesRequired'],
    [
      'a negative peak, both given (issue 21 item 7)',
      { isSeasonBill: true, peakValueOfBill: $('-5.00'), offPeakValueOfBill: $('80.00'), peakMonths: [6] },
      'invalidSeasonValues',
    ],
    [
      'off-peak above peak',
      { isSeasonBill: true, peakValueOfBill: $('50.00'), offPeakValueOfBill: $('80.00'), peakMonths: [6] },
      'invalidSeasonValues',
    ],
    [
      'no peak month',
      { isSeasonBill: true, peakValueOfBill: $('90.00'), offPeakValueOfBill: $('80.00'), peakMonths: [] },
      'peakMonthsRequired',
    ],
    [
      'month 13',
      { isSeasonBill: true, peakValueOfBill: $('90.00'), offPeakValueOfBill: $('80.00'), peakMonths: [13] },
      'peakMonthsRequired',
    ],
  ])('%s', (_name, input, code) => {
    expect(codeOf(checkSeason(input))).toBe(code);
  });
  it.each([
    [{ peakValueOfBill: $('-5.00'), offPeakValueOfBill: $('80.00') }, 'peakValueOfBill', 'The peak bill amount'],
    [{ peakValueOfBill: $('90.00'), offPeakValueOfBill: $('0.00') }, 'offPeakValueOfBill', 'The off-peak bill amount'],
  ])('says which amount is not above zero when both are given: %j', (values, field, label) => {
    expect(checkSeason({ isSeasonBill: true, peakMonths: [6], ...values })).toMatchObject({
      field,
      message: `${label} must be more than $0.00.`,
    });
  });
  it('stores the peak months sorted', () => {
    const result = checkSeason({
      isSeasonBill: true,
      peakValueOfBill: $('2.00'),
      offPeakValueOfBill: $('1.00'),
      peakMonths: [12, 1, 6],
    });
    expect(result).toMatchObject({ peakMonths: '1,6,12' });
  });
});

describe('final bill', () => {
  const bounds = { today, firstBill: d('2026-12-01'), agreementEnd: d('2027-11-30') };
  it.each<[boolean, string | null, string | LocalDate | null]>([
    [false, '2027-01-01', null],
    [true, null, 'finalBillDateRequired'],
    [true, 'x', 'invalidDateFormat'],
    [true, '2026-11-30', 'invalidFinalBillDateRange'], // before the first bill
    [true, '2027-12-01', 'invalidFinalBillDateRange'], // after the agreement
    [true, '2027-06-01', '2027-06-01'],
  ])('expected %s, date %s → %s', (expected, text, outcome) => {
    const result = checkFinalBill(expected, text, bounds);
    expect(codeOf(result) ?? result).toBe(outcome);
  });
});

describe('overdue option', () => {
  it.each<[boolean, number | null, string | number | null]>([
    [false, null, null],
    [false, 1, null],
    [true, null, 'overdueOptionRequired'],
    [true, 3, 'overdueOptionRequired'],
    [true, 1, 1],
    [true, 2, 2],
  ])('overdue bills %s, option %s → %s', (has, option, outcome) => {
    const result = checkOverdueOption(has, option);
    expect(codeOf(result) ?? result).toBe(outcome);
  });

  it('asks nothing when the amount is unchanged: the option is about a new amount (issue 26 item 7)', () => {
    expect(checkOverdueOption(true, null, false)).toBeNull();
    expect(checkOverdueOption(true, 2, false)).toBe(2);
  });
});

describe('checkValuesGiven: a value the form does not use must still be valid (issue 21 item 7)', () => {
  it.each<[string, Partial<BillDetailsInput>, string | null, string | null]>([
    ['nothing given', {}, null, null],
    [
      'none as old clients send it',
      { roughMonth: 0, overdueOption: 0, biMonthly1stDate: '0001-01-01T00:00:00' },
      null,
      null,
    ],
    ['blank dates', { biMonthly1stDate: '', expectedFinalBillDate: ' ' }, null, null],
    [
      'valid values',
      { roughMonth: 12, overdueOption: 2, biMonthly2ndDate: '31-12-2026', peakMonths: [1, 12] },
      null,
      null,
    ],
    [
      '30 February',
      { biMonthly1stDate: '2026-02-30' },
      'biMonthly1stDate',
      'The first bi-monthly date is not a valid date',
    ],
    ['a five-digit year', { biMonthly1stDate: '99999-01-01' }, 'biMonthly1stDate', 'The first bi-monthly date'],
    ['NaN', { biMonthly2ndDate: 'NaN' }, 'biMonthly2ndDate', 'The second bi-monthly date'],
    ['a final bill date', { expectedFinalBillDate: '2026-13-01' }, 'expectedFinalBillDate', 'The final bill date'],
    ['rough month -1', { roughMonth: -1 }, 'roughMonth', 'The month of the next bill must be'],
    ['rough month 13', { roughMonth: 13 }, 'roughMonth', 'a month number from 1 to 12'],
    ['overdue option -1', { overdueOption: -1 }, 'overdueOption', 'The overdue option must be 1'],
    ['overdue option 3', { overdueOption: 3 }, 'overdueOption', 'or 2'],
    ['peak month 0', { peakMonths: [0] }, 'peakMonths', 'Peak months must be month numbers from 1 to 12.'],
    ['a month twice', { peakMonths: [6, 6] }, 'peakMonths', 'at most once'],
    ['2,000 peak months', { peakMonths: Array.from({ length: 2000 }, () => 1) }, 'peakMonths', 'at most once'],
    ['a negative peak', { peakValueOfBill: $('-5.00') }, 'peakValueOfBill', 'The peak bill amount cannot be negative.'],
    ['a huge off-peak', { offPeakValueOfBill: $('10000000.01') }, 'offPeakValueOfBill', 'cannot be more than'],
  ])('%s', (_name, input, field, message) => {
    const errors = checkValuesGiven({ expectedBillValue: null, billingFrequency: null, ...input });
    expect(errors[0]?.field ?? null).toBe(field);
    if (message) expect(errors[0].message).toContain(message);
  });
});

describe('checkBillDetails', () => {
  const context: BillDetailsContext = { today, mode: 'setup', agreementEnd: d('2027-11-30'), hasOverdueBills: false };
  const valid: BillDetailsInput = {
    expectedBillValue: $('120.00'),
    billingFrequency: 3,
    isExactDateOfBillKnown: true,
    dateOfBill: '2026-12-05',
  };

  it('answers the normalised fields', () => {
    expect(checkBillDetails(valid, context)).toEqual({
      ok: true,
      value: expect.objectContaining({
        expectedBillValue: 12000,
        billingFrequency: 3,
        dateOfBill: '2026-12-05',
        secondDateOfBill: null,
      }),
    });
  });
  it.each<[string, Partial<BillDetailsInput>, string[]]>([
    ['total bill value 0', { expectedBillValue: $('0.00') }, ['invalidTotalBillValue']],
    ['no amount', { expectedBillValue: null }, ['invalidTotalBillValue']],
    ['too large', { expectedBillValue: $('10000000.01') }, ['amountTooLarge']],
    ['per day is not selectable', { billingFrequency: 0 }, ['frequencyRequired']],
    ['once only is not selectable', { billingFrequency: 8 }, ['frequencyRequired']],
    ['9 is no frequency', { billingFrequency: 9 }, ['frequencyRequired']],
    ['rough date without a month', { isExactDateOfBillKnown: false, dateOfBill: null }, ['roughMonthRequired']],
    ['bi-monthly without dates', { billingFrequency: 10, dateOfBill: null }, ['invalidBiMonthlyDates']],
    ['a monthly bill with an impossible bi-monthly date', { biMonthly1stDate: '2026-02-30' }, ['invalidDateFormat']],
    [
      'a monthly exact-date bill with rough month -1',
      { roughMonth: -1, overdueOption: -1 },
      ['invalidValue', 'invalidValue'],
    ],
    ['a used field keeps its own message', { dateOfBill: 'NaN' }, ['invalidDateFormat']],
    [
      'everything wrong at once',
      { expectedBillValue: null, billingFrequency: null },
      ['invalidTotalBillValue', 'frequencyRequired'],
    ],
  ])('%s', (_name, change, codes) => {
    const result = checkBillDetails({ ...valid, ...change }, context);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => String(e.code))).toEqual(codes);
  });
  it('rough date: the 1st of the month, next year when not later than this month', () => {
    const march = checkBillDetails({ ...valid, isExactDateOfBillKnown: false, roughMonth: 3 }, context);
    const november = checkBillDetails({ ...valid, isExactDateOfBillKnown: false, roughMonth: 11 }, context);
    const december = checkBillDetails({ ...valid, isExactDateOfBillKnown: false, roughMonth: 12 }, context);
    expect(march.ok && march.value.dateOfBill).toBe('2027-03-01');
    expect(november.ok && november.value.dateOfBill).toBe('2027-11-01');
    expect(december.ok && december.value).toMatchObject({ dateOfBill: '2026-12-01', isExactDateOfBillKnown: false });
  });
  it('bi-monthly sets the exact-date flag on and keeps both dates', () => {
    const result = checkBillDetails(
      {
        ...valid,
        billingFrequency: 10,
        isExactDateOfBillKnown: false,
        biMonthly1stDate: '2026-12-01',
        biMonthly2ndDate: '2026-12-20',
      },
      context,
    );
    expect(result.ok && result.value).toMatchObject({
      isExactDateOfBillKnown: true,
      dateOfBill: '2026-12-01',
      secondDateOfBill: '2026-12-20',
      secondDayOfMonth: 20,
    });
  });
  it('a twice-a-month bill keeps its saved (past) dates when only its amount changes', () => {
    const stored = { first: d('2026-06-05'), second: d('2026-06-20') };
    const input = {
      ...valid,
      expectedBillValue: $('150.00'),
      billingFrequency: 10,
      dateOfBill: '2026-06-05',
      biMonthly1stDate: '2026-06-05',
      biMonthly2ndDate: '2026-06-20',
    };
    const original = {
      dateOfBill: stored.first,
      biMonthlyDates: stored,
      expectedFinalBillDate: null,
      expectedBillValue: $('120.00'),
    };
    expect(checkBillDetails(input, { ...context, mode: 'modify', original })).toMatchObject({
      ok: true,
      value: { expectedBillValue: 15000, dateOfBill: '2026-06-05', secondDateOfBill: '2026-06-20' },
    });
    // A bill of another frequency saved then has no bi-monthly dates to keep.
    const monthly = { ...original, biMonthlyDates: null };
    expect(checkBillDetails(input, { ...context, mode: 'modify', original: monthly })).toMatchObject({
      ok: false,
      errors: [{ code: 'invalidBiMonthlyDates', field: 'biMonthly1stDate' }],
    });
  });
  it('a season bill takes its off-peak value as the expected value when none is given', () => {
    const result = checkBillDetails(
      {
        ...valid,
        expectedBillValue: null,
        isSeasonBill: true,
        peakValueOfBill: $('300.00'),
        offPeakValueOfBill: $('100.00'),
        peakMonths: [6, 7],
      },
      context,
    );
    expect(result.ok && result.value).toMatchObject({
      expectedBillValue: 10000,
      peakMonths: '6,7',
      isSeasonBill: true,
    });
  });
  it('an item with overdue bills needs the overdue option', () => {
    const result = checkBillDetails(valid, { ...context, hasOverdueBills: true });
    expect(!result.ok && result.errors.map((e) => e.code)).toEqual(['overdueOptionRequired']);
  });
});
