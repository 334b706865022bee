import type { EntityManager } from '@mikro-orm/postgresql';
import { intArray } from '../../database/bulk.js';
import { ACTIVITY_TYPE_COUNTS_SELECT, activityTypeCountsOf } from '../activity/activity.queries.js';
import {
  BILLERS_SELECT,
  billerOf,
  billersOrder,
  billOf,
  BILLS_SELECT,
  billsOrder,
  type BillerFacts,
  type BillFacts,
} from '../agreement/agreement-billers.js';
import {
  agreementBalancesOf,
  agreementBalancesSelect,
  ZERO_BALANCES,
  type AgreementBalances,
} from '../ledger/ledger-balances.js';

/** What the overview reads of an agreement and its account once the account is known. */
export interface OverviewRows {
  balances: AgreementBalances;
  billers: BillerFacts[];
  bills: BillFacts[];
  /** Activities of the account per type code. */
  activityCounts: Map<number, number>;
}

type Row = Record<string, unknown>;

/**
 * The agreement's balances, billers and sub-categories, bills, and the account's activity counts in ONE statement:
 * each kind of row is the shared select of its module (loadBillers, loadBills, agreementBalances,
 * activityTypeCounts), aggregated as a JSON array in its own column, in that select's order. One round trip and
 * one pooled connection instead of four, and pg parses four JSON values instead of a few hundred rows of
 * a dozen fields (issue 13 item 8). Without an agreement, only the counts have rows.
 */
export async function loadOverviewRows(
  em: EntityManager,
  agreementId: number | null,
  accountId: number,
): Promise<OverviewRows> {
  const ids = intArray(agreementId === null ? [] : [agreementId]);
  const [row] = await em.execute<{ balances: Row[]; billers: Row[]; bills: Row[]; counts: Row[] }[]>(
    `select
       (select coalesce(json_agg(x), '[]') from (${agreementBalancesSelect()}) x) as balances,
       (select coalesce(json_agg(x order by ${billersOrder('x')}), '[]') from (${BILLERS_SELECT}) x) as billers,
       (select coalesce(json_agg(x order by ${billsOrder('x')}), '[]') from (${BILLS_SELECT}) x) as bills,
       (select coalesce(json_agg(x), '[]') from (${ACTIVITY_TYPE_COUNTS_SELECT}) x) as counts`,
    [ids, ids, ids, ids, accountId],
  );
  const balances = new Map(row.balances.map(agreementBalancesOf));
  return {
    balances: (agreementId === null ? undefined : balances.get(agreementId)) ?? ZERO_BALANCES,
    billers: row.billers.map(billerOf),
    bills: row.bills.map(billOf),
    activityCounts: activityTypeCountsOf(row.counts as { type: unknown; n: unknown }[]),
  };
}
