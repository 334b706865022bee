import { describe, expect, it } from 'vitest';
import { cents, sum } from '../../shared/money.js';
import { parseLocalDate } from '../../shared/local-date.js';
import type { ExpectedBill } from '../../shared/deposit/cash-flow.rules.js';
import { explainDeposit, largestRemainderShares } from './deposit-breakdown.rules.js';

const d = parseLocalDate;
const bill = (billerKey: string, label: string, amount: number, contingency = 0): ExpectedBill => ({
  billerKey,
  label,
  date: d('2026-01-20'),
  amount: cents(amount),
  contingency: cents(contingency),
});

const summary = (lines: Array<{ kind: string; label: string; amount: number }>) =>
  lines.map((line) => [line.kind, line.label, line.amount]);

describe('explainDeposit (DOMAIN "Deposits": show the member what each deposit pays for)', () => {
  it('gives a line per biller, one for contingency and one for rounding, adding up to the deposit', () => {
    const breakdown = explainDeposit({
      depositAmount: cents(3334),
      depositCount: 3,
      openingBalance: cents(0),
      bills: [bill('power', 'Power', 4000, 400), bill('water', 'Water', 3000), bill('power', 'Power', 2600, 0)],
    });
    expect(summary(breakdown.lines)).toEqual([
      ['biller', 'Power', 2200],
      ['biller', 'Water', 1000],
      ['contingency', 'Contingency (10% buffer on variable bills)', 133],
      ['surplus', 'Rounding and surplus (kept in rainy day)', 1],
    ]);
    expect(sum(breakdown.lines.map((line) => line.amount))).toBe(3334);
    // The screens show these as they are (the client computes no money figure).
    expect(breakdown.periodTotal).toBe(10_002);
    expect(breakdown.addsUp).toBe(true);
    expect(breakdown.lines[0]).toMatchObject({
      billerKey: 'power',
      periodTotal: 6600,
      billCount: 2,
      detail: '2 bills totalling $66.00 over the period, shared between 3 deposits',
    });
  });

  it('shows what the balance already held pays for as a negative line', () => {
    const breakdown = explainDeposit({
      depositAmount: cents(3000),
      depositCount: 2,
      openingBalance: cents(4000),
      bills: [bill('rent', 'Rent', 10_000)],
    });
    expect(summary(breakdown.lines)).toEqual([
      ['biller', 'Rent', 5000],
      ['heldBalance', 'Less balance already held', -2000],
    ]);
    expect(breakdown.lines[1].detail).toBe(
      '$40.00 already in the agreement pays $40.00 over the period, shared between 2 deposits',
    );
  });

  it('shows an overdrawn opening balance as a cost the deposits repay', () => {
    const breakdown = explainDeposit({
      depositAmount: cents(6000),
      depositCount: 2,
      openingBalance: cents(-2000),
      bills: [bill('rent', 'Rent', 10_000)],
    });
    expect(summary(breakdown.lines)).toEqual([
      ['biller', 'Rent', 5000],
      ['heldBalance', 'Overdrawn balance brought forward', 1000],
    ]);
  });

  it('shows a deposit that is too small with a negative shortfall line', () => {
    const breakdown = explainDeposit({
      depositAmount: cents(4000),
      depositCount: 2,
      openingBalance: cents(0),
      bills: [bill('rent', 'Rent', 10_000)],
    });
    expect(summary(breakdown.lines)).toEqual([
      ['biller', 'Rent', 5000],
      ['shortfall', 'Expenses not covered by this deposit', -1000],
    ]);
    expect(breakdown.lines[1].detail).toBe('$20.00 of expenses not covered over the period, shared between 2 deposits');
  });

  it('keeps billers in order of cost, then name', () => {
    const breakdown = explainDeposit({
      depositAmount: cents(300),
      depositCount: 1,
      openingBalance: cents(0),
      bills: [bill('b', 'Bravo', 100), bill('c', 'Charlie', 100), bill('a', 'Alpha', 100)],
    });
    expect(breakdown.lines.map((line) => line.label)).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('refuses a period without deposits', () => {
    expect(() =>
      explainDeposit({ depositAmount: cents(100), depositCount: 0, openingBalance: cents(0), bills: [] }),
    ).toThrow(/at least one deposit/);
  });
});

describe('largestRemainderShares (cents never go missing)', () => {
  it.each([
    [[100, 100, 100], 3, [34, 33, 33]],
    [[1000, 1, 1], 3, [334, 0, 0]],
    [[500, -200], 3, [167, -67]],
    [[0, 0], 4, [0, 0]],
  ])('shares %j between %i deposits as %j', (totals, parts, expected) => {
    expect(largestRemainderShares(totals, parts)).toEqual(expected);
  });
});
