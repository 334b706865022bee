import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../shared/clock.js';
import { cents, parseMoney } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { inTransaction, intArray } from '../../database/bulk.js';
import { ActivityType } from '../activity/index.js';
import { BillStatus, type MoneySource } from '../bill/index.js';
import { LedgerAccountKind } from './ledger-account-kind.js';
import { LedgerTransactionType } from './ledger-transaction-type.js';
import { LedgerError } from './ledger.errors.js';
import { checkLines, checkMoneySources, checkScope, negateLines } from './ledger.rules.js';
import type {
  ActivityInput,
  LedgerAccountRef,
  LedgerLine,
  Posting,
  PostingResult,
  ReversalPosting,
} from './ledger.types.js';
import {
  knownScope,
  loadScope,
  lockPockets,
  resolvePockets,
  scopeOf,
  writePostings,
  type AgreementScopeRow,
  type PocketIds,
} from './ledger-writer.js';

export interface PostOptions {
  /**
   * Whether bills' paid amounts and deposits' received amounts are updated from the postings (the default). Only a
   * bulk loader that inserts those figures already computed turns this off; `check:ledger` verifies them either way.
   */
  updateReceivedFigures?: boolean;
  /**
   * The pockets `lockBalances` locked earlier in the same transaction (its answer): when they are all the postings
   * name, they are not created, locked and read again.
   */
  lockedPockets?: PocketIds;
  /**
   * The postings' agreements as the caller read them under their lock in the same transaction (id, previous agreement,
   * account, active members primary first): not read again when they are all the postings name and no posting names
   * a linked account.
   */
  agreements?: ReadonlyMap<number, AgreementScopeRow>;
}

export interface ReverseOptions {
  effectiveDate: LocalDate;
  description?: string;
  /** Overrides of the reversal's activity (type defaults from what is reversed: 13, 25 or 29). */
  activity?: Partial<ActivityInput>;
  createdByUserId?: number | null;
  createdAt?: Date;
}

interface OriginalEntryRow {
  type: LedgerTransactionType;
  agreement_id: number | null;
  deposit_id: number | null;
  reverses_id: number | null;
  reversed_by: number | null;
  kind: LedgerAccountKind;
  pocket_agreement_id: number | null;
  linked_account_id: number | null;
  amount: string;
}

function refOf(row: OriginalEntryRow): LedgerAccountRef {
  switch (row.kind) {
    case LedgerAccountKind.LinkedAccount:
      return { kind: LedgerAccountKind.LinkedAccount, linkedAccountId: row.linked_account_id ?? 0 };
    case LedgerAccountKind.External:
      return { kind: LedgerAccountKind.External };
    default:
      return { kind: row.kind, agreementId: row.pocket_agreement_id ?? undefined };
  }
}

function reversalActivityType(type: LedgerTransactionType): ActivityType {
  if (type === LedgerTransactionType.Deposit) return ActivityType.DepositReversal;
  if (type === LedgerTransactionType.BillPayment || type === LedgerTransactionType.Reimbursement) {
    return ActivityType.ReverseBill;
  }
  return ActivityType.Transaction;
}

/**
 * The double-entry ledger. Every movement of money is one transaction whose lines sum to zero across an
 * agreement's pockets (allocation, contingency, rainy day), its members' linked savings accounts and the outside
 * world; its activity row, bill money sources and the bills' and deposits' received figures are written in the
 * same database transaction. Nothing is ever updated or deleted: `reverse` posts the opposite.
 */
export class LedgerService {
  /** `now` stamps the rows whose posting names no time: the app's clock, so a fixed or moved clock dates them too. */
  constructor(private readonly clock: Pick<Clock, 'now'> = { now: () => new Date() }) {}

  /** Posts one transaction (in the entity manager's transaction, or a new one). */
  async post(em: EntityManager, posting: Posting): Promise<PostingResult> {
    const [result] = await this.postMany(em, [posting]);
    return result;
  }

  /**
   * Posts many transactions set-based (a handful of statements whatever their number), all or none. Each is
   * checked first: at least two non-zero whole-cent lines summing to zero, only its own agreement's pockets
   * and its members' linked accounts, an activity when an agreement's money moves, money sources matching
   * the payout.
   */
  async postMany(
    em: EntityManager,
    postings: readonly (Posting | ReversalPosting)[],
    options: PostOptions = {},
  ): Promise<PostingResult[]> {
    if (postings.length === 0) return [];
    for (const posting of postings) {
      checkLines(posting);
      checkMoneySources(posting);
    }
    return inTransaction(em, async (tx) => {
      const loaded = knownScope(postings, options.agreements) ?? (await loadScope(tx, postings));
      for (const posting of postings) checkScope(posting, scopeOf(posting, loaded));
      const pockets = await resolvePockets(tx, postings, options.lockedPockets);
      return writePostings(tx, postings, pockets, loaded, this.clock.now(), options.updateReceivedFigures ?? true);
    });
  }

