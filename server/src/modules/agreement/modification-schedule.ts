import type { EntityManager } from '@mikro-orm/postgresql';
import { reapplyReliefs, takeBackForReplan } from './plan/deposit-relief.js';
import type { LocalDate } from '../../shared/local-date.js';
import { parseMoney, toDecimalString, type Cents } from '../../shared/money.js';
import { intArray } from '../../database/bulk.js';
import { dateOf, moneyOf, optionalDateOf } from '../../database/row-values.js';
import { BillStatus } from '../bill/index.js';
import { BillScheduleError } from '../../shared/bill/bill.errors.js';
import type { BillerStatus, ModificationState } from '../../shared/biller/biller-codes.js';
import { DepositStatus } from './agreement-codes.js';
import { loadAgreementFacts } from './agreement-facts.js';
import { loadBillers, type BillerFacts } from './agreement-billers.js';
import { agreementBalances, ZERO_BALANCES } from '../ledger/index.js';
import { PlanSource } from './plan/plan-codes.js';
import { loadStoredPlan } from './plan/plan-reader.js';
import { attachOpenDeposits, storeAgreedPlan } from './plan/plan-store.js';
import {
  billChanges,
  depositChanges,
  itemChange,
  overdueBillChanges,
  type ItemChange,
  type OverdueBill,
  type OverdueOptionFacts,
  type StoredBill,
  type StoredDeposit,
  type WantedBill,
} from './modification-schedule.rules.js';
import { billRowsOf, insertBills, pgArray, type ScheduledBillRow } from './schedule-materializer.js';
import { keptDatesByItem, storedBillPlan } from './stored-plan.js';
import { loadHeldBills } from './held-bills.js';

/** Bills that may be replaced: still to come, nothing paid towards them. */
const REPLACEABLE_BILL_STATUSES = `{${[BillStatus.Scheduled, BillStatus.Upcoming].join(',')}}`;
/** Bills owed and unpaid past their date: the overdue option may give them a changed amount. */
const OVERDUE_BILL_STATUSES = `{${[BillStatus.Overdue, BillStatus.OverdueNotified].join(',')}}`;

export interface ModificationSchedule {
  billsAdded: number;
  billsChanged: number;
  billsEnded: number;
  /** Overdue bills given a changed amount (the biller form's overdue option: all unpaid overdue bills). */
  overdueBillsChanged: number;
  depositsAdded: number;
  depositsChanged: number;
  depositsEnded: number;
  /** A re-plan's hardship arrangements applied again on the new deposits (deposit-relief.ts#reapplyReliefs). */
  reliefsReapplied?: string[];
  /** The reliefs the new plan supersedes (shortfall spreads, closed cases' arrangements). */
  reliefsSuperseded?: string[];
}

type Row = Record<string, unknown>;

const keyOf = (row: Row) =>
  row.biller_id === null || row.biller_id === undefined
    ? `subcategory:${Number(row.billing_sub_category_id)}`
    : `biller:${Number(row.biller_id)}`;

/**
 * Brings a modification's bills and scheduled deposits to what it says, inside the applying transaction and after
 * the carry-over (version-carry-over.ts) moved the version in force's unpaid bills and deposits to come: the rules
 * of modification-schedule.rules.ts, with the bill engine's occurrences (the materializer's, as for a new agreement)
 * and the deposit schedule's dates. Idempotent: a second run finds nothing to change.
 */
