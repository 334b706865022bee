import { describe, expect, it } from 'vitest';
import { cents } from '../../shared/money.js';
import { parseLocalDate } from '../../shared/local-date.js';
import { buildCashFlowProfile, type ExpectedBill } from '../../shared/deposit/cash-flow.rules.js';
import {
  checkDepositCoversExpenses,
  keepsBalanceAtOrAbove,
  minimumDeposit,
  requiredDeposit,
} from './deposit-calculator.rules.js';

const d = parseLocalDate;
const bill = (date: string, amount: number, contingency = 0): ExpectedBill => ({
  billerKey: 'biller',
  label: 'Biller',
  date: d(date),
  amount: cents(amount),
  contingency: cents(contingency),
});

/** January 2026 with deposits on the given days of the month. */
const january = (depositDays: number[], bills: ExpectedBill[], openingBalance = 0) =>
  buildCashFlowProfile({
    window: { from: d('2026-01-01'), to: d('2026-01-31') },
    openingBalance: cents(openingBalance),
    depositDates: depositDays.map((day) => d(`2026-01-${String(day).padStart(2, '0')}`)),
    bills,
  });

describe('requiredDeposit (spec 3 §5: deposits must cover amount + contingency over the period)', () => {
  it.each([
    ['divides the expenses evenly', [1, 8, 15, 22], [bill('2026-01-20', 10_000)], 0, 2500],
    ['adds the contingency of variable bills', [1, 15], [bill('2026-01-20', 10_000, 1000)], 0, 5500],
    [
      'rounds UP to the cent so rounding never leaves expenses short',
      [1, 8, 15],
      [bill('2026-01-20', 10_000)],
      0,
      3334,
    ],
    ['counts the balance already held', [1, 15], [bill('2026-01-20', 10_000)], 4000, 3000],
    ['asks nothing when the balance already held covers everything', [1, 15], [bill('2026-01-20', 10_000)], 20_000, 0],
    ['asks nothing without bills', [1, 15], [], 0, 0],
    ['asks nothing when no deposit falls in the period', [], [bill('2026-01-20', 10_000)], 0, 0],
  ])('%s', (_, depositDays, bills, opening, expected) => {
    expect(requiredDeposit(january(depositDays, bills, opening)).amount).toBe(expected);
  });

  it('explains its totals', () => {
    expect(requiredDeposit(january([1, 8, 15], [bill('2026-01-20', 10_000, 500)], 500))).toEqual({
      amount: 3334,
      depositCount: 3,
      totalExpenses: 10_500,
      openingBalance: 500,
      toBeDeposited: 10_000,
    });
  });
});

describe('checkDepositCoversExpenses (spec 3 §5 "Expenses are not fully covered by the current deposit(s).")', () => {
  const required = requiredDeposit(january([1, 8, 15], [bill('2026-01-20', 10_000)]));

  it('accepts the required deposit and reports what is left for rainy day', () => {
    expect(checkDepositCoversExpenses(required, cents(3334))).toEqual({ ok: true, bypassed: false, surplus: 2 });
  });

  it('refuses one cent less with the message and the shortfall over the period', () => {
    expect(checkDepositCoversExpenses(required, cents(3333))).toEqual({
      ok: false,
      code: 'EXPENSES_NOT_COVERED',
      field: 'contributionAmount',
      message: 'Expenses are not fully covered by the current deposit(s).',
      shortfall: 1,
    });
  });

  it('lets the pay-today bypass through and says so', () => {
    expect(checkDepositCoversExpenses(required, cents(0), { payTodayBypass: true })).toEqual({
      ok: true,
      bypassed: true,
      surplus: -10_000,
    });
  });

  it('refuses when no deposit falls in the period', () => {
    const none = requiredDeposit(january([], [bill('2026-01-20', 10_000)]));
    expect(checkDepositCoversExpenses(none, cents(99_999))).toMatchObject({ ok: false, shortfall: 10_000 });
  });
});

describe('minimumDeposit (the smallest deposit that never lets the balance close below zero)', () => {
  it.each([
    [
      'an early bill binds: 3 deposits by the 15th must meet it',
      [1, 8, 15, 22],
      [bill('2026-01-15', 9000)],
      0,
      0,
      3000,
    ],
    [
      'the tightest day wins over the total',
      [1, 8, 15, 22],
      [bill('2026-01-08', 5000), bill('2026-01-31', 1000)],
      0,
      0,
      2500,
    ],
    ['the balance held lowers it', [1, 8, 15, 22], [bill('2026-01-15', 9000)], 3000, 0, 2000],
    ['an allowed overdraw floor lowers it', [1, 8, 15, 22], [bill('2026-01-15', 9000)], 0, 3000, 2000],
    ['rounds up to the cent', [1, 8, 15], [bill('2026-01-15', 10_000)], 0, 0, 3334],
    ['is 0 when nothing is due', [1, 8], [], 0, 0, 0],
  ])('%s', (_, depositDays, bills, opening, floor, expected) => {
    const profile = january(depositDays, bills, opening);
    const minimum = minimumDeposit(profile, cents(floor));
    expect(minimum).toMatchObject({ reachable: true, amount: expected });
    expect(keepsBalanceAtOrAbove(profile, cents(expected), cents(-floor))).toBe(true);
    if (expected > 0) expect(keepsBalanceAtOrAbove(profile, cents(expected - 1), cents(-floor))).toBe(false);
  });

  it('names the day that binds', () => {
    const minimum = minimumDeposit(january([1, 8, 15, 22], [bill('2026-01-08', 5000), bill('2026-01-31', 1000)]));
    expect(minimum).toEqual({ reachable: true, amount: 2500, bindingDate: '2026-01-08' });
  });

  it('cannot help a bill due before the first deposit: it reports the top-up needed instead', () => {
    const profile = january([10, 20], [bill('2026-01-03', 1000), bill('2026-01-05', 2500)], 500);
    expect(minimumDeposit(profile)).toEqual({ reachable: false, date: '2026-01-05', topUpNeeded: 3000 });
  });
});
