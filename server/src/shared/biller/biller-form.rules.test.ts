import { describe, expect, it } from 'vitest';
import { parseLocalDate } from '../local-date.js';
import { parseMoney } from '../money.js';
import { DEMO_BPAY_BILLERS, appendCheckDigit, INVALID_BSB_MESSAGE } from '../validation/index.js';
import { PaymentMethod } from '../bill/payment-method.js';
import {
  changePaymentType,
  checkBillerForm,
  maskCustomerReference,
  paymentFlags,
  type BillerFormContext,
  type BillerFormInput,
  type PaymentTypeState,
} from './biller-form.rules.js';

const d = parseLocalDate;
const $ = parseMoney;
const harbourside = DEMO_BPAY_BILLERS[0]; // 482711, MOD10V01, 10 digits, max $20,000
const reference = appendCheckDigit('123456789', 'MOD10V01');

const context: BillerFormContext = {
  today: d('2026-11-23'),
  mode: 'setup',
  agreementEnd: d('2027-11-30'),
  hasOverdueBills: false,
  bpayBiller: harbourside,
};

const bpay: BillerFormInput = {
  nickname: 'Electricity',
  paymentType: PaymentMethod.Bpay,
  bPayNumber: '482711',
  customerReferenceNumber: reference,
  expectedBillValue: $('250.00'),
  billingFrequency: 5,
  isExactDateOfBillKnown: true,
  dateOfBill: '2026-12-15',
  doesAmountVaryFromBillToBill: false,
  isAutoPaymentBill: true,
};

const eft: BillerFormInput = {
  ...bpay,
  nickname: 'Landlord rent for the flat in town',
  paymentType: PaymentMethod.Eft,
  bPayNumber: null,
  customerReferenceNumber: null,
  bsbNumber: '62-000',
  eftAccountNumber: '1234 5678',
  eftAccountName: 'J Smith',
};

const directDebit: BillerFormInput = {
  ...bpay,
  nickname: 'Gym',
  paymentType: PaymentMethod.DirectDebit,
  bPayNumber: null,
  customerReferenceNumber: null,
  directDebitAccountNumber: '890000001',
  doesAmountVaryFromBillToBill: false,
  isAutoPaymentBill: false,
  isExactDateOfBillKnown: false,
};

function codes(input: BillerFormInput, ctx: BillerFormContext = context): string[] {
  const result = checkBillerForm(input, ctx);
  return result.ok ? [] : result.errors.map((error) => `${error.field}:${error.code}`);
}

describe('checkBillerForm: BPAY (spec 2 §5)', () => {
  it('keeps the biller code, the biller name and the reference; no contingency on a fixed bill', () => {
    const result = checkBillerForm(bpay, context);
    expect(result.ok && result.value).toMatchObject({
      paymentMethod: PaymentMethod.Bpay,
      bpayBillerCode: '482711',
      bpayBillerName: 'Harbourside Energy',
      customerReferenceNumber: reference,
      contingencyValue: 0,
      isAutoPayment: true,
      bsbNumber: null,
    });
  });
  it.each<[string, Partial<BillerFormInput>, BillerFormContext, string[]]>([
    ['unknown biller code: 11', { bPayNumber: '999999' }, { ...context, bpayBiller: null }, ['bPayNumber:11']],
    ['letters in the reference: 12', { customerReferenceNumber: '12ab' }, context, ['customerReferenceNumber:12']],
    ['wrong check digit: 12', { customerReferenceNumber: '1234567890' }, context, ['customerReferenceNumber:12']],
    ['no reference', { customerReferenceNumber: '' }, context, ['customerReferenceNumber:12']],
    ['above the biller maximum: 13', { expectedBillValue: $('20000.01') }, context, ['amount:13']],
  ])('%s', (_name, change, ctx, expected) => {
    expect(codes({ ...bpay, ...change }, ctx)).toEqual(expected);
  });
  it('a masked reference sent back unchanged keeps the stored one (not re-validated)', () => {
    const masked = maskCustomerReference(reference)!;
    const result = checkBillerForm(
      { ...bpay, customerReferenceNumber: masked },
      { ...context, storedReference: reference },
    );
    expect(result.ok && result.value.customerReferenceNumber).toBe(reference);
  });
});

