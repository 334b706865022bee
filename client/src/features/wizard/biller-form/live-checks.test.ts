import { describe, expect, it } from 'vitest';
import { bpayCheckInput, bpayFeedback, bsbFeedback, directDebitFeedback } from './live-checks';

describe('bpayCheckInput', () => {
  it('checks nothing without a biller code', () => {
    expect(bpayCheckInput({ bPayNumber: ' ', customerReferenceNumber: '1', amount: '1.00' }, null)).toBeNull();
  });
  it('sends the reference and amount for the full check', () => {
    expect(bpayCheckInput({ bPayNumber: '203752', customerReferenceNumber: '123', amount: '5.00' }, null)).toEqual({
      bPayNumber: '203752',
      customerReferenceNumber: '123',
      amount: '5.00',
      loadedReference: null,
    });
  });
  it('skips a masked reference left untouched (only the biller code is checked)', () => {
    expect(
      bpayCheckInput({ bPayNumber: '203752', customerReferenceNumber: '*****678', amount: '5.00' }, '*****678'),
    ).toMatchObject({ customerReferenceNumber: null, amount: null });
  });
});

describe('bpayFeedback (codes 0, 11, 12, 13, 15)', () => {
  it('names the biller when valid', () => {
    expect(bpayFeedback({ code: 0, billerName: 'Gas Co', field: null }, false)).toEqual({
      errors: {},
      name: 'Gas Co',
      blocksSave: false,
    });
  });
  it.each([
    [11, 'bPayNumber', 'bPayNumber', 'Invalid BPAY biller code.'],
    [12, 'customerReferenceNumber', 'customerReferenceNumber', 'Invalid customer reference number.'],
    [13, 'amount', 'expectedBillValue', 'The amount is higher than this biller allows.'],
    [15, 'amount', 'expectedBillValue', 'The amount is lower than this biller allows.'],
  ])('code %i is shown at its field', (code, field, formField, message) => {
    expect(bpayFeedback({ code, billerName: null, field }, false)).toEqual({
      errors: { [formField]: message },
      name: null,
      blocksSave: true,
    });
  });
  it('says the service is unavailable for other codes, and the server error when the request failed', () => {
    expect(bpayFeedback({ code: 99, billerName: null, field: null }, false).errors.bPayNumber).toBe(
      'The service is not available at the moment. Please try again later.',
    );
    expect(bpayFeedback(undefined, true)).toEqual({
      errors: { bPayNumber: 'Could not validate BPAY number due to a server error.' },
      name: null,
      blocksSave: true,
    });
  });
});

describe('bsbFeedback (codes 0, 14)', () => {
  it('shows the bank, or the invalid message, or the server error', () => {
    expect(bsbFeedback({ code: 0, bankName: 'Commonwealth Bank', message: null }, false).name).toBe(
      'Commonwealth Bank',
    );
    expect(bsbFeedback({ code: 14, bankName: null, message: 'Invalid Bsb number' }, false).errors.bsbNumber).toBe(
      'Invalid Bsb number',
    );
    expect(bsbFeedback(undefined, true).errors.bsbNumber).toBe('Could not validate BSB number due to a server error.');
  });
});

describe('directDebitFeedback', () => {
  it('shows the server refusal at the number', () => {
    expect(
      directDebitFeedback({ valid: false, errors: [{ message: 'Invalid direct debit account number.' }] }, false),
    ).toEqual({
      errors: { directDebitAccountNumber: 'Invalid direct debit account number.' },
      name: null,
      blocksSave: true,
    });
    expect(directDebitFeedback({ valid: true, errors: [] }, false).blocksSave).toBe(false);
  });
});
