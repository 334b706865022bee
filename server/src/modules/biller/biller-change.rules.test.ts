import { describe, expect, it } from 'vitest';
import { parseLocalDate } from '../../shared/local-date.js';
import { parseMoney } from '../../shared/money.js';
import {
  billerChangesContract,
  billerPaymentChanges,
  subCategoryChangesContract,
  type BillerContractFields,
  type BillerPaymentFields,
} from './biller-change.rules.js';

const d = parseLocalDate;
const $ = parseMoney;

const contract: BillerContractFields = {
  expectedBillValue: $('100.00'),
  billingFrequency: 3,
  isSeasonBill: false,
  peakValueOfBill: null,
  offPeakValueOfBill: null,
  dateOfBill: d('2026-12-01'),
  secondDateOfBill: null,
  doesAmountVary: false,
  overdueOption: null,
};

const payment: BillerPaymentFields = {
  nickname: 'Water',
  paymentMethod: 0,
  bpayBillerCode: '482711',
  customerReferenceNumber: '123',
  bsbNumber: null,
  eftAccountNumber: null,
  eftAccountName: null,
  eftReferenceNumber: null,
  directDebitAccountNumber: null,
};

describe('billerChangesContract (spec 2 §4 contract changer)', () => {
  it.each<[string, Partial<BillerContractFields>, boolean]>([
    ['nothing changed', {}, false],
    ['expected value', { expectedBillValue: $('100.01') }, true],
    ['frequency', { billingFrequency: 1 }, true],
    ['season flag', { isSeasonBill: true }, true],
    ['peak value', { peakValueOfBill: $('5.00') }, true],
    ['off-peak value', { offPeakValueOfBill: $('5.00') }, true],
    ['date of bill', { dateOfBill: d('2026-12-02') }, true],
    ['bi-monthly second date', { secondDateOfBill: d('2026-12-20') }, true],
    ['amount-varies flag', { doesAmountVary: true }, true],
    ['an overdue option chosen', { overdueOption: 2 }, true],
  ])('an edit of the %s: %s', (_name, change, expected) => {
    expect(billerChangesContract('edit', contract, { ...contract, ...change })).toBe(expected);
  });
  it.each(['new', 'reinstate'] as const)('%s always changes the contract', (kind) => {
    expect(billerChangesContract(kind, contract, contract)).toBe(true);
  });
});

describe('billerPaymentChanges (spec 2 §4 payment change)', () => {
  it.each<[Partial<BillerPaymentFields>, string[]]>([
    [{}, []],
    [{ nickname: 'Town water' }, ['nickname']],
    [{ paymentMethod: 1 }, ['paymentMethod']],
    [{ bpayBillerCode: '615328' }, ['bpayBillerCode']],
    [{ customerReferenceNumber: '456' }, ['customerReferenceNumber']],
    [{ bsbNumber: '062000' }, ['bsbNumber']],
    [{ eftAccountNumber: '1234' }, ['eftAccountNumber']],
    [{ eftAccountName: 'X' }, ['eftAccountName']],
    [{ eftReferenceNumber: 'R' }, ['eftReferenceNumber']],
    [{ directDebitAccountNumber: '890000001' }, ['directDebitAccountNumber']],
  ])('%o → %o', (change, expected) => {
    expect(billerPaymentChanges(payment, { ...payment, ...change })).toEqual(expected);
  });
  it('renaming changes no contract field', () => {
    expect(billerChangesContract('edit', contract, contract)).toBe(false);
    expect(billerPaymentChanges(payment, { ...payment, nickname: 'Renamed' })).toEqual(['nickname']);
  });
});

describe('subCategoryChangesContract', () => {
  const sub = {
    expectedBillValue: $('50.00'),
    billingFrequency: 3,
    dateOfBill: d('2026-12-01'),
    secondDateOfBill: null,
  };
  it.each<[string, object, boolean]>([
    ['nothing', {}, false],
    ['expected value', { expectedBillValue: $('60.00') }, true],
    ['frequency', { billingFrequency: 2 }, true],
    ['date', { dateOfBill: d('2026-12-03') }, true],
  ])('%s: %s', (_name, change, expected) => {
    expect(subCategoryChangesContract('edit', sub, { ...sub, ...change })).toBe(expected);
  });
  it('a new sub-category changes the contract', () => {
    expect(subCategoryChangesContract('new', null, sub)).toBe(true);
  });
});
