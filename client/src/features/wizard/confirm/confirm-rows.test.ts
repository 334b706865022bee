import { describe, expect, it } from 'vitest';
import { occurrencesLine, paymentDetailsLine, type ConfirmRowPayment } from './confirm-rows';

const none: ConfirmRowPayment = {
  paymentType: null,
  bpayNumber: null,
  customerReferenceNumber: null,
  bsbNumber: null,
  eftAccountNumber: null,
  eftAccountName: null,
  directDebitAccountNumber: null,
};

describe('paymentDetailsLine (spec 3 §3: the confirm row’s payment details)', () => {
  it.each<[string, Partial<ConfirmRowPayment>, string]>([
    [
      'BPAY: biller code and masked reference',
      { paymentType: 'BPAY', bpayNumber: '23796', customerReferenceNumber: '*******890' },
      'BPAY biller code 23796 · reference *******890',
    ],
    [
      'EFT: BSB shown 3-3 and the account with its name',
      { paymentType: 'EFT', bsbNumber: '062000', eftAccountNumber: '12345678', eftAccountName: 'J Smith' },
      'EFT BSB 062-000 · account 12345678 (J Smith)',
    ],
    [
      'direct debit: its account',
      { paymentType: 'Direct Debit', directDebitAccountNumber: '890000017' },
      'Direct Debit account 890000017',
    ],
    ['a cheque: the type alone', { paymentType: 'Cheque' }, 'Cheque'],
    ['a sub-category: nothing', {}, ''],
  ])('%s', (_rule, row, line) => {
    expect(paymentDetailsLine({ ...none, ...row })).toBe(line);
  });
});

describe('occurrencesLine', () => {
  it.each<[number | null, number | null, string]>([
    [12, 3, 'Next: bill 3 of 12'],
    [12, null, '12 bills'],
    [1, null, '1 bill'],
    [null, null, ''],
  ])('%j of %j → %j', (total, upcoming, line) => {
    expect(occurrencesLine(total, upcoming)).toBe(line);
  });
});
