import { describe, expect, it } from 'vitest';
import { cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { MoneySource } from '../../modules/bill/money-source.js';
import { LedgerAccountKind } from '../../modules/ledger/ledger-account-kind.js';
import { checkLines, checkMoneySources } from '../../modules/ledger/ledger.rules.js';
import { billPaymentPosting, type PaymentInput } from './payments.js';
import type { PostingSeed } from './types.js';

const base: PaymentInput = {
  agreementId: 1,
  billIndex: 0,
  billerIndex: 0,
  payee: 'Harbourside Energy',
  allocated: cents(10_000),
  contingency: cents(1_000),
  actual: cents(10_000),
  date: '2026-05-04' as LocalDate,
};

function byKind(posting: PostingSeed): Record<number, number> {
  const sums: Record<number, number> = {};
  for (const line of posting.lines) sums[line.account.kind] = (sums[line.account.kind] ?? 0) + line.amount;
  return sums;
}

function sources(posting: PostingSeed): Record<number, number> {
  return Object.fromEntries((posting.sources ?? []).map((s) => [s.source, s.amount]));
}

function asPosting(seed: PostingSeed) {
  return {
    ...seed,
    agreementId: 1,
    activity: { type: seed.activity.type },
    billMoneySources: seed.sources?.map((s) => ({ ...s, billId: 1 })),
  };
}

describe('billPaymentPosting (DOMAIN.md "Paying a bill")', () => {
  it('pays a bill below what was set aside from allocation and pours the rest into rainy day', () => {
    const posting = billPaymentPosting({ ...base, actual: cents(9_200) });
    expect(byKind(posting)).toEqual({
      [LedgerAccountKind.Allocation]: -10_000,
      [LedgerAccountKind.Contingency]: -1_000,
      [LedgerAccountKind.RainyDay]: 1_800,
      [LedgerAccountKind.External]: 9_200,
    });
    expect(sources(posting)).toEqual({ [MoneySource.Allocation]: 9_200 });
  });

  it('takes what exceeds the allocation from contingency', () => {
    const posting = billPaymentPosting({ ...base, actual: cents(10_600) });
    expect(sources(posting)).toEqual({ [MoneySource.Allocation]: 10_000, [MoneySource.Contingency]: 600 });
    expect(byKind(posting)[LedgerAccountKind.RainyDay]).toBe(400);
  });

  it('covers more from rainy day, then from a linked account', () => {
    const overflow = { rainyDay: 500, linkedAccountId: 7, linkedAvailable: 100_000 };
    const posting = billPaymentPosting({ ...base, actual: cents(12_000), overflow });
    expect(sources(posting)).toEqual({
      [MoneySource.Allocation]: 10_000,
      [MoneySource.Contingency]: 1_000,
      [MoneySource.RainyDay]: 500,
      [MoneySource.LinkedAccount]: 500,
    });
    expect(byKind(posting)[LedgerAccountKind.LinkedAccount]).toBe(-500);
  });

  it('short-pays what nothing covers: the amount owing', () => {
    const posting = billPaymentPosting({ ...base, actual: cents(13_000) });
    expect(sources(posting)[MoneySource.ShortPay]).toBe(2_000);
    expect(byKind(posting)[LedgerAccountKind.External]).toBe(11_000);
  });

  it('reimburses the member’s account instead of paying the biller', () => {
    const posting = billPaymentPosting({ ...base, contingency: cents(0), reimburseTo: 7 });
    expect(byKind(posting)).toEqual({
      [LedgerAccountKind.Allocation]: -10_000,
      [LedgerAccountKind.LinkedAccount]: 10_000,
    });
  });

  it.each([9_000, 10_000, 10_999, 11_000, 11_500, 25_000])(
    'balances and passes the ledger’s rules for %i cents',
    (actual) => {
      const posting = billPaymentPosting({
        ...base,
        actual: cents(actual),
        overflow: { rainyDay: 300, linkedAccountId: 7, linkedAvailable: 5_000 },
      });
      expect(() => checkLines(asPosting(posting))).not.toThrow();
      expect(() => checkMoneySources(asPosting(posting))).not.toThrow();
    },
  );
});
