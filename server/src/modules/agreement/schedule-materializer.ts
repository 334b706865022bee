import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../shared/local-date.js';
import { toDecimalString } from '../../shared/money.js';
import { expectedBills } from '../bill/index.js';
import { loadAgreementFacts } from './agreement-facts.js';
import { loadBillers, type BillerFacts } from './agreement-billers.js';
import { PlanSource } from './plan/plan-codes.js';
import { loadStoredPlan } from './plan/plan-reader.js';
import { attachOpenDeposits, storeAgreedPlan } from './plan/plan-store.js';
import { agreementBalances, ZERO_BALANCES } from '../ledger/index.js';
import { loadHeldBills } from './held-bills.js';
import { storedBillPlan } from './stored-plan.js';

/** A bill row to write: the bill engine's occurrence of one biller or sub-category. */
export interface ScheduledBillRow {
  billerId: number | null;
  subCategoryId: number | null;
  dueDate: LocalDate;
  amount: string;
  contingency: string;
  isFinalBill: boolean;
}

/**
 * Writes the bills and scheduled deposits of a version that has none yet: a new agreement when it is applied (the
 * wizard stores billers and a deposit schedule; the bank's day pays bills and takes deposits from these rows). The
 * bills are the bill engine's occurrences over the period; the agreed plan is stored (plan/plan-store.ts) and the
 * deposits are its dates with the saved amount, each naming the plan that splits it. Idempotent: a version that
 * already has a plan, bills or deposits keeps them.
 */
export async function materializeSchedule(
  tx: EntityManager,
  agreementId: number,
  /** The bank's first day for a deposit (`bankFirstDepositDay`): a first deposit dated before it moves to it. */
  firstBankDay?: LocalDate,
): Promise<{ bills: number; deposits: number }> {
  const agreement = await loadAgreementFacts(tx, agreementId);
  if (!agreement) return { bills: 0, deposits: 0 };
  const [existing] = await tx.execute<{ bills: number; deposits: number }[]>(
    `select (select count(*) from bill where agreement_id = ?)::int as bills,
            (select count(*) from scheduled_deposit where agreement_id = ?)::int as deposits`,
    [agreementId, agreementId],
  );
  let bills = 0;
  if (existing.bills === 0) {
    const period = { start: agreement.startDate, end: agreement.endDate };
    const rows = (await loadBillers(tx, [agreementId])).flatMap((biller) => billRowsOf(biller, period));
    bills = await insertBills(tx, agreementId, rows);
  }
  // The agreed plan, stored once (plan/), gives the deposit dates and how each deposit is split.
  await storeAgreedPlan(tx, { versionId: agreementId, firstBankDay }, PlanSource.Applied);
  const plan = (await loadStoredPlan(tx, agreementId))!;
  let deposits = 0;
  if (existing.deposits === 0 && agreement.depositAmount > 0) {
    const dates = plan.depositDates;
    if (dates.length > 0) {
      await tx.execute(
        `insert into scheduled_deposit (agreement_id, due_date, expected_amount, plan_id)
         select ?, d, ?, ? from unnest(?::date[]) as t(d) on conflict (agreement_id, due_date) do nothing`,
        [agreementId, toDecimalString(agreement.depositAmount), plan.planId, pgArray(dates)],
        'run',
      );
      deposits = dates.length;
    }
  }
  return { bills, deposits };
}

/**
 * A renewal taking over on its first day (issue 26 item 1), in the applying transaction after the carry-over moved
 * the old period's unpaid bills and the balances: the bills of its own period, the agreed plan stored from `today`
 * (its first day) holding what was carried over and owing what came with it (the stored bills of both versions as the
 * deposits step reads them, `held-bills.ts`: the old term's bills still unpaid, owed on its first day, as a
 * modification's plan owes them), and its deposits at the plan's dates and the saved amount, each naming the plan.
 * Idempotent: bills or deposits already in its period, or a plan stored, are kept.
 */
