import type { EntityManager } from '@mikro-orm/postgresql';
import { FiguresChangeReason, figuresChanged } from '../../../common/figures-changed.js';
import { intArray } from '../../../database/bulk.js';
import { dateOf, moneyOf } from '../../../database/row-values.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { sum, sub, toDecimalString, type Cents } from '../../../shared/money.js';
import { DepositStatus } from '../agreement-codes.js';
import {
  extraPlan,
  reliefPlan,
  type DepositRelief,
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
 * `reliefKey` is taken back (its deposits still to come get their amounts back), then `relief` (none: only taken back)
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
    relief: DepositRelief | null;
    today: LocalDate;
    now: Date;
  },
): Promise<{ plan: ReliefPlan | null; restored: number }> {
  const { agreementId, reliefKey, today, now } = input;
  // The agreement's row first, as the bank day's deposit step takes it: a day's deposits and a relief never cross.
  await tx.execute('select id from agreement where id = ? for update', [agreementId]);
  const undone = await tx.execute<Row[]>(
    `update deposit_relief set undone_at = ? where relief_key = ? and undone_at is null
     returning scheduled_deposit_id, amount_before`,
    [now, reliefKey],
  );
  let restored = 0;
  if (undone.length > 0) {
    const result = await tx.execute(
      `update scheduled_deposit d set expected_amount = u.amount_before, status = ?
       from unnest(?::int[], ?::numeric[]) as u(id, amount_before)
       where d.id = u.id and d.due_date >= ?::date and d.received_amount = 0 and d.status in (?, ?)`,
      [
        DepositStatus.Scheduled,
        intArray(undone.map((row) => Number(row.scheduled_deposit_id))),
        `{${undone.map((row) => String(row.amount_before)).join(',')}}`,
        today,
        DepositStatus.Scheduled,
        DepositStatus.Holiday,
      ],
      'run',
    );
    restored = (result as { affectedRows?: number }).affectedRows ?? 0;
  }
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