describe('maskCustomerReference (the one masker of spec 2 §3, with the card mask of §9)', () => {
  it.each([
    ['a reference shows its last 3 digits', '1234567890', '*******890'],
    ['a short reference shows its last digit', '12', '*2'],
    ['no reference is none', '', null],
    ['a card-length reference passing Luhn gets the card mask', '4111111111111111', '411111******1111'],
    ['a card-length reference failing Luhn shows its last 3', '4111111111111112', '*************112'],
    ['a Luhn-valid reference shorter than a card shows its last 3', '1234567897', '*******897'],
  ])('%s: %s → %s', (_rule, value, masked) => {
    expect(maskCustomerReference(value)).toBe(masked);
  });
});

describe('checkBillerForm: EFT (spec 2 §5)', () => {
  it('pads the BSB to 6 digits, names the bank and defaults the reference to the nickname cut to 18', () => {
    const result = checkBillerForm(eft, context);
    expect(result.ok && result.value).toMatchObject({
      bsbNumber: '062000',
      bsbBankName: 'Commonwealth Bank',
      eftAccountNumber: '12345678',
      eftReferenceNumber: 'Landlord rent for',
      bpayBillerCode: null,
    });
  });
  it.each<[string, Partial<BillerFormInput>, string[]]>([
    ['BSB not a number', { bsbNumber: 'abc' }, ['bsbNumber:14']],
    ['BSB of no bank', { bsbNumber: '999-999' }, ['bsbNumber:14']],
    ['account number too short', { eftAccountNumber: '12' }, ['eftAccountNumber:invalidEftAccountNumber']],
    ['no account name', { eftAccountName: ' ' }, ['eftAccountName:eftAccountNameRequired']],
    ['reference too long', { eftReferenceNumber: 'x'.repeat(19) }, ['eftReferenceNumber:invalidEftReference']],
  ])('%s', (_name, change, expected) => {
    expect(codes({ ...eft, ...change })).toEqual(expected);
  });
  it("says 'Invalid Bsb number'", () => {
    const result = checkBillerForm({ ...eft, bsbNumber: '12x' }, context);
    expect(!result.ok && result.errors[0].message).toBe(INVALID_BSB_MESSAGE);
  });
});

describe('checkBillerForm: direct debit (spec 2 §4, §5)', () => {
  it('forces amount-varies, exact date and auto-payment on, with the 10% contingency', () => {
    const result = checkBillerForm({ ...directDebit, isExactDateOfBillKnown: true }, context);
    expect(result.ok && result.value).toMatchObject({
      doesAmountVary: true,
      isAutoPayment: true,
      isExactDateOfBillKnown: true,
      directDebitAccountNumber: '890000001',
      contingencyValue: 2500,
    });
  });
  it('takes the date as exact even when the form said rough', () => {
    const result = checkBillerForm(directDebit, context);
    expect(result.ok && result.value.dateOfBill).toBe('2026-12-15');
  });
  it.each<[string, string, string[]]>([
    ['9 digits starting 80', '801234567', []],
    ['not starting 89 or 80', '701234567', ['directDebitAccountNumber:invalidDirectDebitAccountNumber']],
    ['8 digits', '89000001', ['directDebitAccountNumber:invalidDirectDebitAccountNumber']],
    ['held by another biller', '890000002', ['directDebitAccountNumber:directDebitAccountNumberInUse']],
  ])('%s', (_name, number, expected) => {
    const ctx = { ...context, directDebitNumbersInUse: ['890000002'] };
    expect(codes({ ...directDebit, directDebitAccountNumber: number }, ctx)).toEqual(expected);
  });
  it('leaves a missing number for the service to assign', () => {
    const result = checkBillerForm({ ...directDebit, directDebitAccountNumber: '' }, context);
    expect(result.ok && result.value.directDebitAccountNumber).toBeNull();
  });
});

