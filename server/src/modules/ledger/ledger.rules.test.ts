import { describe, expect, it } from 'vitest';
import { cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { ActivityType } from '../activity/index.js';
import { MoneySource } from '../bill/money-source.js';
import { LedgerTransactionType } from './ledger-transaction-type.js';
import { LedgerError } from './ledger.errors.js';
import {
  agreementChangeOf,
  checkLines,
  checkMoneySources,
  checkScope,
  negateLines,
  pocketKey,
  type PostingScope,
} from './ledger.rules.js';
import { allocation, contingency, external, linkedAccount, rainyDay, type Posting } from './ledger.types.js';

const day = '2026-03-01' as LocalDate;
const activity = { type: ActivityType.PaidBill };

function posting(overrides: Partial<Posting>): Posting {
  return {
    type: LedgerTransactionType.BillPayment,
    agreementId: 1,
    effectiveDate: day,
    description: 'test',
    lines: [
      { account: allocation(), amount: cents(-1000) },
      { account: external(), amount: cents(1000) },
    ],
    activity,
    ...overrides,
  };
}

function codeOf(action: () => void): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(LedgerError);
    return (error as LedgerError).code;
  }
}

const scope: PostingScope = { agreement: { id: 1, previousId: 9 }, linkedAccountIds: new Set([7]) };

describe('checkLines', () => {
  it('accepts lines that sum to zero', () => {
    expect(codeOf(() => checkLines(posting({})))).toBeUndefined();
  });

  it.each([
    ['a single line', [{ account: external(), amount: cents(0) }], 'LEDGER_TOO_FEW_LINES'],
    [
      'unbalanced lines',
      [
        { account: allocation(), amount: cents(-1000) },
        { account: external(), amount: cents(999) },
      ],
      'LEDGER_UNBALANCED',
    ],
    [
      'a zero line',
      [
        { account: allocation(), amount: cents(0) },
        { account: external(), amount: cents(0) },
      ],
      'LEDGER_ZERO_LINE',
    ],
  ])('refuses %s', (_name, lines, code) => {
    expect(codeOf(() => checkLines(posting({ lines })))).toBe(code);
  });

  it('refuses fractions of a cent', () => {
    const lines = [
      { account: allocation(), amount: -10.5 as never },
      { account: external(), amount: 10.5 as never },
    ];
    expect(codeOf(() => checkLines(posting({ lines })))).toBe('LEDGER_NOT_CENTS');
  });

  it('requires an activity when an agreement’s money moves', () => {
    expect(codeOf(() => checkLines(posting({ activity: null })))).toBe('LEDGER_ACTIVITY_REQUIRED');
  });
});

describe('checkScope', () => {
  it('accepts the agreement’s pockets, its members’ linked accounts and external', () => {
    const lines = [
      { account: linkedAccount(7), amount: cents(-500) },
      { account: rainyDay(), amount: cents(200) },
      { account: contingency(1), amount: cents(300) },
    ];
    expect(codeOf(() => checkScope(posting({ lines }), scope))).toBeUndefined();
  });

  it('refuses another agreement’s pockets', () => {
    const lines = [
      { account: allocation(2), amount: cents(-500) },
      { account: allocation(), amount: cents(500) },
    ];
    expect(codeOf(() => checkScope(posting({ lines }), scope))).toBe('LEDGER_FOREIGN_ACCOUNT');
  });

  it('refuses a linked account of someone else', () => {
    const lines = [
      { account: linkedAccount(8), amount: cents(-500) },
      { account: allocation(), amount: cents(500) },
    ];
    expect(codeOf(() => checkScope(posting({ lines }), scope))).toBe('LEDGER_FOREIGN_ACCOUNT');
  });

  it('lets a version transfer empty the previous version only', () => {
    const lines = [
      { account: rainyDay(9), amount: cents(-500) },
      { account: rainyDay(), amount: cents(500) },
    ];
    const transfer = posting({ type: LedgerTransactionType.VersionTransfer, lines });
    expect(codeOf(() => checkScope(transfer, scope))).toBeUndefined();
    expect(codeOf(() => checkScope({ ...transfer, type: LedgerTransactionType.Transfer }, scope))).toBe(
      'LEDGER_FOREIGN_ACCOUNT',
    );
  });

  it('refuses an unknown agreement and agreement pockets without an agreement', () => {
    expect(codeOf(() => checkScope(posting({}), { agreement: null, linkedAccountIds: new Set() }))).toBe(
      'LEDGER_UNKNOWN_AGREEMENT',
    );
    expect(codeOf(() => checkScope(posting({ agreementId: null }), { linkedAccountIds: new Set() }))).toBe(
      'LEDGER_FOREIGN_ACCOUNT',
    );
  });
});

describe('checkMoneySources', () => {
  const paid = posting({
    lines: [
      { account: allocation(), amount: cents(-1000) },
      { account: contingency(), amount: cents(-100) },
      { account: rainyDay(), amount: cents(150) },
      { account: external(), amount: cents(950) },
    ],
    billMoneySources: [
      { billId: 1, source: MoneySource.Allocation, amount: cents(950) },
      { billId: 1, source: MoneySource.ShortPay, amount: cents(50) },
    ],
  });

  it('accepts sources adding up to what the biller received (the amount owing aside)', () => {
    expect(codeOf(() => checkMoneySources(paid))).toBeUndefined();
  });

  it('refuses sources that disagree with the payout', () => {
    const wrong = { ...paid, billMoneySources: [{ billId: 1, source: MoneySource.Allocation, amount: cents(1000) }] };
    expect(codeOf(() => checkMoneySources(wrong))).toBe('LEDGER_MONEY_SOURCES_DISAGREE');
  });

  it('compares a reimbursement with what the member’s account received', () => {
    const reimbursed = posting({
      type: LedgerTransactionType.Reimbursement,
      lines: [
        { account: allocation(), amount: cents(-700) },
        { account: linkedAccount(7), amount: cents(700) },
      ],
      billMoneySources: [{ billId: 2, source: MoneySource.Allocation, amount: cents(700) }],
    });
    expect(codeOf(() => checkMoneySources(reimbursed))).toBeUndefined();
  });

  it('refuses money sources on a deposit', () => {
    const deposit = { ...paid, type: LedgerTransactionType.Deposit };
    expect(codeOf(() => checkMoneySources(deposit))).toBe('LEDGER_MONEY_SOURCES_DISAGREE');
  });
});

describe('pocketKey and agreementChangeOf', () => {
  it('resolves "this agreement" to the posting’s agreement', () => {
    expect(pocketKey(allocation(), 4)).toBe(pocketKey(allocation(4), 99));
    expect(pocketKey(linkedAccount(3), 4)).toBe('l:3');
    expect(pocketKey(external(), 4)).toBe('x');
  });

  it('counts only the posting’s own agreement’s pockets', () => {
    const lines = [
      { account: linkedAccount(7), amount: cents(-500) },
      { account: allocation(), amount: cents(450) },
      { account: contingency(), amount: cents(50) },
    ];
    expect(agreementChangeOf({ agreementId: 1, lines })).toBe(500);
    expect(agreementChangeOf({ agreementId: 1, lines: negateLines(lines) })).toBe(-500);
  });
});
