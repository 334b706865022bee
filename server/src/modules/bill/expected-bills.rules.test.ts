import { describe, expect, it } from 'vitest';
import { parseLocalDate } from '../../shared/local-date.js';
import { parseMoney } from '../../shared/money.js';
import { parsePeakMonths } from '../../shared/bill/bill-amount.rules.js';
import { BillScheduleError } from '../../shared/bill/bill.errors.js';
import { BillingFrequency } from '../../shared/bill/billing-frequency.js';
import { expectedBills, expectedBillsForAgreement, type BillPlan } from './expected-bills.rules.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';

const d = parseLocalDate;
const $ = parseMoney;
const year2026 = { start: d('2026-01-01'), end: d('2026-12-31') };

const electricity: BillPlan = {
  billerKey: 'biller:1',
  label: 'Electricity',
  frequency: BillingFrequency.Quarterly,
  dateOfBill: d('2026-02-15'),
  expectedBillValue: $('250'),
  season: { peakMonths: parsePeakMonths('5,8'), peakValue: $('400.05'), offPeakValue: $('200') },
  amountVaries: true,
  paymentMethod: PaymentMethod.Bpay,
};

const rent: BillPlan = {
  billerKey: 'biller:2',
  label: 'Rent',
  frequency: BillingFrequency.Monthly,
  dateOfBill: d('2026-01-15'),
  expectedBillValue: $('1200'),
  amountVaries: false,
  paymentMethod: PaymentMethod.Eft,
};

describe('expectedBills', () => {
  it('DOMAIN Bills: lists each bill with its season amount and 10% contingency, and their totals', () => {
    const summary = expectedBills(electricity, year2026);
    expect(summary.bills.map((bill) => [bill.date, bill.amount, bill.contingency])).toEqual([
      ['2026-02-15', 20000, 2000],
      ['2026-05-15', 40005, 4001],
      ['2026-08-15', 40005, 4001],
      ['2026-11-15', 20000, 2000],
    ]);
    expect(summary).toMatchObject({
      billerKey: 'biller:1',
      label: 'Electricity',
      count: 4,
      totalAmount: 120010,
      totalContingency: 12002,
      total: 132012,
    });
    expect(summary.bills.every((bill) => bill.billerKey === 'biller:1' && bill.label === 'Electricity')).toBe(true);
  });

  it('spec 3 §9: a fixed bill carries no contingency', () => {
    const summary = expectedBills(rent, year2026);
    expect(summary.count).toBe(12);
    expect(summary.totalAmount).toBe($('14400'));
    expect(summary.totalContingency).toBe(0);
    expect(summary.total).toBe($('14400'));
  });

  it("spec 3 §3: the final bill is one of the bills, marked so the confirm page can label it 'Final bill'", () => {
    const summary = expectedBills({ ...rent, finalBillDate: d('2026-03-20') }, year2026);
    expect(summary.bills.map((bill) => [bill.date, bill.isFinalBill])).toEqual([
      ['2026-01-15', false],
      ['2026-02-15', false],
      ['2026-03-15', false],
      ['2026-03-20', true],
    ]);
    expect(summary.totalAmount).toBe($('4800'));
  });

  it('spec 1 §9: passes on the next-occurrence limit', () => {
    expect(expectedBills(rent, year2026, { after: d('2026-06-15'), limit: 2 }).bills.map((bill) => bill.date)).toEqual([
      '2026-07-15',
      '2026-08-15',
    ]);
  });

  it("spec 3 §5: a plan with more than 10,000 bills fails with 'Error when getting the billers.'", () => {
    const daily: BillPlan = { ...rent, frequency: BillingFrequency.PerDay, dateOfBill: d('2000-01-01') };
    expect(() => expectedBills(daily, { start: d('2000-01-01'), end: d('2030-01-01') })).toThrow(
      new BillScheduleError('TOO_MANY_OCCURRENCES', 'Error when getting the billers.'),
    );
  });
});

describe('expectedBillsForAgreement', () => {
  it('DOMAIN Deposits: merges every plan’s bills in date order for the deposit simulation', () => {
    const sameDay: BillPlan = {
      ...rent,
      billerKey: 'biller:3',
      label: 'Water',
      dateOfBill: d('2026-02-15'),
      expectedBillValue: $('80'),
    };
    const summary = expectedBillsForAgreement([electricity, rent, sameDay], {
      start: d('2026-01-01'),
      end: d('2026-03-31'),
    });
    expect(summary.bills.map((bill) => [bill.date, bill.label])).toEqual([
      ['2026-01-15', 'Rent'],
      ['2026-02-15', 'Electricity'],
      ['2026-02-15', 'Rent'],
      ['2026-02-15', 'Water'],
      ['2026-03-15', 'Rent'],
      ['2026-03-15', 'Water'],
    ]);
    expect(summary.byBiller.map((biller) => biller.count)).toEqual([1, 3, 2]);
    expect(summary).toMatchObject({ count: 6, totalAmount: $('3960'), totalContingency: $('20'), total: $('3980') });
  });

  it('gives empty totals for no plans', () => {
    expect(expectedBillsForAgreement([], year2026)).toEqual({
      bills: [],
      byBiller: [],
      count: 0,
      totalAmount: 0,
      totalContingency: 0,
      total: 0,
    });
  });
});
