import type { EntityManager } from '@mikro-orm/postgresql';
import { intArray, runSql } from '../../../database/bulk.js';
import { dateOf, moneyOf } from '../../../database/row-values.js';
import type { BillStatus } from '../../bill/index.js';
import { MoneySource } from '../../bill/index.js';
import { BillerStatus } from '../../../shared/biller/biller-codes.js';
import { UNPAID_BILL_STATUSES } from '../projection/projection.rules.js';
import type { ReviewBillFacts } from './review-table.rules.js';

type Tuple = (string | number | null)[];

function tuples(value: unknown): Tuple[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as Tuple[];
}

/**
 * Each agreement's bills of its term for the per-bill table, in ONE statement for any number of agreements: the
 * bills of each biller and sub-category of the version that is not removed, and of their earlier versions (followed
 * back by `previous_id`: a modification leaves the bills already paid with the version that paid them), due from
 * the version's start to its end date, each with what its contingency paid (read for a bill no longer unpaid, the
 * only ones the table reads it of: 0 for a bill still unpaid). Keyed by the current biller (`biller:12`,
 * `subcategory:3`, the projection's keys). One row per agreement, its bills a JSON array of tuples. Set-based, so
 * its cost does not hang on the planner's statistics (issue 23 item 4): each link of the chains reads its own bills
 * of the term through the index on (biller_id, due_date) (by biller, then by sub-category: no OR join), where a
 * subquery per agreement over the whole chain had taken 8 minutes for 10,000 agreements on tables without
 * statistics, and a hash join of the chains with every bill read the whole bill table for each part of the review.
 */
export async function loadTermBills(
  em: EntityManager,
  agreementIds: readonly number[],
): Promise<Map<number, ReviewBillFacts[]>> {
  const result = new Map<number, ReviewBillFacts[]>();
  if (agreementIds.length === 0) return result;
  const rows = await runSql<{ id: number; bills: unknown }>(
    em,
    `with recursive chain(agreement_id, root_key, biller_id, sub_category_id) as (
       select b.agreement_id, 'biller:' || b.id, b.id, null::int from biller b
        where b.agreement_id = any(?::int[]) and b.status <> ${BillerStatus.Removed}
       union all
       select s.agreement_id, 'subcategory:' || s.id, null::int, s.id from billing_sub_category s
        where s.agreement_id = any(?::int[]) and s.status <> ${BillerStatus.Removed}
       union all
       select c.agreement_id, c.root_key, pb.previous_id, ps.previous_id
         from chain c
         left join biller pb on pb.id = c.biller_id
         left join billing_sub_category ps on ps.id = c.sub_category_id
        where coalesce(pb.previous_id, ps.previous_id) is not null
     )
     select g.id,
       json_agg(json_build_array(t.id, c.root_key, t.due_date, t.expected_amount::text, t.contingency::text,
                                 t.status, t.paid_amount::text, t.amount_owing::text,
                                 case when t.status in (${UNPAID_BILL_STATUSES.join(', ')}) then '0'
                                      else coalesce((select sum(m.amount) from bill_money_source m
                                                      where m.bill_id = t.id and m.source = ${MoneySource.Contingency}),
                                                    0)::text end)
                order by t.due_date, t.id) filter (where t.id is not null) as bills
     from agreement g
     left join chain c on c.agreement_id = g.id
     left join lateral (
       select bl.id, bl.due_date, bl.expected_amount, bl.contingency, bl.status, bl.paid_amount, bl.amount_owing
         from bill bl where bl.biller_id = c.biller_id and bl.due_date between g.start_date and g.end_date
       union all
       select bl.id, bl.due_date, bl.expected_amount, bl.contingency, bl.status, bl.paid_amount, bl.amount_owing
         from bill bl
        where bl.billing_sub_category_id = c.sub_category_id and bl.due_date between g.start_date and g.end_date
     ) t on true
     where g.id = any(?::int[])
     group by g.id`,
    [...Array.from({ length: 3 }, () => intArray(new Set(agreementIds)))],
  );
  for (const row of rows) {
    result.set(
      Number(row.id),
      tuples(row.bills).map(
        ([billId, key, dueDate, expected, contingency, status, paid, owing, used]): ReviewBillFacts => ({
          billId: Number(billId),
          billerKey: String(key),
          dueDate: dateOf(dueDate),
          expectedAmount: moneyOf(expected),
          contingency: moneyOf(contingency),
          status: Number(status) as BillStatus,
          paidAmount: moneyOf(paid),
          amountOwing: moneyOf(owing),
          contingencyUsed: moneyOf(used),
        }),
      ),
    );
  }
  return result;
}