export async function rescheduleModification(
  tx: EntityManager,
  versionId: number,
  previousId: number,
  today: LocalDate,
  now: Date = new Date(),
  /** The bank's first day for a deposit (`bankFirstDepositDay`): tomorrow once today's deposits step ran. */
  firstBankDay: LocalDate = today,
): Promise<ModificationSchedule> {
  const result: ModificationSchedule = {
    billsAdded: 0,
    billsChanged: 0,
    billsEnded: 0,
    overdueBillsChanged: 0,
    depositsAdded: 0,
    depositsChanged: 0,
    depositsEnded: 0,
  };
  const agreement = await loadAgreementFacts(tx, versionId);
  if (!agreement) return result;
  const period = { start: agreement.startDate, end: agreement.endDate };
  // The agreed plan from today, with the balances the carry-over brought and the bills of both versions (the deposits
  // step's own computation of the change, with the same bills owed and paid): stored once, read below for its dates.
  const balances = (await agreementBalances(tx, [versionId])).get(versionId) ?? ZERO_BALANCES;
  const billers = await loadBillers(tx, [versionId]);
  const items = await itemsOf(tx, versionId);
  const facts = new Map(billers.map((biller) => [biller.key, biller]));
  // The overdue bills the overdue option gives a new amount are owed at it in the plan too (rule "held bills").
  const heldBills = await loadHeldBills(
    tx,
    [previousId, versionId],
    billers,
    today,
    overdueOptionsOf(items, facts, period),
  );
  // The dates whose deposit stayed with the version in force (received or missed): not collected again. The plan is
  // planned on the deposits the version collects (`collectedDepositDates`: on the bank's days, without these), the
  // dates the deposits below are written on, so that its lines and split count no deposit it never takes.
  const heldDeposits = (
    await tx.execute<Row[]>(
      'select due_date::text as due_date from scheduled_deposit where agreement_id = ? and due_date >= ?::date',
      [previousId, today],
    )
  ).map((row) => dateOf(row.due_date));
  await storeAgreedPlan(
    tx,
    {
      versionId,
      effectiveDate: today,
      openingBalance: balances.total,
      heldBills,
      firstBankDay,
      heldDepositDates: heldDeposits,
    },
    PlanSource.Applied,
  );
  const plan = (await loadStoredPlan(tx, versionId))!;

  const stored = await tx.execute<Row[]>(
    `select b.id, b.biller_id, b.billing_sub_category_id, b.due_date::text as due_date, b.expected_amount,
            b.contingency, b.is_final_bill
     from bill b where b.agreement_id = ? and b.status = any(?::smallint[]) and b.due_date >= ?::date
       and not exists (select 1 from bill_money_source m where m.bill_id = b.id)
     order by b.due_date, b.id`,
    [versionId, REPLACEABLE_BILL_STATUSES, today],
  );
  const overdue = await tx.execute<Row[]>(
    `select b.id, b.biller_id, b.billing_sub_category_id, b.due_date::text as due_date, b.expected_amount,
            b.contingency
     from bill b where b.agreement_id = ? and b.status = any(?::smallint[]) and b.due_date < ?::date
       and not exists (select 1 from bill_money_source m where m.bill_id = b.id)
     order by b.due_date, b.id`,
    [versionId, OVERDUE_BILL_STATUSES, today],
  );
  const held = keptDatesByItem(heldBills);

  const update: { id: number; bill: WantedBill }[] = [];
  const overdueUpdates: { id: number; amount: Cents; contingency: Cents }[] = [];
  const remove: number[] = [];
  const insert: ScheduledBillRow[] = [];
  for (const item of items) {
    const key = itemKeyOf(item);
    const biller = facts.get(key);
    const change = changeOf(item, biller);
    if (change === 'kept') continue;
    const rows = change === 'removed' || !biller ? [] : billRowsOf(biller, period);
    const wanted = wantedBillsOf(rows);
    overdueUpdates.push(
      ...overdueBillChanges(
        change,
        overdueOptionOf(item),
        overdue.filter((row) => keyOf(row) === key).map(overdueBill),
        wanted,
        today,
      ),
    );
    const changes = billChanges(
      {
        change,
        stored: stored.filter((row) => keyOf(row) === key).map(storedBill),
        wanted,
        held: held.get(key) ?? [],
        finalBillDate: optionalDateOf(item.final_bill_date),
      },
      today,
    );
    update.push(...changes.update);
    remove.push(...changes.remove);
    const byDate = new Map(rows.map((row) => [row.dueDate, row]));
    for (const bill of changes.insert) {
      const row = byDate.get(bill.dueDate);
      if (row) insert.push(row);
    }
  }
  for (const { id, bill } of update) {
    const amount = toDecimalString(bill.amount);
    await tx.execute(
      'update bill set expected_amount = ?, amount_allocated = ?, contingency = ?, is_final_bill = ? where id = ?',
      [amount, amount, toDecimalString(bill.contingency), bill.isFinalBill, id],
      'run',
    );
  }
  for (const { id, amount, contingency } of overdueUpdates) {
    const text = toDecimalString(amount);
    await tx.execute(
      'update bill set expected_amount = ?, amount_allocated = ?, contingency = ? where id = ?',
      [text, text, toDecimalString(contingency), id],
      'run',
    );
  }
  result.overdueBillsChanged = overdueUpdates.length;
  if (remove.length > 0) {
    await tx.execute('delete from bill where id = any(?::int[])', [intArray(remove)], 'run');
  }
  result.billsChanged = update.length;
  result.billsEnded = remove.length;
  result.billsAdded = await insertBills(tx, versionId, insert);

  // A modification that left the deposits as they were keeps the deposits it carried over as they are.
  const [plans] = await tx.execute<{ same: boolean }[]>(
    `select (n.deposit_amount, n.contribution_frequency, n.contribution_date, n.bi_monthly_first_date,
             n.bi_monthly_second_date, n.end_date)
            is not distinct from
            (p.deposit_amount, p.contribution_frequency, p.contribution_date, p.bi_monthly_first_date,
             p.bi_monthly_second_date, p.end_date) as same
     from agreement n, agreement p where n.id = ? and p.id = ?`,
    [versionId, previousId],
  );
  if (!plans || plans.same) {
    await attachOpenDeposits(tx, [versionId]);
    return result;
  }
  // The reliefs in force are taken back first (only their own deltas), so the new plan writes every deposit from its
  // own figures; the open hardship arrangements are applied again on the new deposits below.
  const reliefKeys = await takeBackForReplan(tx, versionId, today, now);
  const deposits = await tx.execute<Row[]>(
    `select d.id, d.due_date::text as due_date, d.expected_amount from scheduled_deposit d
     where d.agreement_id = ? and d.status = ? and d.received_amount = 0 and d.due_date >= ?::date
       and not exists (select 1 from ledger_transaction t where t.deposit_id = d.id)
     order by d.due_date`,
    [versionId, DepositStatus.Scheduled, today],
  );
  const changes = depositChanges(
    deposits.map((row): StoredDeposit => ({
      id: Number(row.id),
      dueDate: dateOf(row.due_date),
      amount: moneyOf(row.expected_amount),
    })),
    plan.depositDates,
    agreement.depositAmount,
    heldDeposits,
    today,
    firstBankDay,
  );
  const amount = toDecimalString(agreement.depositAmount);
  if (changes.update.length > 0) {
    await tx.execute(
      'update scheduled_deposit set expected_amount = ? where id = any(?::int[])',
      [amount, intArray(changes.update.map((d) => d.id))],
      'run',
    );
  }
  if (changes.remove.length > 0) {
    await tx.execute('delete from scheduled_deposit where id = any(?::int[])', [intArray(changes.remove)], 'run');
  }
  if (changes.insert.length > 0) {
    await tx.execute(
      `insert into scheduled_deposit (agreement_id, due_date, expected_amount)
       select ?, d, ? from unnest(?::date[]) as t(d) on conflict (agreement_id, due_date) do nothing`,
      [versionId, amount, pgArray(changes.insert)],
      'run',
    );
  }
  result.depositsAdded = changes.insert.length;
  result.depositsChanged = changes.update.length;
  result.depositsEnded = changes.remove.length;
  await attachOpenDeposits(tx, [versionId]);
  if (reliefKeys.length > 0) {
    const replanned = await reapplyReliefs(tx, {
      versionId,
      accountId: agreement.accountId,
      keys: reliefKeys,
      today,
      now,
    });
    if (replanned.reapplied.length > 0) result.reliefsReapplied = replanned.reapplied;
    if (replanned.superseded.length > 0) result.reliefsSuperseded = replanned.superseded;
  }
  return result;
}