export async function materializeRenewal(
  tx: EntityManager,
  agreementId: number,
  previousId: number,
  today: LocalDate,
): Promise<{ billsScheduled: number; depositsScheduled: number }> {
  const agreement = await loadAgreementFacts(tx, agreementId);
  if (!agreement) return { billsScheduled: 0, depositsScheduled: 0 };
  const from = agreement.startDate > today ? agreement.startDate : today;
  const [existing] = await tx.execute<{ bills: number; deposits: number }[]>(
    `select (select count(*) from bill where agreement_id = ? and due_date >= ?::date)::int as bills,
            (select count(*) from scheduled_deposit where agreement_id = ? and due_date >= ?::date)::int as deposits`,
    [agreementId, agreement.startDate, agreementId, agreement.startDate],
  );
  let billsScheduled = 0;
  if (existing.bills === 0) {
    const period = { start: agreement.startDate, end: agreement.endDate };
    const rows = (await loadBillers(tx, [agreementId])).flatMap((biller) => billRowsOf(biller, period));
    billsScheduled = await insertBills(tx, agreementId, rows);
  }
  // What was carried over holds the money for the old term's unpaid bills, which came with it: the plan owes them.
  const held = (await agreementBalances(tx, [agreementId])).get(agreementId) ?? ZERO_BALANCES;
  const heldBills = await loadHeldBills(tx, [previousId, agreementId], await loadBillers(tx, [agreementId]), from);
  await storeAgreedPlan(
    tx,
    { versionId: agreementId, effectiveDate: from, openingBalance: held.total, heldBills },
    PlanSource.Applied,
  );
  const plan = (await loadStoredPlan(tx, agreementId))!;
  let depositsScheduled = 0;
  if (existing.deposits === 0 && agreement.depositAmount > 0 && plan.depositDates.length > 0) {
    await tx.execute(
      `insert into scheduled_deposit (agreement_id, due_date, expected_amount, plan_id)
       select ?, d, ?, ? from unnest(?::date[]) as t(d) on conflict (agreement_id, due_date) do nothing`,
      [agreementId, toDecimalString(agreement.depositAmount), plan.planId, pgArray(plan.depositDates)],
      'run',
    );
    depositsScheduled = plan.depositDates.length;
  }
  await attachOpenDeposits(tx, [agreementId]);
  return { billsScheduled, depositsScheduled };
}

/** The bill engine's occurrences of one biller or sub-category over the period, as bill rows (none when unusable). */
export function billRowsOf(biller: BillerFacts, period: { start: LocalDate; end: LocalDate }): ScheduledBillRow[] {
  const plan = storedBillPlan(biller);
  if (!plan) return [];
  return expectedBills(plan, period).bills.map((bill) => ({
    billerId: biller.isSubCategory ? null : biller.id,
    subCategoryId: biller.isSubCategory ? biller.id : null,
    dueDate: bill.date,
    amount: toDecimalString(bill.amount),
    contingency: toDecimalString(bill.contingency),
    isFinalBill: bill.isFinalBill,
  }));
}

/** Writes bill rows for the agreement in one statement; answers how many. */
export async function insertBills(
  tx: EntityManager,
  agreementId: number,
  rows: readonly ScheduledBillRow[],
): Promise<number> {
  if (rows.length === 0) return 0;
  await tx.execute(
    `insert into bill (agreement_id, biller_id, billing_sub_category_id, due_date, due_date_no_offset,
                       expected_amount, amount_allocated, contingency, is_final_bill)
     select ?, b, s, d, d, a, a, c, f
     from unnest(?::int[], ?::int[], ?::date[], ?::numeric[], ?::numeric[], ?::boolean[]) as t(b, s, d, a, c, f)`,
    [
      agreementId,
      pgArray(rows.map((r) => r.billerId)),
      pgArray(rows.map((r) => r.subCategoryId)),
      pgArray(rows.map((r) => r.dueDate)),
      pgArray(rows.map((r) => r.amount)),
      pgArray(rows.map((r) => r.contingency)),
      pgArray(rows.map((r) => r.isFinalBill)),
    ],
    'run',
  );
  return rows.length;
}

/** A PostgreSQL array literal of plain values (numbers, dates, decimals, booleans; null as NULL). */
export function pgArray(values: readonly (string | number | boolean | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
}
