import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../../shared/local-date.js';
import { cents } from '../../../shared/money.js';
import { MONEY_MESSAGES, type MoneyRefusalCode } from '../../../shared/money-movement.rules.js';
import { BillStatus } from '../../bill/bill-status.rules.js';
import { DepositStatus } from '../agreement-codes.js';
import { AgreementStatus } from '../agreement-status.js';
import {
  forecastOf,
  type ProjectedBillFacts,
  type ProjectedDepositFacts,
  type ProjectionInput,
} from '../projection/projection.rules.js';
import {
  fixAvailability,
  fixConfirmation,
  fixHolds,
  fixWords,
  shortfallFixes,
  smallest,
  withFix,
  type ShortfallFix,
} from './shortfall-fix.rules.js';

const d = (text: string) => text as LocalDate;
const TODAY = d('2026-12-07');

function deposit(dueDate: string, amount: number, status = DepositStatus.Scheduled): ProjectedDepositFacts {
  return { dueDate: d(dueDate), expectedAmount: cents(amount), receivedAmount: cents(0), status };
}

let nextBillId = 1;
function bill(dueDate: string, amount: number, more: Partial<ProjectedBillFacts> = {}): ProjectedBillFacts {
  return {
    billId: nextBillId++,
    billerKey: 'biller:1',
    billerName: 'Electricity',
    dueDate: d(dueDate),
    amount: cents(amount),
    status: BillStatus.Scheduled,
    isAutoPayment: false,
    isSubCategory: false,
    isReimbursement: false,
    onHold: false,
    ...more,
  };
}

/** Amounts in cents. */
function input(total: number, deposits: ProjectedDepositFacts[], bills: ProjectedBillFacts[]): ProjectionInput {
  return {
    today: TODAY,
    agreementId: 1,
    status: AgreementStatus.Active,
    startDate: d('2026-01-01'),
    endDate: d('2027-02-28'),
    depositAmount: cents(10_000),
    approvedOverdraw: cents(500_000),
    balances: { allocation: cents(total), contingency: cents(0), rainyDay: cents(0), total: cents(total) },
    deposits,
    bills,
  };
}

const fortnightly = (amount: number) =>
  ['2026-12-14', '2026-12-28', '2027-01-11', '2027-01-25', '2027-02-08', '2027-02-22'].map((date) =>
    deposit(date, amount),
  );

/** Every fix of a case, one cent less of each (which must leave a short day: each fix is the smallest). */
function lessOneCent(fix: ShortfallFix): ShortfallFix {
  if (fix.kind === 'topUp') return { ...fix, amount: cents(fix.amount - 1) };
  if (fix.kind === 'raise') return { ...fix, deposit: cents(fix.deposit - 1) };
  const shares = [...fix.shares];
  // The odd cent comes off the last share that has one (the earliest shares carry the odd cents).
  const last = shares.findLastIndex((share) => share === shares[0]);
  shares[last] = cents(shares[last] - 1);
  return { ...fix, amount: cents(fix.amount - 1), shares };
}

const CASES: [string, ProjectionInput, { topUp: number; raise: number | null; spread: [number, number] | null }][] = [
  [
    'one bill too big: $50.00 short after two deposits of $100.00',
    input(0, fortnightly(10_000), [bill('2026-12-30', 25_000)]),
    // 0 + 100 + 100 - 250 = -50; raise: 2Y >= 250 → Y = 125; spread $50 over the 2 deposits before the bill.
    { topUp: 5_000, raise: 12_500, spread: [5_000, 2] },
  ],
  [
    'odd cents: $100.01 short over three deposits',
    input(0, fortnightly(10_000), [bill('2027-01-12', 40_001)]),
    // 300 - 400.01 = -100.01; raise 3Y >= 400.01 → Y = 133.34 (133.33 * 3 = 399.99); spread 100.01 = 33.34 + 33.34 + 33.33.
    { topUp: 10_001, raise: 13_334, spread: [10_001, 3] },
  ],
  [
    'short today (an overdue bill): only a top-up now helps',
    input(2_000, fortnightly(10_000), [bill('2026-12-01', 5_000, { status: BillStatus.Overdue })]),
    { topUp: 3_000, raise: null, spread: null },
  ],
  [
    'deeper later: short $20 on the first bill, $120 at the lowest after more deposits',
    input(0, fortnightly(10_000), [bill('2026-12-15', 12_000), bill('2027-01-12', 30_000)]),
    // Days: 12-14 +100, 12-15 -20 (short), 12-28 +80, 01-11 +180, 01-12 -120 (lowest).
    // Raise: Y >= 120 (day 12-15) and 3Y >= 420 → Y = 140. Spread over the one deposit before 12-15: all $120 on it.
    { topUp: 12_000, raise: 14_000, spread: [12_000, 1] },
  ],
  [
    // The missed 100.00 is asked for again tonight: the forecast counts on it today (rule "deposit still asked"), as
    // it is; raising it too would say 116.67.
    'a missed deposit is not raised: only those still to come',
    input(
      0,
      [deposit('2026-11-30', 10_000, DepositStatus.Missed), ...fortnightly(10_000)],
      [bill('2026-12-30', 35_000)],
    ),
    { topUp: 5_000, raise: 12_500, spread: [5_000, 2] },
  ],
];