/** The version's billers and sub-categories, removed ones too, with what the wizard kept on them. */
async function itemsOf(tx: EntityManager, versionId: number): Promise<Row[]> {
  return tx.execute<Row[]>(
    `select 'biller' as kind, id, modification_state, status, overdue_option,
            case when is_final_bill_expected then expected_final_bill_date::text end as final_bill_date
     from biller where agreement_id = ?
     union all
     select 'subcategory', id, modification_state, status, overdue_option, null
     from billing_sub_category where agreement_id = ?`,
    [versionId, versionId],
  );
}

const itemKeyOf = (item: Row) => `${String(item.kind)}:${Number(item.id)}`;

const overdueOptionOf = (item: Row) =>
  item.overdue_option === null || item.overdue_option === undefined ? null : Number(item.overdue_option);

/** How applying the modification treats an item (`itemChange`); one the engine cannot read keeps its bills. */
function changeOf(item: Row, biller: BillerFacts | undefined): ItemChange {
  return engineChange(
    itemChange(Number(item.modification_state) as ModificationState, Number(item.status) as BillerStatus),
    biller,
  );
}

/** An item added or changed that the bill engine cannot read keeps the bills it has rather than losing them. */
function engineChange(change: ItemChange, biller: BillerFacts | undefined): ItemChange {
  return (change === 'added' || change === 'changed') && (!biller || !storedBillPlan(biller)) ? 'kept' : change;
}

