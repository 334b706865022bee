import { cents, type Cents } from '../../shared/money.js';
import { MoneySource } from '../bill/index.js';
import { isAgreementPocket, LedgerAccountKind } from './ledger-account-kind.js';
import { LedgerTransactionType } from './ledger-transaction-type.js';
import { LedgerError } from './ledger.errors.js';
import type { LedgerAccountRef, LedgerLine, Posting, ReversalPosting } from './ledger.types.js';

/** What the database says a posting may touch. */
export interface PostingScope {
  /** The agreement exists; its previous version (for version transfers). */
  agreement?: { id: number; previousId: number | null } | null;
  /** Linked accounts the posting may name: those of the agreement's account holders (or of its member). */
  linkedAccountIds: ReadonlySet<number>;
}

/** A stable key for a pocket, resolving "this agreement" to the posting's agreement. */
export function pocketKey(ref: LedgerAccountRef, agreementId: number | null | undefined): string {
  if (isAgreementPocket(ref.kind)) {
    const owner = 'agreementId' in ref && ref.agreementId !== undefined ? ref.agreementId : agreementId;
    return `a:${owner ?? 'none'}:${ref.kind}`;
  }
  if (ref.kind === LedgerAccountKind.LinkedAccount && 'linkedAccountId' in ref) return `l:${ref.linkedAccountId}`;
  return 'x';
}

export function ownerAgreementOf(ref: LedgerAccountRef, agreementId: number | null | undefined): number | null {
  if (!isAgreementPocket(ref.kind)) return null;
  return ('agreementId' in ref && ref.agreementId !== undefined ? ref.agreementId : agreementId) ?? null;
}

/** The sum of the lines on the posting's own agreement's pockets: the activity's balance change. */
export function agreementChangeOf(posting: Pick<Posting, 'lines' | 'agreementId'>): Cents {
  if (!posting.agreementId) return cents(0);
  let total = 0;
  for (const line of posting.lines) {
    if (ownerAgreementOf(line.account, posting.agreementId) === posting.agreementId) total += line.amount;
  }
  return cents(total);
}

function sumWhere(lines: readonly LedgerLine[], kind: LedgerAccountKind): number {
  return lines.filter((line) => line.account.kind === kind).reduce((total, line) => total + line.amount, 0);
}

/** Lines, amounts and balance: the checks that need no database. */
export function checkLines(posting: Posting): void {
  if (posting.lines.length < 2) {
    throw new LedgerError('LEDGER_TOO_FEW_LINES', 'A ledger transaction needs at least two lines.', 'lines');
  }
  let total = 0;
  for (const line of posting.lines) {
    if (!Number.isSafeInteger(line.amount)) {
      throw new LedgerError('LEDGER_NOT_CENTS', `Not a whole number of cents: ${line.amount}`, 'lines');
    }
    if (line.amount === 0) throw new LedgerError('LEDGER_ZERO_LINE', 'A ledger line cannot be zero.', 'lines');
    total += line.amount;
  }
  if (total !== 0) {
    throw new LedgerError('LEDGER_UNBALANCED', `The lines do not balance: they sum to ${total} cents.`, 'lines');
  }
  if (posting.agreementId && !posting.activity) {
    throw new LedgerError('LEDGER_ACTIVITY_REQUIRED', 'A movement of an agreement’s money needs its activity.');
  }
}

/** Money sources must add up to what left for the payee: the biller (external) or the member's account. */
export function checkMoneySources(posting: Posting | ReversalPosting): void {
  const sources = posting.billMoneySources ?? [];
  if (sources.length === 0) return;
  for (const source of sources) {
    if (!Number.isSafeInteger(source.amount) || source.amount === 0) {
      throw new LedgerError('LEDGER_NOT_CENTS', `Not a money source amount: ${source.amount}`, 'billMoneySources');
    }
  }
  const kind = 'reversedType' in posting ? posting.reversedType : posting.type;
  const paid = sources.filter((s) => s.source !== MoneySource.ShortPay).reduce((total, s) => total + s.amount, 0);
  let payee: number;
  if (kind === LedgerTransactionType.BillPayment) {
    payee = sumWhere(posting.lines, LedgerAccountKind.External);
  } else if (kind === LedgerTransactionType.Reimbursement) {
    if (sources.some((s) => s.source === MoneySource.LinkedAccount)) {
      throw new LedgerError(
        'LEDGER_MONEY_SOURCES_DISAGREE',
        'A reimbursement cannot be topped up from a linked account.',
      );
    }
    payee = sumWhere(posting.lines, LedgerAccountKind.LinkedAccount);
  } else {
    throw new LedgerError('LEDGER_MONEY_SOURCES_DISAGREE', 'Only bill payments and reimbursements pay bills.');
  }
  if (paid !== payee) {
    throw new LedgerError(
      'LEDGER_MONEY_SOURCES_DISAGREE',
      `The bill's money sources (${paid} cents) differ from what was paid out (${payee} cents).`,
      'billMoneySources',
    );
  }
}

/** Every pocket named must be the posting's agreement's (or, for a version transfer, its previous version's). */
export function checkScope(posting: Posting, scope: PostingScope): void {
  const agreementId = posting.agreementId ?? null;
  if (agreementId !== null && !scope.agreement) {
    throw new LedgerError('LEDGER_UNKNOWN_AGREEMENT', `No agreement ${agreementId}.`, 'agreementId');
  }
  const versionTransfer =
    posting.type === LedgerTransactionType.VersionTransfer ||
    ('reversedType' in posting && (posting as ReversalPosting).reversedType === LedgerTransactionType.VersionTransfer);
  for (const line of posting.lines) {
    const ref = line.account;
    if (isAgreementPocket(ref.kind)) {
      const owner = ownerAgreementOf(ref, agreementId);
      const previousId = scope.agreement?.previousId ?? null;
      const allowed = owner !== null && (owner === agreementId || (versionTransfer && owner === previousId));
      if (!allowed) {
        throw new LedgerError(
          'LEDGER_FOREIGN_ACCOUNT',
          `Agreement ${owner ?? '(none)'}'s balances cannot move in a posting of agreement ${agreementId ?? '(none)'}.`,
          'lines',
        );
      }
    } else if (ref.kind === LedgerAccountKind.LinkedAccount && 'linkedAccountId' in ref) {
      if (!scope.linkedAccountIds.has(ref.linkedAccountId)) {
        throw new LedgerError(
          'LEDGER_FOREIGN_ACCOUNT',
          `Linked account ${ref.linkedAccountId} does not belong to the agreement's members.`,
          'lines',
        );
      }
    } else if (ref.kind !== LedgerAccountKind.External) {
      throw new LedgerError('LEDGER_FOREIGN_ACCOUNT', `Not a ledger account: ${JSON.stringify(ref)}`, 'lines');
    }
  }
}

/** The lines that undo `lines`. */
export function negateLines(lines: readonly LedgerLine[]): LedgerLine[] {
  return lines.map((line) => ({ account: line.account, amount: cents(-line.amount) }));
}
