import { describe, expect, it } from 'vitest';
import { parseMoney, type Cents } from '../../shared/money.js';
import { DEMO_BPAY_BILLERS, type BpayBillerInfo } from '../../shared/validation/index.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import {
  catalogueEntryOf,
  checkBillOrAllocation,
  checkPaymentDetails,
  type BillerPaymentDetails,
} from './payment-details.rules.js';

const $ = (text: string): Cents => parseMoney(text);

function rejection(work: () => unknown): { code: string; field?: string; message: string } | null {
  try {
    work();
    return null;
  } catch (error) {
    const { code, field, message } = error as { code: string; field?: string; message: string };
    return { code, message, ...(field === undefined ? {} : { field }) };
  }
}

/** Harbourside Energy: MOD10V01 (Luhn) references of exactly 10 digits, at most $20,000. */
const harbourside = DEMO_BPAY_BILLERS.find((b) => b.billerCode === '482711')!;
/** Bluegum Gas: MOD10V01, at least $5. */
const bluegum = DEMO_BPAY_BILLERS.find((b) => b.billerCode === '9027')!;

const bpay: BillerPaymentDetails = {
  paymentMethod: PaymentMethod.Bpay,
  nickname: 'Power',
  bpayBillerCode: '482711',
  customerReferenceNumber: '1234567897',
  bsbNumber: null,
  eftAccountNumber: null,
  eftAccountName: null,
  eftReferenceNumber: null,
};

const eft: BillerPaymentDetails = {
  paymentMethod: PaymentMethod.Eft,
  nickname: 'Landlord',
  bpayBillerCode: null,
  customerReferenceNumber: null,
  bsbNumber: '062000',
  eftAccountNumber: '12345678',
  eftAccountName: 'J Citizen',
  eftReferenceNumber: null,
};

describe('rule "payment details" (1 §5: BPAY and EFT re-validated when paying)', () => {
  it.each([
    ['valid BPAY details', bpay, '100', harbourside, null],
    ['a biller code with no catalogue entry', bpay, '100', null, ['11', 'bPayNumber']],
    [
      'a reference failing the check digit',
      { ...bpay, customerReferenceNumber: '1234567890' },
      '100',
      harbourside,
      ['12', 'customerReferenceNumber'],
    ],
    [
      'a reference of the wrong length',
      { ...bpay, customerReferenceNumber: '12345674' },
      '100',
      harbourside,
      ['12', 'customerReferenceNumber'],
    ],
    [
      'no stored reference',
      { ...bpay, customerReferenceNumber: null },
      '100',
      harbourside,
      ['12', 'customerReferenceNumber'],
    ],
    ['an amount above the maximum', bpay, '20000.01', harbourside, ['13', 'amount']],
    [
      'an amount below the minimum',
      { ...bpay, bpayBillerCode: '9027', customerReferenceNumber: '12345674' },
      '4.99',
      bluegum,
      ['15', 'amount'],
    ],
    ['valid EFT details', eft, '100', null, null],
    ['an invalid BSB', { ...eft, bsbNumber: '999999' }, '100', null, ['14', 'bsbNumber']],
    ['a BSB of 0 (empty)', { ...eft, bsbNumber: '000000' }, '100', null, ['14', 'bsbNumber']],
    [
      'a bad account number',
      { ...eft, eftAccountNumber: '12' },
      '100',
      null,
      ['invalidEftAccountNumber', 'eftAccountNumber'],
    ],
    ['no account name', { ...eft, eftAccountName: ' ' }, '100', null, ['eftAccountNameRequired', 'eftAccountName']],
    ['a cheque biller (nothing to check)', { ...bpay, paymentMethod: PaymentMethod.Cheque }, '100', null, null],
    ['an Unknown biller (nothing to check)', { ...bpay, paymentMethod: PaymentMethod.Unknown }, '100', null, null],
  ] as const)('%s', (_name, details, amount, entry, expected) => {
    const result = rejection(() => checkPaymentDetails(details, $(amount), entry as BpayBillerInfo | null));
    expect(result === null ? null : [result.code, result.field]).toEqual(expected);
  });

  it("answers BSB 14 with the spec's words", () => {
    expect(rejection(() => checkPaymentDetails({ ...eft, bsbNumber: '999999' }, $('1'), null))?.message).toBe(
      'Invalid Bsb number',
    );
  });
});

describe('rule "Unknown payment type" (1 §4: Bill or Allocation is Allocation)', () => {
  it.each([
    [PaymentMethod.Unknown, 'bill', 'UNKNOWN_PAYMENT_TYPE'],
    [PaymentMethod.Unknown, 'allocation', null],
    [PaymentMethod.Bpay, 'bill', null],
    [PaymentMethod.Eft, 'allocation', null],
    [null, 'bill', null],
  ] as const)('payment method %s paid as %s: %s', (method, kind, expected) => {
    expect(rejection(() => checkBillOrAllocation(method, kind))?.code ?? null).toBe(expected);
  });
});

describe('catalogueEntryOf (a stored company as a BPAY catalogue entry)', () => {
  const company = {
    bpayBillerCode: '1001',
    name: 'Stored Co',
    referenceAlgorithm: 'MOD10V05' as const,
    referenceMinLength: null,
    referenceMaxLength: null,
    minAmount: null,
    maxAmount: null,
  };
  it.each([
    ['no length rule', null, null, undefined],
    ['an exact length', 10, 10, 10],
    ['a range', 8, 12, { min: 8, max: 12 }],
    ['only a minimum', 6, null, { min: 6, max: 20 }],
  ] as const)('%s', (_name, low, high, expected) => {
    const entry = catalogueEntryOf({ ...company, referenceMinLength: low, referenceMaxLength: high });
    expect(entry.referenceLength).toEqual(expected);
  });
  it('keeps the amount limits when stored', () => {
    const entry = catalogueEntryOf({ ...company, minAmount: $('1'), maxAmount: $('500') });
    expect([entry.minAmount, entry.maxAmount]).toEqual([$('1'), $('500')]);
  });
});