describe('shortfallFixes (rule "a shortfall fixed in one tap", issue 24 item 1)', () => {
  it.each(CASES)('%s', (_name, given, expected) => {
    const fixes = shortfallFixes(given)!;
    expect(fixes).not.toBeNull();
    expect(fixes.topUp.amount).toBe(expected.topUp);
    expect(fixes.raise?.deposit ?? null).toBe(expected.raise);
    expect(fixes.spread ? [fixes.spread.amount, fixes.spread.deposits] : null).toEqual(expected.spread);
  });

  it.each(CASES)('applying each fix leaves no short day, one cent less does (%s)', (_name, given) => {
    const fixes = shortfallFixes(given)!;
    for (const fix of [fixes.topUp, fixes.raise, fixes.spread]) {
      if (!fix) continue;
      expect(fixHolds(given, fix)).toBe(true);
      expect(forecastOf(withFix(given, fix))!.firstShortDate).toBeNull();
      expect(fixHolds(given, lessOneCent(fix))).toBe(false);
    }
  });

  it('spreads the odd cents on the earliest deposits, adding up exactly', () => {
    const fixes = shortfallFixes(CASES[1][1])!;
    expect(fixes.spread!.shares).toEqual([3_334, 3_334, 3_333]);
    expect(fixes.spread!.from).toBe('2026-12-14');
  });

  it('names the first short day, the bill and the shortfall', () => {
    const fixes = shortfallFixes(CASES[3][1])!;
    expect(fixes.firstShortDate).toBe('2026-12-15');
    expect(fixes.shortfall).toBe(2_000);
    expect(fixes.shortBill?.amount).toBe(12_000);
  });

  it('has nothing to fix when the forecast stays at or above zero', () => {
    expect(shortfallFixes(input(0, fortnightly(10_000), [bill('2026-12-30', 20_000)]))).toBeNull();
  });

  it('raises only deposits from the next one on, and the agreement deposit with them', () => {
    const given = CASES[4][1];
    const raised = withFix(given, shortfallFixes(given)!.raise!);
    expect(raised.deposits[0].expectedAmount).toBe(10_000);
    expect(raised.deposits.slice(1).every((deposit) => deposit.expectedAmount === 12_500)).toBe(true);
    expect(raised.depositAmount).toBe(12_500);
  });

  it('says each fix in words, to the cent', () => {
    const fixes = shortfallFixes(CASES[1][1])!;
    expect(fixWords(fixes.topUp)).toBe('Top up $100.01 now from a linked account.');
    expect(fixWords(fixes.raise!)).toBe('Raise each deposit from $100.00 to $133.34, from the next one on 14-12-2026.');
    expect(fixWords(fixes.spread!)).toBe(
      'Spread $100.01 over the next 3 deposits from 14-12-2026 ($33.33 to $33.34 more each).',
    );
  });
});

describe('fixConfirmation (rule "who confirms a fix")', () => {
  it.each([
    ['topUp', 'member', 'moneyNow'],
    ['topUp', 'staff', 'moneyNow'],
    ['topUp', 'readOnly', 'readOnly'],
    ['spread', 'member', 'spread'],
    ['spread', 'staff', 'spread'],
    ['spread', 'readOnly', 'readOnly'],
    ['raise', 'member', 'memberChange'],
    ['raise', 'staff', 'staffChange'],
    ['raise', 'readOnly', 'readOnly'],
  ] as const)('a %s fix for %s is confirmed as %s', (kind, caller, expected) => {
    expect(fixConfirmation(kind, caller)).toBe(expected);
  });
});

