import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../shared/local-date.js';
import { cents } from '../../shared/money.js';
import { DepositStatus } from '../agreement/agreement-codes.js';
import { planCatchUp, type CatchUpDepositFacts } from './catch-up.rules.js';

const $ = (dollars: number) => cents(Math.round(dollars * 100));

function deposit(
  depositId: number,
  dueDate: string,
  expected: number,
  status: DepositStatus,
  received = 0,
): CatchUpDepositFacts {
  return {
    depositId,
    dueDate: dueDate as LocalDate,
    expectedAmount: $(expected),
    receivedAmount: $(received),
    status,
  };
}

// Two missed deposits of $1,072 (the second given first: oldest first is the rule's, not the caller's order), one
// partly received ($100 of $300 arrived), one received and one still to come (neither owed).
const DEPOSITS = [
  deposit(12, '2026-11-20', 1072, DepositStatus.Missed),
  deposit(11, '2026-11-06', 1072, DepositStatus.Missed),
  deposit(13, '2026-11-27', 300, DepositStatus.PartlyReceived, 100),
  deposit(10, '2026-10-23', 1072, DepositStatus.Received, 1072),
  deposit(14, '2026-12-04', 1072, DepositStatus.Scheduled),
];

describe('planCatchUp (rule "catch-up deposit")', () => {
  it.each([
    [
      'a part fills the oldest missed deposit first and leaves the rest owed',
      500,
      [{ depositId: 11, amount: $(500), complete: false }],
      1844,
      false,
    ],
    [
      'exactly the oldest: that deposit complete, the others still owed',
      1072,
      [{ depositId: 11, amount: $(1072), complete: true }],
      1272,
      false,
    ],
    [
      'across deposits, oldest first, each up to what it lacks',
      1500,
      [
        { depositId: 11, amount: $(1072), complete: true },
        { depositId: 12, amount: $(428), complete: false },
      ],
      844,
      false,
    ],
    [
      'all that is owed (a partly received deposit only what it lacks) clears the arrears',
      2344,
      [
        { depositId: 11, amount: $(1072), complete: true },
        { depositId: 12, amount: $(1072), complete: true },
        { depositId: 13, amount: $(200), complete: true },
      ],
      0,
      true,
    ],
  ])('%s', (_rule, amount, shares, stillOwed, clears) => {
    const plan = planCatchUp(DEPOSITS, $(amount));
    expect(plan.owed).toBe($(2344));
    expect(plan.shares).toEqual(shares.map((share) => expect.objectContaining(share)));
    expect(plan.stillOwed).toBe($(stillOwed));
    expect(plan.clearsArrears).toBe(clears);
  });

  it.each([
    [
      'more than is owed',
      DEPOSITS,
      2344.01,
      'CATCH_UP_ABOVE_ARREARS',
      'A catch-up deposit can be at most what is owed: $2,344.00.',
    ],
    [
      'nothing owed (received and scheduled deposits only)',
      [DEPOSITS[3], DEPOSITS[4]],
      10,
      'NO_MISSED_DEPOSIT',
      'This agreement has no missed deposit to catch up.',
    ],
    ['no deposits at all', [], 10, 'NO_MISSED_DEPOSIT', 'This agreement has no missed deposit to catch up.'],
  ])('refuses %s', (_case, deposits, amount, code, message) => {
    expect(() => planCatchUp(deposits, $(amount))).toThrowError(expect.objectContaining({ code, message }));
  });
});
