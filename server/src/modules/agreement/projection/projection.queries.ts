import type { EntityManager } from '@mikro-orm/postgresql';
import { runSql, intArray } from '../../../database/bulk.js';
import { dateOf, moneyOf } from '../../../database/row-values.js';
import type { Cents } from '../../../shared/money.js';
import type { BillStatus } from '../../bill/index.js';
import { ASKED_DEPOSIT_STATUSES } from '../../deposit/index.js';
import { depositFactsOf, type ProjectedBillRow } from './projection.facts.js';
import { UNPAID_BILL_STATUSES, type ProjectedDepositFacts } from './projection.rules.js';

/**
 * The deposit statuses the projection reads: those the bank still asks for (rule "deposit still asked"): scheduled
 * (next deposit, forecast), missed and partly received (arrears, and the forecast's first day).
 */
const PROJECTED_DEPOSITS = ASKED_DEPOSIT_STATUSES;

/**
 * The agreements' deposits the projection reads, for the agreement ids `ids` (an int[] SQL expression, by default the
 * parameter `?::int[]`); amounts as text, so that a row reads the same from pg and from a `json_agg` (the overview).
 */
export function projectedDepositsSelect(ids = '?::int[]'): string {
  return `select agreement_id, due_date::text as due_date, expected_amount::text as expected_amount,
            received_amount::text as received_amount, status
     from scheduled_deposit
     where agreement_id = any(${ids}) and status in (${PROJECTED_DEPOSITS.join(', ')})`;
}

/** An unpaid bill as the projection reads it, with the contingency set aside for it (the deposit review's). */
export type ProjectionBillRow = ProjectedBillRow & { contingency: Cents };

export interface ProjectionRows {
  bills: ProjectionBillRow[];
  deposits: ProjectedDepositFacts[];
}

type Tuple = (string | number | null)[];

function tuples(value: unknown): Tuple[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as Tuple[];
}

/**
 * Each agreement's unpaid bills and projected deposits, in ONE statement for any number of agreements: per agreement
 * one row with each list as a JSON array of short tuples (a few hundred thousand bills read as a few thousand JSON
 * values: pg's per-column parsing of that many rows took most of the at-risk list's time). Paid bills play no part.
 * Each bill with its contingency: the deposit review's bills to come, so that it does not read them again.
 */
export async function loadProjectionRows(
  em: EntityManager,
  agreementIds: readonly number[],
): Promise<Map<number, ProjectionRows>> {
  const result = new Map<number, ProjectionRows>();
  if (agreementIds.length === 0) return result;
  const rows = await runSql<{ id: number; bills: unknown; deposits: unknown }>(
    em,
    `select g.id,
       (select json_agg(json_build_array(b.id, b.biller_id, b.billing_sub_category_id, b.due_date,
                                         b.expected_amount::text, b.status, b.contingency::text))
          from bill b
         where b.agreement_id = g.id and b.status in (${UNPAID_BILL_STATUSES.join(', ')})) as bills,
       (select json_agg(json_build_array(d.due_date, d.expected_amount::text, d.received_amount::text, d.status))
          from scheduled_deposit d
         where d.agreement_id = g.id and d.status in (${PROJECTED_DEPOSITS.join(', ')})) as deposits
     from unnest(?::int[]) as g(id)`,
    [intArray(new Set(agreementIds))],
  );
  for (const row of rows) {
    result.set(Number(row.id), {
      bills: tuples(row.bills).map(([id, billerId, subCategoryId, dueDate, amount, status, contingency]) => ({
        id: Number(id),
        sourceKey: billerId === null ? `subcategory:${Number(subCategoryId)}` : `biller:${Number(billerId)}`,
        dueDate: dateOf(dueDate),
        expectedAmount: moneyOf(amount),
        status: Number(status) as BillStatus,
        contingency: moneyOf(contingency),
      })),
      deposits: tuples(row.deposits).map(([dueDate, expected, received, status]) =>
        depositFactsOf({
          agreement_id: row.id,
          due_date: dueDate,
          expected_amount: expected,
          received_amount: received,
          status,
        }),
      ),
    });
  }
  return result;
}

/** The agreements' projected deposits, per agreement (the reports' next deposit and arrears). */
export async function loadProjectedDeposits(
  em: EntityManager,
  agreementIds: readonly number[],
): Promise<Map<number, ProjectedDepositFacts[]>> {
  const map = new Map<number, ProjectedDepositFacts[]>();
  if (agreementIds.length === 0) return map;
  const rows = await runSql(em, projectedDepositsSelect(), [intArray(new Set(agreementIds))]);
  for (const row of rows) {
    const deposit = depositFactsOf(row);
    const list = map.get(deposit.agreementId);
    if (list) list.push(deposit);
    else map.set(deposit.agreementId, [deposit]);
  }
  return map;
}
