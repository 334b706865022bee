import type { EntityManager } from '@mikro-orm/postgresql';
import { FiguresChangeReason, figuresChanged } from '../../../common/figures-changed.js';
import { intArray } from '../../../database/bulk.js';
import { dateOf, moneyOf } from '../../../database/row-values.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { sum, sub, toDecimalString, type Cents } from '../../../shared/money.js';
import { DomainError } from '../../../shared/errors.js';
import { HardshipRequestKind, HardshipStatus } from '../../../shared/hardship/hardship.rules.js';
import { DepositStatus } from '../agreement-codes.js';
import {
  extraPlan,
  reliefPlan,
  type ReliefTerms,
  type ExtraPlan,
  type ReliefPlan,
  type RelievedDeposit,
} from './deposit-relief.rules.js';

type Row = Record<string, unknown>;

/** The deposits a relief may change: the version's schedule still to come, nothing of it received or posted. */
async function relievableDeposits(tx: EntityManager, agreementId: number, today: LocalDate) {
  const rows = await tx.execute<Row[]>(
    `select d.id, d.due_date::text as due_date, d.expected_amount from scheduled_deposit d
     where d.agreement_id = ? and d.status = ? and d.received_amount = 0 and d.due_date >= ?::date
       and not exists (select 1 from ledger_transaction t where t.deposit_id = d.id)
     order by d.due_date, d.id`,
    [agreementId, DepositStatus.Scheduled, today],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    dueDate: dateOf(row.due_date),
    amount: moneyOf(row.expected_amount),
  }));
}

/**
 * The one writer of a relief (rule "deposit relief"), in the caller's transaction: first the relief in force under
 * `reliefKey` is taken back (each deposit still to come loses only what that relief changed, so a later spread on
 * it stays), then `relief` (none: only taken back)
 * is applied to the version's deposits still to come and recorded in `deposit_relief`. A holiday's deposits become
 * status 5 (not expected: the bank day does not ask for them, the projection leaves them out, they are never missed).
 * Deposits already due keep what they were. The account's screens are told (figures changed). Answers the relief
 * applied and how many deposits got their amounts back.
 */
export async function setDepositRelief(
  tx: EntityManager,
  input: {
    agreementId: number;
    accountId: number;
    reliefKey: string;
    relief: ReliefTerms | null;
    today: LocalDate;
    now: Date;
  },
): Promise<{ plan: ReliefPlan | null; restored: number }> {
  const { agreementId, reliefKey, today, now } = input;
  // The agreement's row first, as the bank day's deposit step takes it: a day's deposits and a relief never cross.
  await tx.execute('select id from agreement where id = ? for update', [agreementId]);
  const restored = await takeBack(tx, 'relief_key = ?', [reliefKey], today, now);
  let plan: ReliefPlan | null = null;
  if (input.relief) {
    plan = reliefPlan(await relievableDeposits(tx, agreementId, today), input.relief);
    await writeChanges(tx, plan.changes, reliefKey, now);
  }
  if (restored > 0 || plan) {
    figuresChanged(tx, { accountIds: [input.accountId], reason: FiguresChangeReason.DepositsChanged });
  }
  return { plan, restored };
}

/**
 * The shortfall's spread applied (rule "spread over the next deposits"), in the caller's transaction: the next
 * deposits still to come each carry their share more, recorded in `deposit_relief` under `key`. Once per key: a key
 * already used answers what it added then (a retried request changes nothing more).
 */
export async function addToDeposits(
  tx: EntityManager,
  input: {
    agreementId: number;
    accountId: number;
    key: string;
    shares: readonly Cents[];
    from: LocalDate;
    today: LocalDate;
    now: Date;
  },
): Promise<{ plan: ExtraPlan; replayed: boolean }> {
  await tx.execute('select id from agreement where id = ? for update', [input.agreementId]);
  const before = await depositsRelieved(tx, input.key);
  if (before.length > 0) {
    return { plan: { changes: before, added: sum(before.map((c) => sub(c.after, c.before))) }, replayed: true };
  }
  const plan = extraPlan(await relievableDeposits(tx, input.agreementId, input.today), input.shares, input.from);
  await writeChanges(tx, plan.changes, input.key, input.now);
  figuresChanged(tx, { accountIds: [input.accountId], reason: FiguresChangeReason.DepositsChanged });
  return { plan, replayed: false };
}

