import type { EntityManager } from '@mikro-orm/postgresql';
import { intArray, runSql } from '../../../database/bulk.js';
import { dateOf, moneyOf } from '../../../database/row-values.js';
import type { BillStatus } from '../../bill/index.js';
import { MoneySource, SETTLED_STATUSES } from '../../bill/index.js';
import { BillerStatus } from '../../../shared/biller/biller-codes.js';
import { cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import type { AgreementFacts } from '../agreement-facts.js';
import type { ProjectionBillRow } from '../projection/projection.queries.js';
import type { ReviewBillFacts } from './review-table.rules.js';

const ZERO = cents(0);

type Tuple = (string | number | null)[];

function tuples(value: unknown): Tuple[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as Tuple[];
}

/**
 * Each agreement's settled bills of its term for the per-bill table (the bills paid so far: no longer owed), in ONE
 * statement for any number of agreements: the bills of each biller and sub-category of the version that is not
 * removed, and of their earlier versions (followed back by `previous_id`: a modification leaves the bills already paid
 * with the version that paid them), due from the version's start to its end date, each with what its contingency
 * paid. Keyed by the current biller (`biller:12`, `subcategory:3`, the projection's keys). The term's bills still owed
 * are the projection's (`termBillsToCome`): read once, by its loader. One row per agreement, its bills a JSON array
 * of tuples. Set-based, so its cost does not hang on the planner's statistics (issue 23 item 4): each link of the
 * chains reads its own settled bills of the term through `bill_settled_biller_due_date_index` (by biller, then by
 * sub-category: no OR join), where a subquery per agreement over the whole chain had taken 8 minutes for 10,000
 * agreements on tables without statistics, a hash join of the chains with every bill read the whole bill table for
 * each part of the review, and `bill (biller_id, due_date)` read every bill of the term, most of them still owed.
 */
export async function loadSettledTermBills(
  em: EntityManager,
  agreements: readonly Pick<AgreementFacts, 'id' | 'startDate' | 'endDate'>[],
): Promise<Map<number, ReviewBillFacts[]>> {
  const result = new Map<number, ReviewBillFacts[]>();
  if (agreements.length === 0) return result;
  const terms = [...new Map(agreements.map((agreement) => [agreement.id, agreement])).values()];
  const ids = intArray(terms.map((term) => term.id));
  // The partial index's own condition, so that the planner uses it.
  const settled = `bl.status in (${SETTLED_STATUSES.join(', ')})`;
  // Each link carries the earlier version's id, and the next link reads that version's own earlier one by its primary
  // key (a subquery: a join let the planner, guessing a long chain, hash every biller of the book for each batch:
  // 300,000 at 100,000 agreements). The terms' dates come with the ids (the caller has the agreements).
  const rows = await runSql<{ id: number; bills: unknown }>(
    em,
    `with recursive chain(agreement_id, root_key, biller_id, sub_category_id, previous_biller_id,
                          previous_sub_category_id) as (
       select b.agreement_id, 'biller:' || b.id, b.id, null::int, b.previous_id, null::int from biller b
        where b.agreement_id = any(?::int[]) and b.status <> ${BillerStatus.Removed}
       union all
       select s.agreement_id, 'subcategory:' || s.id, null::int, s.id, null::int, s.previous_id
         from billing_sub_category s
        where s.agreement_id = any(?::int[]) and s.status <> ${BillerStatus.Removed}
       union all
       select c.agreement_id, c.root_key, c.previous_biller_id, c.previous_sub_category_id,
              (select pb.previous_id from biller pb where pb.id = c.previous_biller_id),
              (select ps.previous_id from billing_sub_category ps where ps.id = c.previous_sub_category_id)
         from chain c
        where c.previous_biller_id is not null or c.previous_sub_category_id is not null
     )
     select g.id,
       json_agg(json_build_array(t.id, c.root_key, t.due_date, t.expected_amount::text, t.contingency::text,
                                 t.status, t.paid_amount::text, t.amount_owing::text,
                                 coalesce((select sum(m.amount) from bill_money_source m
                                            where m.bill_id = t.id and m.source = ${MoneySource.Contingency}),
                                          0)::text)
                order by t.due_date, t.id) filter (where t.id is not null) as bills
     from unnest(?::int[], ?::date[], ?::date[]) as g(id, start_date, end_date)
     left join chain c on c.agreement_id = g.id
     left join lateral (
       select bl.id, bl.due_date, bl.expected_amount, bl.contingency, bl.status, bl.paid_amount, bl.amount_owing
         from bill bl
        where bl.biller_id = c.biller_id and bl.due_date between g.start_date and g.end_date and ${settled}
       union all
       select bl.id, bl.due_date, bl.expected_amount, bl.contingency, bl.status, bl.paid_amount, bl.amount_owing
         from bill bl
        where bl.billing_sub_category_id = c.sub_category_id and bl.due_date between g.start_date and g.end_date
          and ${settled}
     ) t on true
     group by g.id`,
    [
      ids,
      ids,
      ids,
      `{${terms.map((term) => term.startDate).join(',')}}`,
      `{${terms.map((term) => term.endDate).join(',')}}`,
    ],
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

/**
 * The term's bills still owed, from the projection's read of the version's unpaid bills (`ProjectionService
 * .inputsWithBillersFor`: read once, for both): those of a biller or sub-category that is not removed (`billerKeys`),
 * due from the version's start to its end date, as `loadSettledTermBills` reads the settled ones. Of a bill still
 * owed the table and the proposal read only its contingency (what was paid they read of settled bills): the paid
 * amounts are 0 here.
 */
export function termBillsToCome(
  term: { startDate: LocalDate; endDate: LocalDate },
  billerKeys: ReadonlySet<string>,
  unpaid: readonly ProjectionBillRow[],
): ReviewBillFacts[] {
  const result: ReviewBillFacts[] = [];
  for (const bill of unpaid) {
    if (!billerKeys.has(bill.sourceKey) || bill.dueDate < term.startDate || bill.dueDate > term.endDate) continue;
    result.push({
      billId: bill.id,
      billerKey: bill.sourceKey,
      dueDate: bill.dueDate,
      expectedAmount: bill.expectedAmount,
      contingency: bill.contingency,
      status: bill.status,
      paidAmount: ZERO,
      amountOwing: ZERO,
      contingencyUsed: ZERO,
    });
  }
  return result;
}
