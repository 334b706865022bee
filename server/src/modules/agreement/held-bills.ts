import type { EntityManager } from '@mikro-orm/postgresql';
import { intArray } from '../../database/bulk.js';
import { dateOf, moneyOf } from '../../database/row-values.js';
import type { LocalDate } from '../../shared/local-date.js';
import { SETTLED_STATUSES, type BillStatus } from '../bill/index.js';
import type { BillerFacts } from './agreement-billers.js';
import { loadProjectionRows } from './projection/projection.queries.js';
import type { OverdueOptionFacts } from './modification-schedule.rules.js';
import { heldBills, type HeldBillRow, type HeldBills } from './stored-plan.js';

/**
 * What the stored bills of a change say to its deposit plan (`stored-plan.ts#heldBills`): those of the version in force
 * and of the version (before the change is applied they are all the version in force's; after, the owed ones have
 * followed their billers and the settled ones stayed), so that the deposits step and the plan stored when the change
 * is applied read the same bills (and, once applied, the applier the dates it does not bill again: `kept`,
 * `modification-schedule.ts#heldBillDates`). The unpaid ones with the projection's own read (`loadProjectionRows`: the
 * forecast owes the same); the settled ones (paid, pending, reversed, reimbursed, short-paid) due from `from` (the first
 * day) on.
 */
export async function loadHeldBills(
  em: EntityManager,
  versionIds: readonly number[],
  billers: readonly BillerFacts[],
  from: LocalDate,
  /** What applying the change does to each item's overdue bills (`modification-schedule.ts#loadOverdueOptions`). */
  overdueOptions?: ReadonlyMap<string, OverdueOptionFacts>,
): Promise<HeldBills> {
  return heldBills(billers, await loadHeldBillRows(em, versionIds, from), from, overdueOptions);
}

/** The stored bills `loadHeldBills` reads, before rule "held bills" says what they hold. */
export async function loadHeldBillRows(
  em: EntityManager,
  versionIds: readonly number[],
  from: LocalDate,
): Promise<HeldBillRow[]> {
  const unpaid = await loadProjectionRows(em, versionIds);
  const settled = await em.execute<Record<string, unknown>[]>(
    `select biller_id, billing_sub_category_id, due_date::text as due_date, expected_amount::text as expected_amount,
            contingency::text as contingency, status
     from bill where agreement_id = any(?::int[]) and status = any(?::smallint[]) and due_date >= ?::date`,
    [intArray(versionIds), `{${SETTLED_STATUSES.join(',')}}`, from],
  );
  const rows: HeldBillRow[] = versionIds.flatMap((id) => unpaid.get(id)?.bills ?? []);
  for (const row of settled) {
    rows.push({
      sourceKey:
        row.biller_id === null
          ? `subcategory:${Number(row.billing_sub_category_id)}`
          : `biller:${Number(row.biller_id)}`,
      dueDate: dateOf(row.due_date),
      expectedAmount: moneyOf(row.expected_amount),
      contingency: moneyOf(row.contingency),
      status: Number(row.status) as BillStatus,
    });
  }
  return rows;
}
