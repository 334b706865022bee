import { describe, expect, it } from 'vitest';
import { parseLocalDate } from '../local-date.js';
import { cents, parseMoney, type Cents } from '../money.js';
import { BillScheduleError } from './bill.errors.js';
import {
  billAmountOn,
  carriesContingency,
  contingencyFor,
  formatPeakMonths,
  parsePeakMonths,
  type BillValue,
} from './bill-amount.rules.js';
import { PaymentMethod } from './payment-method.js';

const d = parseLocalDate;
const $ = parseMoney;

describe('payment method codes', () => {
  it('spec 1 §9: 0 BPAY, 1 EFT, 2 Cheque, 3 Reimbursement, 4 Direct Debit, 5 Internal Transfer, 6 RainyDay, 7 Unknown', () => {
    expect([
      PaymentMethod.Bpay,
      PaymentMethod.Eft,
      PaymentMethod.Cheque,
      PaymentMethod.Reimbursement,
      PaymentMethod.DirectDebit,
      PaymentMethod.InternalTransfer,
      PaymentMethod.RainyDay,
      PaymentMethod.Unknown,
    ]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('parsePeakMonths', () => {
  it.each<[string | null, number[]]>([
    ['', []],
    [null, []],
    ['1', [1]],
    ['12,1,2', [1, 2, 12]],
    [' 6 , 7,8 ', [6, 7, 8]],
    ['1,1', [1]],
    ['06', [6]],
  ])('spec 2 §3: peakMonths "%s" are the months %j', (text, expected) => {
    expect([...parsePeakMonths(text)].sort((a, b) => a - b)).toEqual(expected);
  });

  it.each(['0', '13', 'Jan', '1,,2', '1.5', '-1'])('refuses "%s"', (text) => {
    expect(() => parsePeakMonths(text)).toThrow(BillScheduleError);
  });

  it('stores peak months sorted and comma-separated', () => {
    expect(formatPeakMonths([12, 1, 2, 1])).toBe('1,2,12');
    expect(formatPeakMonths(parsePeakMonths(formatPeakMonths([7, 6])))).toBe('6,7');
  });
});

describe('billAmountOn', () => {
  const winterHeating: BillValue = {
    expectedBillValue: $('150'),
    season: { peakMonths: parsePeakMonths('6,7,8'), peakValue: $('300'), offPeakValue: $('100') },
  };

  it.each<[string, Cents]>([
    ['2026-05-31', $('100')],
    ['2026-06-01', $('300')],
    ['2026-08-31', $('300')],
    ['2026-09-01', $('100')],
  ])('DOMAIN Bills: a season bill on %s is %i cents (peak months use the peak value)', (date, expected) => {
    expect(billAmountOn(winterHeating, d(date))).toBe(expected);
  });

  it('DOMAIN Bills: a bill that is not a season bill is its expected value every month', () => {
    expect(billAmountOn({ expectedBillValue: $('150') }, d('2026-07-01'))).toBe($('150'));
    expect(billAmountOn({ expectedBillValue: $('150'), season: null }, d('2026-07-01'))).toBe($('150'));
  });

  it('DOMAIN Bills: a season bill with no peak months is off-peak all year', () => {
    const flat: BillValue = {
      expectedBillValue: $('150'),
      season: { peakMonths: new Set(), peakValue: $('300'), offPeakValue: $('90') },
    };
    expect(billAmountOn(flat, d('2026-07-01'))).toBe($('90'));
  });
});

describe('contingencyFor', () => {
  it.each<[string, boolean, PaymentMethod | null | undefined, boolean]>([
    ['a fixed BPAY bill', false, PaymentMethod.Bpay, false],
    ['a fixed EFT bill', false, PaymentMethod.Eft, false],
    ['a variable BPAY bill', true, PaymentMethod.Bpay, true],
    ['a direct debit bill, even if marked fixed', false, PaymentMethod.DirectDebit, true],
    ['a variable direct debit bill', true, PaymentMethod.DirectDebit, true],
    ['a sub-category (no payment method)', false, undefined, false],
    ['a sub-category with a null payment method', false, null, false],
  ])('spec 2 §9: %s carries a contingency: %s', (_, amountVaries, paymentMethod, expected) => {
    expect(carriesContingency({ amountVaries, paymentMethod })).toBe(expected);
  });

  it.each<[number, number]>([
    [12345, 1235],
    [12344, 1234],
    [15000, 1500],
    [5, 1],
    [4, 0],
    [0, 0],
    [-12345, -1235],
  ])(
    'spec 1 §9: the contingency on %i cents is %i cents (10%, 2 decimals, half away from zero)',
    (amount, expected) => {
      expect(contingencyFor(cents(amount), { amountVaries: true })).toBe(expected);
    },
  );

  it('spec 3 §9: a fixed bill has no contingency', () => {
    expect(contingencyFor($('123.45'), { amountVaries: false, paymentMethod: PaymentMethod.Bpay })).toBe(0);
  });
});
