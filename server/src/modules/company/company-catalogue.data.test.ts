import { describe, expect, it } from 'vitest';
import {
  isLuhnValid,
  normaliseBillerCode,
  validateBpayPayment,
  type BpayBillerInfo,
} from '../../shared/validation/index.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import { CATALOGUE_CATEGORIES, CATALOGUE_COMPANIES } from './company-catalogue.data.js';
import { catalogueEntryOf, companyPaymentMethods } from './company-catalogue.rules.js';

/** Each shipped company as the BPAY validator sees it once stored (the same conversion the server reads with). */
const bpayCatalogue: BpayBillerInfo[] = CATALOGUE_COMPANIES.flatMap(({ name, bpay }) => {
  if (!bpay) return [];
  const length = bpay.referenceLength;
  return [
    catalogueEntryOf({
      bpayBillerCode: bpay.billerCode,
      name,
      referenceAlgorithm: bpay.referenceAlgorithm,
      referenceMinLength: typeof length === 'number' ? length : (length?.min ?? null),
      referenceMaxLength: typeof length === 'number' ? length : (length?.max ?? null),
      minAmount: bpay.minAmount ?? null,
      maxAmount: bpay.maxAmount ?? null,
    }),
  ];
});

describe('the shipped company catalogue (spec 2 §2)', () => {
  it('has at least 12 household categories and 150 companies, names unique', () => {
    const categories = Object.values(CATALOGUE_CATEGORIES).filter((name) => name !== 'Other');
    expect(categories.length).toBeGreaterThanOrEqual(12);
    expect(CATALOGUE_COMPANIES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(CATALOGUE_COMPANIES.map((c) => c.name.toLowerCase())).size).toBe(CATALOGUE_COMPANIES.length);
  });

  it('gives every category at least five companies', () => {
    for (const key of Object.keys(CATALOGUE_CATEGORIES)) {
      expect(CATALOGUE_COMPANIES.filter((c) => c.category === key).length, key).toBeGreaterThanOrEqual(5);
    }
  });

  it.each(CATALOGUE_COMPANIES.map((company) => [company.name, company] as const))(
    '%s has a category, a payment method of the biller form, and BPAY exactly with a biller code',
    (_name, company) => {
      expect(Object.keys(CATALOGUE_CATEGORIES)).toContain(company.category);
      expect(company.paymentMethods.length).toBeGreaterThan(0);
      for (const method of company.paymentMethods) {
        expect([
          PaymentMethod.Bpay,
          PaymentMethod.Eft,
          PaymentMethod.Cheque,
          PaymentMethod.Reimbursement,
          PaymentMethod.DirectDebit,
        ]).toContain(method);
      }
      expect(company.paymentMethods.includes(PaymentMethod.Bpay)).toBe(company.bpay !== undefined);
      // Stored as '0,1' and read back: the same methods.
      expect(companyPaymentMethods(company.paymentMethods.join(','), company.bpay?.billerCode ?? null)).toEqual(
        [...company.paymentMethods].sort((a, b) => a - b),
      );
    },
  );

  it.each(bpayCatalogue.map((entry) => [entry.billerCode, entry.name] as const))(
    'BPAY biller code %s (%s) is well formed, passes its Luhn check digit and validates as its company',
    (billerCode, name) => {
      expect(normaliseBillerCode(billerCode)).toBe(billerCode);
      expect(isLuhnValid(billerCode)).toBe(true);
      expect(validateBpayPayment({ billerCode }, bpayCatalogue)).toMatchObject({ ok: true, code: 0, billerName: name });
    },
  );

  it('gives each BPAY biller code to one company only', () => {
    const codes = bpayCatalogue.map((entry) => entry.billerCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(100);
  });
});
