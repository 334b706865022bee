import type { EntityManager } from '@mikro-orm/postgresql';
import { FiguresChangeReason, figuresChanged } from '../../common/figures-changed.js';
import { toDecimalString } from '../../shared/money.js';
import { allocateIdsOf, idSequence, insertRows, intArray, runSql, type BulkRow } from '../../database/bulk.js';
import { writeActivityRows, type ActivityInsertRow } from '../activity/index.js';
import { DepositStatus } from '../deposit/index.js';
import { MoneySource } from '../bill/index.js';
import { isAgreementPocket, LedgerAccountKind } from './ledger-account-kind.js';
import { LedgerError } from './ledger.errors.js';
import { agreementChangeOf, ownerAgreementOf, pocketKey, type PostingScope } from './ledger.rules.js';
import type { Posting, PostingResult, ReversalPosting } from './ledger.types.js';
import { TransactionStatus } from './transaction-status.js';

/** An agreement as the postings' checks need it: its previous agreement, account, and active members (primary first). */
export interface AgreementScopeRow {
  id: number;
  previous_id: number | null;
  account_id: number;
  member_ids: number[];
}

export interface LoadedScope {
  agreements: Map<number, AgreementScopeRow>;
  /** linked account id → owning member id */
  linkedAccounts: Map<number, number>;
}

/** Who may be touched: the agreements named, their account holders, and the linked accounts named (2 statements). */
export async function loadScope(em: EntityManager, postings: readonly Posting[]): Promise<LoadedScope> {
  const agreementIds = new Set<number>();
  const linkedIds = new Set<number>();
  for (const posting of postings) {
    if (posting.agreementId) agreementIds.add(posting.agreementId);
    for (const line of posting.lines) {
      if ('linkedAccountId' in line.account) linkedIds.add(line.account.linkedAccountId);
    }
  }
  const agreements = new Map<number, AgreementScopeRow>();
  if (agreementIds.size > 0) {
    const rows = await runSql<AgreementScopeRow>(
      em,
      `select a.id, a.previous_id, a.account_id,
              coalesce(array_agg(l.member_id order by l.is_primary desc, l.id) filter (where l.member_id is not null),
                       '{}') as member_ids
       from agreement a left join member_account_link l on l.account_id = a.account_id and l.is_active
       where a.id = any(?::int[]) group by a.id`,
      [intArray(agreementIds)],
    );
    for (const row of rows) agreements.set(row.id, { ...row, member_ids: row.member_ids.map(Number) });
  }
  const linkedAccounts = new Map<number, number>();
  if (linkedIds.size > 0) {
    const rows = await runSql<{ id: number; member_id: number }>(
      em,
      'select id, member_id from linked_account where id = any(?::int[])',
      [intArray(linkedIds)],
    );
    for (const row of rows) linkedAccounts.set(row.id, row.member_id);
  }
  return { agreements, linkedAccounts };
}

/**
 * The scope of postings from agreements the caller read itself in the same transaction (under their lock, as
 * `loadScope` reads them), or null when that is not all they need: an agreement it did not read, or a linked account.
 */
export function knownScope(
  postings: readonly Posting[],
  agreements: ReadonlyMap<number, AgreementScopeRow> | undefined,
): LoadedScope | null {
  if (!agreements) return null;
  const named = new Map<number, AgreementScopeRow>();
  for (const posting of postings) {
    if (posting.lines.some((line) => 'linkedAccountId' in line.account)) return null;
    if (!posting.agreementId) continue;
    const agreement = agreements.get(posting.agreementId);
    if (!agreement) return null;
    named.set(agreement.id, agreement);
  }
  return { agreements: named, linkedAccounts: new Map() };
}

/** The scope one posting is checked against. */
export function scopeOf(posting: Posting, loaded: LoadedScope): PostingScope {
  const agreement = posting.agreementId ? loaded.agreements.get(posting.agreementId) : undefined;
  const members = new Set<number>(agreement ? agreement.member_ids : posting.memberId ? [posting.memberId] : []);
  const linkedAccountIds = new Set<number>();
  for (const [id, memberId] of loaded.linkedAccounts) if (members.has(memberId)) linkedAccountIds.add(id);
  return {
    agreement: agreement ? { id: agreement.id, previousId: agreement.previous_id } : null,
    linkedAccountIds,
  };
}

