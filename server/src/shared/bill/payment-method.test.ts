import { describe, expect, it } from 'vitest';
import { PaymentMethod, paymentMethodName } from './payment-method.js';

describe('paymentMethodName (the one label every screen shows)', () => {
  it.each([
    [PaymentMethod.Bpay, false, 'BPAY'],
    [PaymentMethod.Eft, false, 'EFT'],
    [PaymentMethod.DirectDebit, false, 'Direct Debit'],
    [PaymentMethod.Reimbursement, false, 'Reimbursement'],
    [PaymentMethod.Unknown, true, 'Allocation'],
    [null, false, 'Allocation'],
    [42, false, 'Unknown'],
  ])('method %s (sub-category %s) reads "%s"', (method, isSubCategory, name) => {
    expect(paymentMethodName(method, isSubCategory)).toBe(name);
  });
});
