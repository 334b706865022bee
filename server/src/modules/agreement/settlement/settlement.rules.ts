import { formatCurrency, negate, type Cents } from '../../../shared/money.js';
import { allocation, contingency, linkedAccount, rainyDay, type LedgerLine } from '../../ledger/index.js';
import { AgreementStatus } from '../agreement-status.js';

/** One version's three balances. */
export interface Pockets {
  allocation: Cents;
  contingency: Cents;
  rainyDay: Cents;
}

export interface Refusal {
  code: string;
  message: string;
  field: string | null;
}

export const SETTLEMENT_MESSAGES = {
  payoutAccount: 'Choose a savings account of the account’s members to pay the balance into.',
  running:
    'The account has an agreement in force or waiting to start: cancel it first (its money is settled then), and the account can be reset.',
  alreadyZero: 'The account is already at a zero balance.',
  owing: (amount: Cents) =>
    `The account owes ${formatCurrency(amount)}: the savings account chosen does not hold that much.`,
} as const;

/**
 * Versions that may still move money on the account: a reset waits until none is left (a draft (0) holds none; a
 * cancelled, expired or replaced one keeps what it held until the reset).
 */
export const SETTLEMENT_BLOCKING_STATUSES: readonly AgreementStatus[] = [
  AgreementStatus.Approved,
  AgreementStatus.Queued,
  AgreementStatus.InProgress,
  AgreementStatus.MissedDeposit,
  AgreementStatus.Active,
  AgreementStatus.Locked,
  AgreementStatus.ModificationPendingApproval,
];

export const total = (pockets: Pockets): Cents =>
  (pockets.allocation + pockets.contingency + pockets.rainyDay) as Cents;

/**
 * Rule "settle the balance" (DOMAIN "The money inside an agreement"): the lines that bring every pocket of these
 * versions to zero, the net paid into the linked account (or, when the versions are overdrawn, taken from it). They
 * sum to zero; none is zero. Empty when every pocket already is.
 */
export function zeroingLines(
  versions: readonly { agreementId: number; pockets: Pockets }[],
  linkedAccountId: number,
): LedgerLine[] {
  const lines: LedgerLine[] = [];
  let net = 0;
  for (const { agreementId, pockets } of versions) {
    for (const [amount, pocket] of [
      [pockets.allocation, allocation],
      [pockets.contingency, contingency],
      [pockets.rainyDay, rainyDay],
    ] as const) {
      if (amount === 0) continue;
      lines.push({ account: pocket(agreementId), amount: negate(amount) });
      net += amount;
    }
  }
  if (net !== 0) lines.push({ account: linkedAccount(linkedAccountId), amount: net as Cents });
  return lines;
}

/**
 * Whether staff may reset the account (bring what its ended versions hold to zero through a linked account): no
 * version in force or waiting, something to settle, and an overdrawn total covered by the linked account.
 */
export function resetProblem(input: {
  blockingVersion: boolean;
  pocketsNonZero: boolean;
  total: Cents;
  linkedAccountFound: boolean;
  linkedBalance: Cents;
}): Refusal | null {
  if (input.blockingVersion)
    return { code: 'AGREEMENT_IN_FORCE', message: SETTLEMENT_MESSAGES.running, field: 'accountId' };
  if (!input.pocketsNonZero)
    return { code: 'ALREADY_ZERO', message: SETTLEMENT_MESSAGES.alreadyZero, field: 'accountId' };
  if (!input.linkedAccountFound) {
    return { code: 'LINKED_ACCOUNT_REQUIRED', message: SETTLEMENT_MESSAGES.payoutAccount, field: 'accountNumber' };
  }
  if (input.total < 0 && input.linkedBalance < -input.total) {
    return {
      code: 'INSUFFICIENT_FUNDS',
      message: SETTLEMENT_MESSAGES.owing(negate(input.total)),
      field: 'accountNumber',
    };
  }
  return null;
}

/** What the closing statement says of the balance: paid out, held until the reset, owed, or nothing left. */
export function closingSentence(input: { paidOut: Cents; paidTo: string | null; held: Cents; reset: boolean }): string {
  if (input.paidOut > 0 && input.paidTo) {
    return `The balance of ${formatCurrency(input.paidOut)} was paid into savings account ${input.paidTo}.`;
  }
  if (input.held > 0) return `The balance of ${formatCurrency(input.held)} is held on the account until it is reset.`;
  if (input.held < 0)
    return `The account owes ${formatCurrency(negate(input.held))}; it is settled when the account is reset.`;
  if (input.reset) return 'The balance was settled when the account was reset; the account is at a zero balance.';
  return 'Nothing was left to pay out; the account is at a zero balance.';
}

/**
 * Rule "pay part of the balance out": the lines that take `amount` (above zero, at most what the version holds) from
 * the version's pockets into the linked account, rainy day first, then contingency, then allocation (what is set aside
 * for bills stays for them longest); an overdrawn pocket gives nothing. They sum to zero; none is zero.
 */
export function payoutLines(
  agreementId: number,
  pockets: Pockets,
  amount: Cents,
  linkedAccountId: number,
): LedgerLine[] {
  if (amount <= 0 || amount > total(pockets)) throw new Error(`Cannot pay ${amount} out of ${total(pockets)}`);
  const lines: LedgerLine[] = [];
  let left: number = amount;
  for (const [held, pocket] of [
    [pockets.rainyDay, rainyDay],
    [pockets.contingency, contingency],
    [pockets.allocation, allocation],
  ] as const) {
    const taken = Math.min(left, Math.max(0, held));
    if (taken === 0) continue;
    lines.push({ account: pocket(agreementId), amount: negate(taken as Cents) });
    left -= taken;
  }
  lines.push({ account: linkedAccount(linkedAccountId), amount });
  return lines;
}