/** Ledger account ids by pocket key (`pocketKey`; 'x' the external account): what `postMany` writes entries to. */
export type PocketIds = ReadonlyMap<string, number>;

interface PocketRow {
  kind: number;
  agreement_id: number | null;
  linked_account_id: number | null;
}

/**
 * Creates the pockets missing among `rows` and locks every pocket of their agreements and linked accounts in id order
 * (concurrent postings on the same agreement queue instead of deadlocking), for the rest of the caller's transaction;
 * answers the id of each locked pocket by key, and the external account's (read, never locked: every posting names
 * it). Two statements, whatever the number of pockets.
 */
async function createAndLockPockets(em: EntityManager, rows: readonly PocketRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const agreementIds = new Set(rows.map((r) => r.agreement_id).filter((id): id is number => typeof id === 'number'));
  const linkedIds = new Set(rows.map((r) => r.linked_account_id).filter((id): id is number => typeof id === 'number'));
  if (rows.length > 0) {
    await runSql(
      em,
      `insert into ledger_account (kind, agreement_id, linked_account_id)
       select kind, agreement_id, linked_account_id
       from json_to_recordset(?::json) as r(kind smallint, agreement_id int, linked_account_id int)
       on conflict do nothing`,
      [JSON.stringify(rows)],
    );
  }
  const found = await runSql<{
    id: number;
    kind: number;
    agreement_id: number | null;
    linked_account_id: number | null;
  }>(
    em,
    `with locked as (
       select id, kind, agreement_id, linked_account_id from ledger_account
       where agreement_id = any(?::int[]) or linked_account_id = any(?::int[]) order by id for update)
     select id, kind, agreement_id, linked_account_id from locked
     union all
     select id, kind, agreement_id, linked_account_id from ledger_account
     where kind = ${LedgerAccountKind.External} and agreement_id is null and linked_account_id is null`,
    [intArray(agreementIds), intArray(linkedIds)],
  );
  for (const row of found) {
    const key =
      Number(row.kind) === LedgerAccountKind.External && row.agreement_id === null && row.linked_account_id === null
        ? 'x'
        : row.linked_account_id !== null
          ? `l:${row.linked_account_id}`
          : `a:${row.agreement_id}:${row.kind}`;
    ids.set(key, Number(row.id));
  }
  return ids;
}

/** The pocket keys the postings name, each with the row that creates it (the external account: 'x', never created). */
function pocketsNamed(postings: readonly Posting[]): Map<string, PocketRow> {
  const wanted = new Map<string, PocketRow>();
  for (const posting of postings) {
    for (const line of posting.lines) {
      const key = pocketKey(line.account, posting.agreementId);
      if (wanted.has(key)) continue;
      const ref = line.account;
      wanted.set(key, {
        kind: ref.kind,
        agreement_id: isAgreementPocket(ref.kind) ? ownerAgreementOf(ref, posting.agreementId) : null,
        linked_account_id: 'linkedAccountId' in ref ? ref.linkedAccountId : null,
      });
    }
  }
  return wanted;
}

/**
 * The ledger account id of every pocket the postings name: missing pockets are created, and the ones with a stored
 * balance are locked in id order, so that concurrent postings on the same agreement queue instead of deadlocking.
 * Pockets the caller's transaction already locked (`lockPockets`' answer, `locked`) are not read again when they are
 * all the postings name.
 */
export async function resolvePockets(
  em: EntityManager,
  postings: readonly Posting[],
  locked?: PocketIds,
): Promise<PocketIds> {
  const wanted = pocketsNamed(postings);
  if (locked && [...wanted.keys()].every((key) => locked.has(key))) return locked;
  wanted.delete('x');
  return createAndLockPockets(em, [...wanted.values()]);
}

/**
 * Creates any missing pockets of the agreements (and linked accounts) and locks them all in id order, for the rest of
 * the caller's transaction: balances read after this cannot change under the caller until it commits. Answers the
 * locked pockets' ids (and the external account's), which postings in the same transaction may use (`postMany`'s
 * `lockedPockets`) instead of resolving them again.
 */