describe('fixAvailability (who confirms a fix, then the money rule its apply path asks)', () => {
  const S = AgreementStatus;
  it.each([
    // The top-up is a rainy-day top-up: approved or active agreements only.
    ['topUp', 'member', S.Active, false, true, null],
    ['topUp', 'staff', S.Approved, false, true, null],
    ['topUp', 'member', S.PendingApproval, false, false, 'TOP_UP_NOT_ALLOWED'],
    ['topUp', 'staff', S.ModificationPendingApproval, false, false, 'TOP_UP_NOT_ALLOWED'],
    ['topUp', 'member', S.MissedDeposit, false, false, 'TOP_UP_NOT_ALLOWED'],
    ['topUp', 'member', S.Locked, false, false, 'AGREEMENT_LOCKED'],
    ['topUp', 'staff', S.Cancelled, false, false, 'AGREEMENT_CANCELLED'],
    ['topUp', 'member', S.Active, true, false, 'MEMBERSHIP_RESIGNED'],
    // The spread rides on the deposits the bank day takes: running agreements that are not locked.
    ['spread', 'member', S.Active, false, true, null],
    ['spread', 'staff', S.MissedDeposit, false, true, null],
    ['spread', 'member', S.PendingApproval, false, false, 'AGREEMENT_NOT_PAYABLE'],
    ['spread', 'member', S.Approved, false, false, 'AGREEMENT_NOT_PAYABLE'],
    ['spread', 'staff', S.Locked, false, false, 'AGREEMENT_LOCKED'],
    ['spread', 'member', S.Expired, false, false, 'AGREEMENT_EXPIRED'],
    ['spread', 'staff', S.Active, true, false, 'MEMBERSHIP_RESIGNED'],
    // A raise moves no money: the wizard's rule decides it when applied.
    ['raise', 'member', S.PendingApproval, false, true, null],
    ['raise', 'staff', S.Active, false, true, null],
    // A read-only role confirms none, whatever the status (no money reason shown to it).
    ['topUp', 'readOnly', S.Active, false, false, null],
    ['spread', 'readOnly', S.Locked, false, false, null],
    ['raise', 'readOnly', S.Active, false, false, null],
  ] as const)(
    'a %s by %s in status %s (resigned %s): can apply %s, refused %s',
    (kind, caller, status, resigned, canApply, code) => {
      const answer = fixAvailability(kind, { caller, status, resigned });
      expect(answer.canApply).toBe(canApply);
      expect(answer.refusal?.code ?? null).toBe(code);
      expect(answer.confirmation).toBe(fixConfirmation(kind, caller));
      if (answer.refusal) expect(answer.refusal.message).toBe(MONEY_MESSAGES[answer.refusal.code as MoneyRefusalCode]);
    },
  );

  it('refuses a raise where the wizard would not start the change, and only a raise', () => {
    const open = { code: 'MODIFICATION_OPEN', message: 'A change is already open.' };
    for (const caller of ['member', 'staff'] as const) {
      expect(
        fixAvailability('raise', { caller, status: AgreementStatus.Active, resigned: false, changeRefusal: open }),
      ).toEqual({ confirmation: fixConfirmation('raise', caller), refusal: open, canApply: false });
      for (const kind of ['topUp', 'spread'] as const) {
        const facts = { caller, status: AgreementStatus.Active, resigned: false, changeRefusal: open };
        expect(fixAvailability(kind, facts)).toMatchObject({ refusal: null, canApply: true });
      }
    }
    const readOnly = {
      caller: 'readOnly' as const,
      status: AgreementStatus.Active,
      resigned: false,
      changeRefusal: open,
    };
    expect(fixAvailability('raise', readOnly)).toMatchObject({ refusal: null, canApply: false });
  });
});

describe('smallest (the searches of raise, spread and the deposit review)', () => {
  /** A monotonic test: true from `threshold` on (never when null), counting its tries. */
  const from = (threshold: number | null) => {
    const tries: number[] = [];
    return { tries, holds: (value: number) => (tries.push(value), threshold !== null && value >= threshold) };
  };
  const cases: [string, number, number, number | null][] = [
    ['in the middle', 0, 10_000, 4_321],
    ['just above low', 100, 200, 101],
    ['at high', 100, 200, 200],
    ['even high fails', 0, 500, null],
    ['a range of one cent', 7, 8, 8],
  ];
  const guesses = (threshold: number | null, low: number, high: number) => [
    null,
    threshold,
    threshold === null ? null : threshold - 1,
    threshold === null ? null : threshold + 1,
    threshold === null ? null : threshold - 37,
    threshold === null ? null : threshold + 37,
    low,
    low - 5,
    high,
    high + 5,
  ];
  it.each(cases)('answers the same whatever the guess: %s', (_name, low, high, threshold) => {
    for (const guess of guesses(threshold, low, high)) {
      const expected = threshold === null ? null : Math.max(threshold, low + 1);
      expect(smallest(low, high, from(threshold).holds, guess), `guess ${guess}`).toBe(expected);
    }
  });

  it('takes two tries for a right guess, and a bisection without one', () => {
    const right = from(4_321);
    expect(smallest(0, 10_000, right.holds, 4_321)).toBe(4_321);
    expect(right.tries).toEqual([4_321, 4_320]);
    const none = from(4_321);
    expect(smallest(0, 10_000, none.holds)).toBe(4_321);
    expect(none.tries.length).toBe(14);
  });
});