  /**
   * Locks the balances of these agreements (and linked accounts) until the caller's transaction ends, so that a
   * payment can read them, decide, and post without another request changing them in between (a second concurrent
   * payment waits, then sees the first one's effect). Call it inside a transaction, before reading balances. Answers
   * the locked pockets, for `postMany` in the same transaction (`lockedPockets`).
   */
  async lockBalances(
    em: EntityManager,
    agreementIds: readonly number[],
    linkedAccountIds: readonly number[] = [],
  ): Promise<PocketIds> {
    if (!em.isInTransaction()) throw new Error('lockBalances needs a transaction: the locks end with it');
    return lockPockets(em, agreementIds, linkedAccountIds);
  }

  /**
   * Undoes a transaction with a new one: every line negated, its money sources negated (bills go back to what
   * they were paid before, status 7 reversed), its deposit's received amount reduced (status 4 reversed). A
   * transaction is reversed at most once, and a reversal is never reversed (post the movement again instead).
   */
  async reverse(em: EntityManager, transactionId: number, options: ReverseOptions): Promise<PostingResult> {
    return inTransaction(em, async (tx) => {
      const rows = await tx.execute<OriginalEntryRow[]>(
        `select t.type, t.agreement_id, t.deposit_id, t.reverses_id,
                (select r.id from ledger_transaction r where r.reverses_id = t.id) as reversed_by,
                la.kind, la.agreement_id as pocket_agreement_id, la.linked_account_id, e.amount
         from ledger_transaction t
         join ledger_entry e on e.transaction_id = t.id
         join ledger_account la on la.id = e.ledger_account_id
         where t.id = ? order by e.id for update of t`,
        [transactionId],
      );
      const original = rows[0];
      if (!original) throw new LedgerError('LEDGER_UNKNOWN_TRANSACTION', `No ledger transaction ${transactionId}.`);
      if (original.reverses_id !== null) {
        throw new LedgerError('LEDGER_REVERSAL_OF_REVERSAL', 'A reversal cannot be reversed; post the movement again.');
      }
      if (original.reversed_by !== null) {
        throw new LedgerError('LEDGER_ALREADY_REVERSED', `Transaction ${transactionId} is already reversed.`);
      }
      const lines: LedgerLine[] = rows.map((row) => ({ account: refOf(row), amount: parseMoney(row.amount) }));
      const sources = await tx.execute<
        { bill_id: number; source: MoneySource; amount: string; linked_account_id: number | null }[]
      >(
        'select bill_id, source, amount, linked_account_id from bill_money_source where transaction_id = ? order by id',
        [transactionId],
      );
      const posting: ReversalPosting = {
        type: LedgerTransactionType.Reversal,
        reversesTransactionId: transactionId,
        reversedType: original.type,
        agreementId: original.agreement_id,
        effectiveDate: options.effectiveDate,
        description: options.description ?? `Reversal of transaction ${transactionId}`,
        lines: negateLines(lines),
        depositId: original.deposit_id,
        billMoneySources: sources.map((s) => ({
          billId: s.bill_id,
          source: s.source,
          linkedAccountId: s.linked_account_id,
          amount: cents(-parseMoney(s.amount)),
        })),
        activity: original.agreement_id
          ? { type: reversalActivityType(original.type), ...options.activity }
          : (options.activity as ActivityInput | undefined),
        createdByUserId: options.createdByUserId,
        createdAt: options.createdAt,
      };
      const result = await this.post(tx, posting).catch((error: unknown) => {
        // Two reversals racing past the check above: the unique index lets one through.
        if (error instanceof UniqueConstraintViolationException && error.message.includes('reverses_id')) {
          throw new LedgerError('LEDGER_ALREADY_REVERSED', `Transaction ${transactionId} is already reversed.`);
        }
        throw error;
      });
      const billIds = [...new Set(sources.map((s) => s.bill_id))];
      if (billIds.length > 0) {
        await tx.execute(
          `update bill set status = ${BillStatus.Reversed} where id = any(?::int[])`,
          [intArray(billIds)],
          'run',
        );
      }
      return result;
    });
  }
}