export async function lockPockets(
  em: EntityManager,
  agreementIds: readonly number[],
  linkedAccountIds: readonly number[],
): Promise<PocketIds> {
  const rows: PocketRow[] = [
    ...agreementIds.flatMap((agreementId) =>
      [LedgerAccountKind.Allocation, LedgerAccountKind.Contingency, LedgerAccountKind.RainyDay].map((kind) => ({
        kind,
        agreement_id: agreementId,
        linked_account_id: null,
      })),
    ),
    ...linkedAccountIds.map((id) => ({
      kind: LedgerAccountKind.LinkedAccount,
      agreement_id: null,
      linked_account_id: id,
    })),
  ];
  if (rows.length === 0) return new Map();
  return createAndLockPockets(em, rows);
}

const TRANSACTION_COLUMNS = [
  { name: 'id', type: 'int' },
  { name: 'type', type: 'smallint' },
  { name: 'agreement_id', type: 'int' },
  { name: 'effective_date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'reverses_id', type: 'int' },
  { name: 'deposit_id', type: 'int' },
  { name: 'created_by_id', type: 'int' },
  { name: 'created_at', type: 'timestamptz' },
] as const;

const ENTRY_COLUMNS = [
  { name: 'transaction_id', type: 'int' },
  { name: 'ledger_account_id', type: 'int' },
  { name: 'amount', type: 'numeric' },
] as const;

const MONEY_SOURCE_COLUMNS = [
  { name: 'bill_id', type: 'int' },
  { name: 'transaction_id', type: 'int' },
  { name: 'source', type: 'smallint' },
  { name: 'linked_account_id', type: 'int' },
  { name: 'amount', type: 'numeric' },
  { name: 'created_at', type: 'timestamptz' },
] as const;

/**
 * Writes checked postings set-based: ids first, then one statement per table (all of a transaction's lines in the
 * same statement, as the balance trigger requires), then the bills' and deposits' received figures.
 */
export async function writePostings(
  em: EntityManager,
  postings: readonly (Posting | ReversalPosting)[],
  pockets: PocketIds,
  loaded: LoadedScope,
  postedAt: Date,
  updateReceivedFigures = true,
): Promise<PostingResult[]> {
  // The transactions' and their activities' ids in one round trip (the activity sequence as allocateActivityIds names it).
  const [transactionIds, activityIds] = await allocateIdsOf(em, [
    { sequence: idSequence('ledger_transaction'), count: postings.length },
    { sequence: idSequence('activity'), count: postings.filter((p) => p.activity).length },
  ]);
  const now = postedAt.toISOString();
  const transactions: BulkRow[] = [];
  const entries: BulkRow[] = [];
  const activities: ActivityInsertRow[] = [];
  const sources: BulkRow[] = [];
  const billTotals: BulkRow[] = [];
  const depositTotals: BulkRow[] = [];
  const results: PostingResult[] = [];
  let activityIndex = 0;
  postings.forEach((posting, index) => {
    const id = transactionIds[index];
    const createdAt = posting.createdAt?.toISOString() ?? now;
    const agreement = posting.agreementId ? loaded.agreements.get(posting.agreementId) : undefined;
    transactions.push({
      id,
      type: posting.type,
      agreement_id: posting.agreementId ?? null,
      effective_date: posting.effectiveDate,
      description: posting.description.slice(0, 200),
      reverses_id: 'reversesTransactionId' in posting ? posting.reversesTransactionId : null,
      deposit_id: posting.depositId ?? null,
      created_by_id: posting.createdByUserId ?? null,
      created_at: createdAt,
    });
    for (const line of posting.lines) {
      const accountId = pockets.get(pocketKey(line.account, posting.agreementId));
      if (accountId === undefined) throw new LedgerError('LEDGER_FOREIGN_ACCOUNT', 'A ledger account is missing.');
      entries.push({ transaction_id: id, ledger_account_id: accountId, amount: toDecimalString(line.amount) });
    }
    const agreementChange = agreementChangeOf(posting);
    let activityId: number | null = null;
    if (posting.activity) {
      const activity = posting.activity;
      activityId = activityIds[activityIndex++];
      activities.push({
        id: activityId,
        type: activity.type,
        occurred_at: activity.occurredAt?.toISOString() ?? createdAt,
        member_id: activity.memberId ?? agreement?.member_ids[0] ?? posting.memberId ?? null,
        account_id: activity.accountId ?? agreement?.account_id ?? null,
        agreement_id: posting.agreementId ?? null,
        details: activity.details ?? posting.description,
        data: activity.data ?? null,
        notes: activity.notes ?? null,
        agent_name: activity.agentName ?? null,
        user_id: activity.userId ?? posting.createdByUserId ?? null,
        balance_change: toDecimalString(agreementChange),
        transaction_status: activity.transactionStatus ?? TransactionStatus.Successful,
        ledger_transaction_id: id,
        bill_id: activity.billId ?? null,
        biller_id: activity.billerId ?? null,
      });
    }
    for (const source of posting.billMoneySources ?? []) {
      sources.push({
        bill_id: source.billId,
        transaction_id: id,
        source: source.source,
        linked_account_id: source.linkedAccountId ?? null,
        amount: toDecimalString(source.amount),
        created_at: createdAt,
      });
      billTotals.push({
        bill_id: source.billId,
        paid: source.source === MoneySource.ShortPay ? '0' : toDecimalString(source.amount),
        owing: source.source === MoneySource.ShortPay ? toDecimalString(source.amount) : '0',
        paid_date: posting.effectiveDate,
      });
    }
    if (posting.depositId) {
      depositTotals.push({
        deposit_id: posting.depositId,
        amount: toDecimalString(agreementChange),
        received_date: posting.effectiveDate,
      });
    }
    results.push({ transactionId: id, activityId, agreementChange });
  });
  const all = Number.MAX_SAFE_INTEGER;
  await insertRows(em, 'ledger_transaction', TRANSACTION_COLUMNS, transactions);
  await insertRows(em, 'ledger_entry', ENTRY_COLUMNS, entries, all);
  await writeActivityRows(em, activities);
  await insertRows(em, 'bill_money_source', MONEY_SOURCE_COLUMNS, sources);
  if (updateReceivedFigures) {
    await applyBillTotals(em, billTotals);
    await applyDepositTotals(em, depositTotals);
  }
  // Every movement of an agreement's money changes what its screens show: announced after the commit.
  const accountIds = postings.flatMap((p) => {
    const agreement = p.agreementId ? loaded.agreements.get(p.agreementId) : undefined;
    return agreement ? [Number(agreement.account_id)] : [];
  });
  if (accountIds.length > 0) figuresChanged(em, { accountIds, reason: FiguresChangeReason.MoneyMoved });
  return results;
}

/** Bills follow their money sources: paid amount, amount owing, and the date money last went out. */
async function applyBillTotals(em: EntityManager, rows: BulkRow[]): Promise<void> {
  if (rows.length === 0) return;
  await runSql(
    em,
    `update bill b set paid_amount = b.paid_amount + s.paid, amount_owing = b.amount_owing + s.owing,
       paid_date = case when s.paid > 0 then s.paid_date else b.paid_date end
     from (select bill_id, sum(paid) as paid, sum(owing) as owing, max(paid_date) as paid_date
           from json_to_recordset(?::json) as r(bill_id int, paid numeric, owing numeric, paid_date date)
           group by bill_id) s
     where b.id = s.bill_id`,
    [JSON.stringify(rows)],
  );
}

/** Scheduled deposits follow their deposit transactions: received amount, date and status. */
async function applyDepositTotals(em: EntityManager, rows: BulkRow[]): Promise<void> {
  if (rows.length === 0) return;
  await runSql(
    em,
    `update scheduled_deposit d set received_amount = d.received_amount + s.amount,
       received_date = case when s.amount > 0 then s.received_date else d.received_date end,
       status = case when d.received_amount + s.amount >= d.expected_amount then ${DepositStatus.Received}
                     when d.received_amount + s.amount > 0 then ${DepositStatus.PartlyReceived}
                     else ${DepositStatus.Reversed} end
     from (select deposit_id, sum(amount) as amount, max(received_date) as received_date
           from json_to_recordset(?::json) as r(deposit_id int, amount numeric, received_date date)
           group by deposit_id) s
     where d.id = s.deposit_id`,
    [JSON.stringify(rows)],
  );
}