describe('checkBillerForm: the other fields', () => {
  it.each<[string, Partial<BillerFormInput>, string[]]>([
    ['no nickname', { nickname: '  ' }, ['nickname:nicknameRequired']],
    ['nickname too long', { nickname: 'n'.repeat(81) }, ['nickname:nicknameTooLong']],
    ['no payment type', { paymentType: null }, ['paymentType:paymentTypeRequired']],
    ['internal transfer is not a form payment type', { paymentType: 5 }, ['paymentType:paymentTypeRequired']],
    [
      'no amount-varies choice',
      { doesAmountVaryFromBillToBill: null },
      ['doesAmountVaryFromBillToBill:amountVariesRequired'],
    ],
    ['bill date in the past', { dateOfBill: '2026-11-01' }, ['dateOfBill:billDateInPast']],
    ['note too long', { newNoteText: 'x'.repeat(1001) }, ['newNoteText:noteTooLong']],
  ])('%s', (_name, change, expected) => {
    expect(codes({ ...bpay, ...change })).toEqual(expected);
  });
  it('cheque and reimbursement carry no payment details', () => {
    const result = checkBillerForm({ ...bpay, paymentType: PaymentMethod.Cheque }, context);
    expect(result.ok && result.value).toMatchObject({ bpayBillerCode: null, customerReferenceNumber: null });
  });
  it('a varying amount is not paid automatically and carries the 10% contingency', () => {
    const result = checkBillerForm({ ...bpay, doesAmountVaryFromBillToBill: true, isAutoPaymentBill: true }, context);
    expect(result.ok && result.value).toMatchObject({ isAutoPayment: false, contingencyValue: 2500 });
  });
  it('an overdue option is required when the biller has overdue bills', () => {
    expect(codes(bpay, { ...context, hasOverdueBills: true })).toEqual(['overdueOption:overdueOptionRequired']);
  });
});

describe('paymentFlags and changePaymentType (spec 2 §4)', () => {
  it.each([
    [PaymentMethod.DirectDebit, false, false, { doesAmountVary: true, isAutoPayment: true, forcesExactDate: true }],
    [PaymentMethod.Bpay, true, true, { doesAmountVary: true, isAutoPayment: false, forcesExactDate: false }],
    [PaymentMethod.Bpay, false, true, { doesAmountVary: false, isAutoPayment: true, forcesExactDate: false }],
  ])('type %i, varies %s, auto %s', (type, varies, auto, expected) => {
    expect(paymentFlags(type, varies, auto)).toEqual(expected);
  });

  const start: PaymentTypeState = {
    paymentType: PaymentMethod.Bpay,
    doesAmountVaryFromBillToBill: false,
    isExactDateOfBillKnown: false,
    isAutoPaymentBill: false,
    priorAutoPayment: null,
    bPayNumber: '123',
    customerReferenceNumber: '9',
    bPayNumberValid: false,
    customerReferenceValid: true,
  };
  it('direct debit forces the flags on and remembers the auto-payment; leaving restores it', () => {
    const dd = changePaymentType(start, PaymentMethod.DirectDebit);
    expect(dd).toMatchObject({
      doesAmountVaryFromBillToBill: true,
      isExactDateOfBillKnown: true,
      isAutoPaymentBill: true,
      priorAutoPayment: false,
    });
    expect(changePaymentType(dd, PaymentMethod.Eft)).toMatchObject({
      isAutoPaymentBill: false,
      priorAutoPayment: null,
    });
  });
  it('clears the BPAY number and reference only when they were invalid', () => {
    expect(changePaymentType(start, PaymentMethod.Eft)).toMatchObject({
      bPayNumber: null,
      customerReferenceNumber: '9',
    });
  });
});
