import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money.js';
import { LedgerAccountKind } from '../../ledger/ledger-account-kind.js';
import { closingSentence, payoutLines, resetProblem, zeroingLines } from './settlement.rules.js';

const pockets = (a: number, c: number, r: number) => ({
  allocation: cents(a),
  contingency: cents(c),
  rainyDay: cents(r),
});
const sum = (lines: { amount: number }[]) => lines.reduce((t, l) => t + l.amount, 0);

describe('zeroingLines (rule "settle the balance")', () => {
  it('empties every pocket into the linked account', () => {
    const lines = zeroingLines([{ agreementId: 4, pockets: pockets(100_00, 10_00, 29_42) }], 7);
    expect(lines).toEqual([
      { account: { kind: LedgerAccountKind.Allocation, agreementId: 4 }, amount: -100_00 },
      { account: { kind: LedgerAccountKind.Contingency, agreementId: 4 }, amount: -10_00 },
      { account: { kind: LedgerAccountKind.RainyDay, agreementId: 4 }, amount: -29_42 },
      { account: { kind: LedgerAccountKind.LinkedAccount, linkedAccountId: 7 }, amount: 139_42 },
    ]);
  });

  it('nets an overdrawn pocket against the others, and takes an overdrawn total from the linked account', () => {
    const mixed = zeroingLines([{ agreementId: 4, pockets: pockets(-50_00, 0, 80_00) }], 7);
    expect(mixed.map((l) => l.amount)).toEqual([50_00, -80_00, 30_00]);
    const owing = zeroingLines([{ agreementId: 4, pockets: pockets(-50_00, 0, 20_00) }], 7);
    expect(owing.at(-1)!.amount).toBe(-30_00);
    expect(sum(owing)).toBe(0);
  });

  it('covers several versions in one posting, and writes nothing for empty pockets', () => {
    const lines = zeroingLines(
      [
        { agreementId: 4, pockets: pockets(10_00, 0, 0) },
        { agreementId: 9, pockets: pockets(0, 0, 5_00) },
      ],
      7,
    );
    expect(lines).toHaveLength(3);
    expect(sum(lines)).toBe(0);
    expect(zeroingLines([{ agreementId: 4, pockets: pockets(0, 0, 0) }], 7)).toEqual([]);
  });
});

describe('resetProblem (who may reset the account)', () => {
  const ok = {
    blockingVersion: false,
    pocketsNonZero: true,
    total: cents(100),
    linkedAccountFound: true,
    linkedBalance: cents(0),
  };
  it.each([
    ['an agreement still in force', { blockingVersion: true }, 'AGREEMENT_IN_FORCE'],
    ['nothing to settle', { pocketsNonZero: false }, 'ALREADY_ZERO'],
    ['no savings account of the members chosen', { linkedAccountFound: false }, 'LINKED_ACCOUNT_REQUIRED'],
    [
      'owing more than the savings account holds',
      { total: cents(-500), linkedBalance: cents(499) },
      'INSUFFICIENT_FUNDS',
    ],
  ])('refuses %s', (_, change, code) => {
    expect(resetProblem({ ...ok, ...change })?.code).toBe(code);
  });
  it('accepts a balance to pay out, and one owed that the savings account covers', () => {
    expect(resetProblem(ok)).toBeNull();
    expect(resetProblem({ ...ok, total: cents(-500), linkedBalance: cents(500) })).toBeNull();
  });
});

describe('closingSentence', () => {
  it.each([
    [
      { paidOut: cents(139_42), paidTo: '30000001', held: cents(0), reset: false },
      'The balance of $139.42 was paid into savings account 30000001.',
    ],
    [
      { paidOut: cents(0), paidTo: null, held: cents(139_42), reset: false },
      'The balance of $139.42 is held on the account until it is reset.',
    ],
    [
      { paidOut: cents(0), paidTo: null, held: cents(-20_00), reset: false },
      'The account owes $20.00; it is settled when the account is reset.',
    ],
    [
      { paidOut: cents(0), paidTo: null, held: cents(0), reset: true },
      'The balance was settled when the account was reset; the account is at a zero balance.',
    ],
    [
      { paidOut: cents(0), paidTo: null, held: cents(0), reset: false },
      'Nothing was left to pay out; the account is at a zero balance.',
    ],
  ])('%j', (input, sentence) => expect(closingSentence(input)).toBe(sentence));
});

describe('payoutLines (rule "pay part of the balance out")', () => {
  const pocket = (kind: LedgerAccountKind, amount: number) => ({ account: { kind, agreementId: 4 }, amount });
  const into = (amount: number) => ({ account: { kind: LedgerAccountKind.LinkedAccount, linkedAccountId: 7 }, amount });
  it.each([
    [
      'from rainy day alone',
      pockets(100_00, 10_00, 29_42),
      20_00,
      [pocket(LedgerAccountKind.RainyDay, -20_00), into(20_00)],
    ],
    [
      'rainy day, then contingency, then allocation',
      pockets(100_00, 10_00, 29_42),
      59_42,
      [
        pocket(LedgerAccountKind.RainyDay, -29_42),
        pocket(LedgerAccountKind.Contingency, -10_00),
        pocket(LedgerAccountKind.Allocation, -20_00),
        into(59_42),
      ],
    ],
    [
      'an overdrawn pocket gives nothing',
      pockets(100_00, -10_00, 0),
      50_00,
      [pocket(LedgerAccountKind.Allocation, -50_00), into(50_00)],
    ],
  ] as const)('%s', (_name, held, amount, expected) => {
    const lines = payoutLines(4, held, cents(amount), 7);
    expect(lines).toEqual(expected);
    expect(sum(lines)).toBe(0);
  });

  it('all it holds empties every pocket, as settling it does', () => {
    const lines = payoutLines(4, pockets(100_00, 10_00, 29_42), cents(139_42), 7);
    const settled = zeroingLines([{ agreementId: 4, pockets: pockets(100_00, 10_00, 29_42) }], 7);
    expect([...lines].sort((a, b) => a.amount - b.amount)).toEqual([...settled].sort((a, b) => a.amount - b.amount));
  });

  it('refuses nothing, or more than the version holds', () => {
    expect(() => payoutLines(4, pockets(10_00, 0, 0), cents(0), 7)).toThrow();
    expect(() => payoutLines(4, pockets(10_00, 0, 0), cents(10_01), 7)).toThrow();
  });
});