/**
 * What applying the change does to an item's overdue bills (`overdueBillChanges`' facts): `change` as the applier
 * reads it, the biller form's overdue option, and the bill engine's bills of `biller` (as saved, or as the biller
 * form's edit would save it) over the period; none over the engine's occurrence cap (the planner refuses it anyway).
 */
export function overdueOptionFacts(
  biller: BillerFacts,
  change: ItemChange,
  overdueOption: number | null,
  period: { start: LocalDate; end: LocalDate },
): OverdueOptionFacts {
  const changed = engineChange(change, biller);
  let wanted: WantedBill[] = [];
  if (changed === 'added' || changed === 'changed') {
    try {
      wanted = wantedBillsOf(billRowsOf(biller, period));
    } catch (error) {
      if (!(error instanceof BillScheduleError)) throw error;
      wanted = [];
    }
  }
  return { change: changed, overdueOption, wanted };
}

function overdueOptionsOf(
  items: readonly Row[],
  billers: ReadonlyMap<string, BillerFacts>,
  period: { start: LocalDate; end: LocalDate },
): Map<string, OverdueOptionFacts> {
  const options = new Map<string, OverdueOptionFacts>();
  for (const item of items) {
    const biller = billers.get(itemKeyOf(item));
    if (!biller) continue;
    options.set(biller.key, overdueOptionFacts(biller, changeOf(item, biller), overdueOptionOf(item), period));
  }
  return options;
}

/**
 * Per item of the version, what applying it does to the item's overdue bills, as saved in the wizard: the deposits
 * step and the biller form's preview owe them as the applier will write them (rule "held bills").
 */
export async function loadOverdueOptions(
  em: EntityManager,
  versionId: number,
  billers: readonly BillerFacts[],
  period: { start: LocalDate; end: LocalDate },
): Promise<Map<string, OverdueOptionFacts>> {
  return overdueOptionsOf(await itemsOf(em, versionId), new Map(billers.map((b) => [b.key, b])), period);
}

function wantedBillsOf(rows: readonly ScheduledBillRow[]): WantedBill[] {
  return rows.map((row): WantedBill => ({
    dueDate: row.dueDate,
    amount: parseMoney(row.amount),
    contingency: parseMoney(row.contingency),
    isFinalBill: row.isFinalBill,
  }));
}

/**
 * Per item of the version (`biller:12`, `subcategory:3`), the dates from today on whose stored bill stays as it is when
 * the change is applied: rule "held bills" (`stored-plan.ts#heldBills`, `kept`: settled with the version in force, or
 * failed and carried over, owed again on its date), so the same item is not billed twice. Read after the carry-over, in
 * the applying transaction (or the applier's rolled-back preview: a biller form's preview).
 */
export async function heldBillDates(
  tx: EntityManager,
  versionId: number,
  previousId: number,
  today: LocalDate,
): Promise<Map<string, LocalDate[]>> {
  const billers = await loadBillers(tx, [versionId]);
  return keptDatesByItem(await loadHeldBills(tx, [previousId, versionId], billers, today));
}

function storedBill(row: Row): StoredBill {
  return {
    id: Number(row.id),
    dueDate: dateOf(row.due_date),
    amount: moneyOf(row.expected_amount),
    contingency: moneyOf(row.contingency),
    isFinalBill: Boolean(row.is_final_bill),
  };
}

function overdueBill(row: Row): OverdueBill {
  return {
    id: Number(row.id),
    dueDate: dateOf(row.due_date),
    amount: moneyOf(row.expected_amount),
    contingency: moneyOf(row.contingency),
  };
}
