import { describe, expect, it } from 'vitest';
import type { BillerInput, SubCategoryInput } from '../../../gql/graphql';
import { previewItemOf, replacingKey } from './edit-preview-input';

const biller: BillerInput = {
  contractId: 1,
  billingCategoryId: 2,
  nickname: 'Gas',
  paymentType: 4,
  expectedBillValue: '120.00',
  billingFrequency: 3,
  isExactDateOfBillKnown: true,
  dateOfBill: '2026-12-05',
  doesAmountVaryFromBillToBill: true,
};

describe('previewItemOf', () => {
  it('maps the form to the planner biller input', () => {
    expect(previewItemOf(biller, '2026-11-23')).toEqual({
      key: 'edited',
      label: 'Gas',
      frequency: 3,
      dateOfBill: '2026-12-05',
      secondDateOfBill: null,
      finalBillDate: null,
      amount: '120.00',
      peakValue: null,
      offPeakValue: null,
      peakMonths: null,
      amountVaries: true,
      paymentMethod: 4,
    });
  });
  it('waits for an amount above zero, a frequency and a date', () => {
    expect(previewItemOf({ ...biller, expectedBillValue: null }, '2026-11-23')).toBeNull();
    expect(previewItemOf({ ...biller, expectedBillValue: '0.00' }, '2026-11-23')).toBeNull();
    expect(previewItemOf({ ...biller, billingFrequency: null }, '2026-11-23')).toBeNull();
    expect(previewItemOf({ ...biller, dateOfBill: null }, '2026-11-23')).toBeNull();
    expect(previewItemOf({ ...biller, billingFrequency: 10, biMonthly1stDate: '2026-12-01' }, '2026-11-23')).toBeNull();
  });
  it('takes a rough date as the 1st of its month (the server rule) and bi-monthly dates as both', () => {
    expect(
      previewItemOf({ ...biller, isExactDateOfBillKnown: false, dateOfBill: null, roughMonth: 3 }, '2026-11-23')
        ?.dateOfBill,
    ).toBe('2027-03-01');
    expect(
      previewItemOf(
        { ...biller, billingFrequency: 10, biMonthly1stDate: '2026-12-01', biMonthly2ndDate: '2026-12-20' },
        '2026-11-23',
      ),
    ).toMatchObject({ dateOfBill: '2026-12-01', secondDateOfBill: '2026-12-20' });
  });
  it('prices a season bill at its off-peak value with its peak months', () => {
    expect(
      previewItemOf(
        { ...biller, isSeasonBill: true, peakValueOfBill: '300.00', offPeakValueOfBill: '100.00', peakMonths: [6, 7] },
        '2026-11-23',
      ),
    ).toMatchObject({ amount: '100.00', peakValue: '300.00', offPeakValue: '100.00', peakMonths: [6, 7] });
  });
  it('reads a sub-category (no payment type, never varying)', () => {
    const sub: SubCategoryInput = { ...biller, billingSubCategoryId: null };
    delete (sub as Record<string, unknown>).paymentType;
    delete (sub as Record<string, unknown>).doesAmountVaryFromBillToBill;
    expect(previewItemOf(sub, '2026-11-23')).toMatchObject({ amountVaries: false, paymentMethod: null });
  });
});

describe('replacingKey', () => {
  it('names the stored item the edit replaces', () => {
    expect(replacingKey(0, 12)).toBe('biller:12');
    expect(replacingKey(1, 3)).toBe('subcategory:3');
    expect(replacingKey(0, null)).toBeNull();
  });
});