/**
 * Takes back the reliefs in force that `where` picks (on `deposit_relief r`): each deposit still to come loses only
 * what the relief itself changed (`after - before`), so what a later spread added to the same deposit stays; a
 * holiday's deposit is expected again. The rows are marked undone. Answers how many deposits changed.
 */
async function takeBack(
  tx: EntityManager,
  where: string,
  params: unknown[],
  today: LocalDate,
  now: Date,
): Promise<number> {
  const undone = await tx.execute<Row[]>(
    `update deposit_relief r set undone_at = ? where ${where} and r.undone_at is null
     returning r.scheduled_deposit_id, r.amount_after - r.amount_before as delta`,
    [now, ...params],
  );
  if (undone.length === 0) return 0;
  const result = await tx.execute(
    `update scheduled_deposit d set expected_amount = greatest(d.expected_amount - u.delta, 0), status = ?
     from (select id, sum(delta) as delta from unnest(?::int[], ?::numeric[]) as t(id, delta) group by id) as u
     where d.id = u.id and d.due_date >= ?::date and d.received_amount = 0 and d.status in (?, ?)`,
    [
      DepositStatus.Scheduled,
      intArray(undone.map((row) => Number(row.scheduled_deposit_id))),
      `{${undone.map((row) => String(row.delta)).join(',')}}`,
      today,
      DepositStatus.Scheduled,
      DepositStatus.Holiday,
    ],
    'run',
  );
  return (result as { affectedRows?: number }).affectedRows ?? 0;
}

async function writeChanges(tx: EntityManager, changes: RelievedDeposit[], reliefKey: string, now: Date) {
  const ids = intArray(changes.map((c) => c.id));
  await tx.execute(
    `update scheduled_deposit d set expected_amount = u.after, status = case when u.holiday then ? else ? end
     from unnest(?::int[], ?::numeric[], ?::boolean[]) as u(id, after, holiday) where d.id = u.id`,
    [
      DepositStatus.Holiday,
      DepositStatus.Scheduled,
      ids,
      `{${changes.map((c) => toDecimalString(c.after)).join(',')}}`,
      `{${changes.map((c) => String(c.holiday)).join(',')}}`,
    ],
    'run',
  );
  await tx.execute(
    `insert into deposit_relief (scheduled_deposit_id, relief_key, amount_before, amount_after, holiday, created_at)
     select u.id, ?, u.before, u.after, u.holiday, ?
     from unnest(?::int[], ?::numeric[], ?::numeric[], ?::boolean[]) as u(id, before, after, holiday)`,
    [
      reliefKey,
      now,
      ids,
      `{${changes.map((c) => toDecimalString(c.before)).join(',')}}`,
      `{${changes.map((c) => toDecimalString(c.after)).join(',')}}`,
      `{${changes.map((c) => String(c.holiday)).join(',')}}`,
    ],
    'run',
  );
}

/** The deposits a relief in force changed, earliest first (the case's screens). */
export async function depositsRelieved(em: EntityManager, reliefKey: string): Promise<RelievedDeposit[]> {
  const rows = await em.execute<Row[]>(
    `select d.id, d.due_date::text as due_date, r.amount_before, r.amount_after, r.holiday
     from deposit_relief r join scheduled_deposit d on d.id = r.scheduled_deposit_id
     where r.relief_key = ? and r.undone_at is null order by d.due_date, d.id`,
    [reliefKey],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    dueDate: dateOf(row.due_date),
    before: moneyOf(row.amount_before),
    after: moneyOf(row.amount_after),
    holiday: Boolean(row.holiday),
  }));
}

