import { describe, expect, it } from 'vitest';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import {
  companyPaymentMethods,
  rankPopularCompanies,
  searchCompanies,
  UNKNOWN_COMPANY_PAYMENT_METHODS,
} from './company-catalogue.rules.js';

describe('companyPaymentMethods', () => {
  it.each([
    ['listed methods in code order', '4,1', null, [PaymentMethod.Eft, PaymentMethod.DirectDebit]],
    ['BPAY with a biller code', '0,1', '12781', [PaymentMethod.Bpay, PaymentMethod.Eft]],
    ['BPAY listed without a biller code is not offered', '0,1', null, [PaymentMethod.Eft]],
    ['a biller code without BPAY listed (stored before methods) is BPAY', '', '12781', [PaymentMethod.Bpay]],
    ['codes outside the biller form and junk are ignored', '1, 7,x,,5,22', null, [PaymentMethod.Eft]],
    ['nothing stored, no code: no method', '', null, []],
  ] as const)('%s', (_rule, stored, code, expected) => {
    expect(companyPaymentMethods(stored, code)).toEqual(expected);
  });

  it('offers every biller form method for an unknown company', () => {
    expect(UNKNOWN_COMPANY_PAYMENT_METHODS).toEqual([0, 1, 2, 3, 4]);
  });
});

const company = (id: number, name: string, billerCount: number, popularity: number) => ({
  id,
  name,
  billerCount,
  popularity,
});

describe('rankPopularCompanies', () => {
  it.each([
    ['most billers first', [company(1, 'A', 1, 90), company(2, 'B', 5, 10), company(3, 'C', 3, 50)], [2, 3, 1]],
    ['the curated popularity breaks a tie in use', [company(1, 'A', 2, 10), company(2, 'B', 2, 80)], [2, 1]],
    [
      'then the name (case ignored), then the id: stable',
      [company(4, 'beta', 0, 5), company(3, 'Alpha', 0, 5), company(2, 'alpha', 0, 5)],
      [2, 3, 4],
    ],
  ])('%s', (_rule, rows, expected) => {
    expect(rankPopularCompanies(rows).map((row) => row.id)).toEqual(expected);
  });

  it('keeps at most the limit, and does not reorder its input', () => {
    const rows = Array.from({ length: 15 }, (_, i) => company(i + 1, `C${i}`, i, 0));
    const before = rows.map((row) => row.id);
    expect(rankPopularCompanies(rows, 10).map((row) => row.id)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    expect(rows.map((row) => row.id)).toEqual(before);
  });
});

describe('searchCompanies', () => {
  const rows = [
    { id: 5, name: 'Red Gum Energy' },
    { id: 2, name: 'Harbourside  Energy' },
    { id: 9, name: 'Murray Valley Water' },
    { id: 1, name: 'energy plus' },
  ];

  it.each([
    ['matches anywhere in the name, case and spacing ignored, by name', 'energy', [1, 2, 5], true],
    ['inner text', 'side energy', [2], true],
    ['no match', 'gas', [], true],
  ] as const)('%s', (_rule, text, ids, complete) => {
    const found = searchCompanies(rows, text);
    expect(found.companies.map((row) => row.id)).toEqual(ids);
    expect(found.isComplete).toBe(complete);
  });

  it('says when the answer is cut at the limit', () => {
    expect(searchCompanies(rows, 'energy', 2)).toEqual({ companies: [rows[3], rows[1]], isComplete: false });
    expect(searchCompanies(rows, 'energy', 3).isComplete).toBe(true);
  });
});
