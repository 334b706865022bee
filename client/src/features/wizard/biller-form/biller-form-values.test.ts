import { FORM_ERROR } from 'final-form';
import { describe, expect, it } from 'vitest';
import {
  billerInputOf,
  BILLER_FIELDS,
  bsbShown,
  contingencyShown,
  EMPTY_BILLER,
  eftReferencePlaceholder,
  formatWizardDate,
  moneyOf,
  subCategoryInputOf,
  submissionErrors,
  withPaymentType,
  type BillerFormValues,
} from './biller-form-values';

const place = { contractId: 7, billingCategoryId: 3, companyId: 12, itemId: null };
const valid = { number: true, reference: true };

describe('withPaymentType (spec 2 §4, the server rule)', () => {
  it('direct debit forces amount-varies, exact date and auto-payment on, remembering auto-payment', () => {
    const before: BillerFormValues = { ...EMPTY_BILLER, paymentType: '0', amountVaries: 'no', dateKind: 'rough' };
    const after = withPaymentType(before, 4, valid);
    expect(after).toMatchObject({
      paymentType: '4',
      amountVaries: 'yes',
      dateKind: 'exact',
      isAutoPaymentBill: true,
      priorAutoPayment: false,
    });
  });
  it('leaving direct debit restores the auto-payment chosen before', () => {
    const dd = withPaymentType({ ...EMPTY_BILLER, paymentType: '1', isAutoPaymentBill: true }, 4, valid);
    expect(withPaymentType(dd, 1, valid)).toMatchObject({ paymentType: '1', isAutoPaymentBill: true });
  });
  it('clears the BPAY number and reference when they were invalid', () => {
    const bpay = { ...EMPTY_BILLER, paymentType: '0', bPayNumber: '999', customerReferenceNumber: '12x' };
    expect(withPaymentType(bpay, 1, { number: false, reference: false })).toMatchObject({
      bPayNumber: '',
      customerReferenceNumber: '',
    });
    expect(withPaymentType(bpay, 1, valid)).toMatchObject({ bPayNumber: '999', customerReferenceNumber: '12x' });
  });
});

describe('contingencyShown', () => {
  it('is 10% on a varying or direct-debit bill and none on a fixed one', () => {
    expect(contingencyShown({ expectedBillValue: '200', amountVaries: 'yes', paymentType: '1' })).toBe('20.00');
    expect(contingencyShown({ expectedBillValue: '60', amountVaries: 'no', paymentType: '4' })).toBe('6.00');
    expect(contingencyShown({ expectedBillValue: '200', amountVaries: 'no', paymentType: '0' })).toBeNull();
    expect(contingencyShown({ expectedBillValue: '', amountVaries: 'yes', paymentType: '0' })).toBeNull();
  });
});

describe('billerInputOf', () => {
  const values: BillerFormValues = {
    ...EMPTY_BILLER,
    nickname: 'Gas',
    paymentType: '1',
    bPayNumber: '203752',
    bsbNumber: '062-000',
    eftAccountNumber: '1234',
    eftAccountName: 'Gas Co',
    expectedBillValue: '12.3',
    billingFrequency: '3',
    dateOfBill: '2027-03-05',
    amountVaries: 'no',
  };
  it("sends only the chosen payment type's details and the amount as Money", () => {
    const input = billerInputOf(values, place);
    expect(input).toMatchObject({
      contractId: 7,
      billingCategoryId: 3,
      companyId: 12,
      billerId: null,
      paymentType: 1,
      bPayNumber: null,
      bsbNumber: '062-000',
      expectedBillValue: '12.30',
      billingFrequency: 3,
      isExactDateOfBillKnown: true,
      dateOfBill: '2027-03-05',
      roughMonth: null,
      doesAmountVaryFromBillToBill: false,
      eftReferenceNumber: null,
    });
  });
  it('sends a rough date as its month, bi-monthly dates as both dates, and no amount-varies choice as null', () => {
    expect(billerInputOf({ ...values, dateKind: 'rough', roughMonth: '6' }, place)).toMatchObject({
      isExactDateOfBillKnown: false,
      dateOfBill: null,
      roughMonth: 6,
    });
    expect(
      billerInputOf(
        { ...values, billingFrequency: '10', biMonthly1stDate: '2026-12-01', biMonthly2ndDate: '2026-12-20' },
        place,
      ),
    ).toMatchObject({ dateOfBill: '2026-12-01', biMonthly1stDate: '2026-12-01', biMonthly2ndDate: '2026-12-20' });
    expect(billerInputOf({ ...values, amountVaries: '' }, place).doesAmountVaryFromBillToBill).toBeNull();
    expect(billerInputOf({ ...values, amountVaries: '', paymentType: '4' }, place)).toMatchObject({
      doesAmountVaryFromBillToBill: true,
      isExactDateOfBillKnown: true,
    });
  });
  it('sub-categories carry the bill fields only', () => {
    expect(subCategoryInputOf({ ...values, nickname: 'Heating' }, { ...place, itemId: 4 })).toEqual({
      billingSubCategoryId: 4,
      contractId: 7,
      billingCategoryId: 3,
      nickname: 'Heating',
      expectedBillValue: '12.30',
      billingFrequency: 3,
      isExactDateOfBillKnown: true,
      dateOfBill: '2027-03-05',
      roughMonth: null,
      biMonthly1stDate: null,
      biMonthly2ndDate: null,
      overdueOption: null,
    });
  });
});

describe('submissionErrors', () => {
  it('puts each refusal at its field (the first per field) and the rest at the form', () => {
    expect(
      submissionErrors(
        [
          { field: 'nickname', message: 'Name it.' },
          { field: 'nickname', message: 'Second.' },
          { field: 'amount', message: 'Too low.' },
          { field: 'companyId', message: 'No such company.' },
          { field: null, message: 'Oops.' },
        ],
        BILLER_FIELDS,
      ),
    ).toEqual({ nickname: 'Name it.', expectedBillValue: 'Too low.', [FORM_ERROR]: 'No such company. Oops.' });
  });
});

describe('display helpers', () => {
  it("shows wizard dates as 'd MMMM, y'", () => {
    expect(formatWizardDate('2027-03-05')).toBe('5 March, 2027');
    expect(formatWizardDate('')).toBe('');
    expect(formatWizardDate('05-03-2027')).toBe('');
  });
  it('shows a BSB 3-3, padded to 6', () => {
    expect(bsbShown('62000')).toBe('062-000');
    expect(bsbShown('12a')).toBeNull();
  });
  it('defaults the EFT reference to the nickname cut to 18', () => {
    expect(eftReferencePlaceholder('Plumber account payments')).toBe('Plumber account pa');
  });
  it('reads amounts as Money', () => {
    expect(moneyOf('12.3')).toBe('12.30');
    expect(moneyOf('')).toBeNull();
  });
});
