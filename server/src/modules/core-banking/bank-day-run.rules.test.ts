import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../shared/local-date.js';
import { cents } from '../../shared/money.js';
import { TransactionStatus } from '../ledger/transaction-status.js';
import { balancesAfter, depositTonight, paymentOutcome, type BankDayLineKind } from './bank-day-run.rules.js';

const d = (text: string) => text as LocalDate;

describe('balancesAfter (the balance after each line of the day, in its order)', () => {
  it.each([
    ['nothing runs: no line', 10000, [], []],
    ['a deposit in', 10000, [['deposit', 2500]], [12500]],
    [
      'deposits in, then each bill out',
      1000,
      [
        ['deposit', 2500],
        ['bill', 3000],
        ['bill', 499],
      ],
      [3500, 500, 1],
    ],
    ['a bill beyond the balance goes below nothing', 1000, [['bill', 1001]], [-1]],
    [
      'cents stay whole',
      1,
      [
        ['deposit', 99],
        ['bill', 33],
        ['bill', 33],
        ['bill', 33],
      ],
      [100, 67, 34, 1],
    ],
  ] as const)('%s', (_name, start, lines, after) => {
    const input = lines.map(([kind, amount]) => ({ kind: kind as BankDayLineKind, amount: cents(amount) }));
    expect(balancesAfter(cents(start), input)).toEqual(after);
  });
});

describe('depositTonight (what a deposit brings on the day, and whether it is late)', () => {
  it.each([
    ['scheduled, due that day: all of it, on time', 0, '2026-03-10', 5000, 0, { amount: 5000, late: false }],
    ['scheduled, due before: late', 0, '2026-03-09', 5000, 0, { amount: 5000, late: true }],
    ['missed: asked again, late', 2, '2026-03-03', 5000, 0, { amount: 5000, late: true }],
    ['partly received: the rest, late', 3, '2026-03-03', 5000, 1200, { amount: 3800, late: true }],
  ] as const)('%s', (_name, status, dueDate, expected, received, tonight) => {
    expect(
      depositTonight(
        { status, dueDate: d(dueDate), expected: cents(expected), received: cents(received) },
        d('2026-03-10'),
      ),
    ).toEqual(tonight);
  });
});

describe('paymentOutcome (what became of an automatic payment)', () => {
  it.each([
    ['answered Successfull: paid', TransactionStatus.Successful, false, 'paid'],
    ['pending: sent, the answer awaited', TransactionStatus.Pending, false, 'sent'],
    ['processed: sent', TransactionStatus.Processed, false, 'sent'],
    ['try again: sent', TransactionStatus.TryAgain, false, 'sent'],
    ['failed', TransactionStatus.Failed, false, 'failed'],
    ['returned (reversed): failed', TransactionStatus.Processed, true, 'failed'],
  ] as const)('%s', (_name, status, reversed, outcome) => {
    expect(paymentOutcome(status, reversed)).toBe(outcome);
  });
});