/** What a re-plan did to the reliefs in force (the modification's history says it). */
export interface ReliefsReplanned {
  /** Hardship arrangements applied again on the new schedule (their keys). */
  reapplied: string[];
  /** Reliefs the new plan supersedes: shortfall spreads, closed cases' arrangements, and arrangements that no longer change a deposit. */
  superseded: string[];
}

/**
 * A modification re-plans the deposits (modification-schedule.ts): first, before the new plan's amounts are written,
 * every relief in force on the version's deposits still to come is taken back (`takeBack`: only its own delta; a
 * holiday's deposit is expected again), so the new plan writes every deposit from its own figures.
 * Answers the keys taken back, for `reapplyReliefs`.
 */
export async function takeBackForReplan(
  tx: EntityManager,
  versionId: number,
  today: LocalDate,
  now: Date,
): Promise<string[]> {
  const keys = await tx.execute<Row[]>(
    `select distinct r.relief_key from deposit_relief r join scheduled_deposit d on d.id = r.scheduled_deposit_id
     where d.agreement_id = ? and d.due_date >= ?::date and d.received_amount = 0 and r.undone_at is null
     order by r.relief_key`,
    [versionId, today],
  );
  if (keys.length === 0) return [];
  await takeBack(
    tx,
    `r.scheduled_deposit_id in (select id from scheduled_deposit where agreement_id = ? and due_date >= ?::date
       and received_amount = 0)`,
    [versionId, today],
    today,
    now,
  );
  return keys.map((row) => String(row.relief_key));
}

/**
 * After the new plan's deposits are written: each hardship arrangement taken back by `takeBackForReplan` whose case
 * is still open or arranged is applied again on the new schedule through the one writer (`setDepositRelief`, rule
 * "deposit relief"): its holiday's deposits are not expected, the amounts spread over the later ones are the new
 * plan's. Everything else taken back stays superseded: a shortfall spread (the new plan's deposits cover the term
 * again, so adding it once more would count it twice), a closed case's arrangement, and an arrangement that no longer
 * relieves a deposit (its period passed, or the new deposit is already at or below the lower amount).
 */
export async function reapplyReliefs(
  tx: EntityManager,
  input: { versionId: number; accountId: number; keys: readonly string[]; today: LocalDate; now: Date },
): Promise<ReliefsReplanned> {
  const result: ReliefsReplanned = { reapplied: [], superseded: [] };
  for (const key of input.keys) {
    const relief = await arrangedRelief(tx, key);
    if (!relief) {
      result.superseded.push(key);
      continue;
    }
    try {
      await setDepositRelief(tx, {
        agreementId: input.versionId,
        accountId: input.accountId,
        reliefKey: key,
        relief,
        today: input.today,
        now: input.now,
      });
      result.reapplied.push(key);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.superseded.push(key);
    }
  }
  return result;
}

/** The relief of an open or arranged hardship case's arrangement under `key` (`hardship_case:<id>`); null otherwise. */
async function arrangedRelief(tx: EntityManager, key: string): Promise<ReliefTerms | null> {
  const match = /^hardship_case:(\d+)$/.exec(key);
  if (!match) return null;
  const [row] = await tx.execute<Row[]>(
    `select arrangement_kind, arrangement_from::text as arrangement_from,
            arrangement_until::text as arrangement_until, arrangement_amount
     from hardship_case where id = ? and status in (?, ?)`,
    [Number(match[1]), HardshipStatus.Open, HardshipStatus.Arranged],
  );
  if (!row || !row.arrangement_from || !row.arrangement_until) return null;
  const from = dateOf(row.arrangement_from);
  const until = dateOf(row.arrangement_until);
  if (row.arrangement_kind === HardshipRequestKind.DepositHoliday) return { kind: 'holiday', from, until };
  if (row.arrangement_kind === HardshipRequestKind.LowerDeposit && row.arrangement_amount !== null) {
    return { kind: 'lower', from, until, amount: moneyOf(row.arrangement_amount) };
  }
  return null;
}
