import { activityTypeCountsOf, activityTypeCountsSelect } from '../activity-history/index.js';
import {
  type AgreementRow,
  type BillerFacts,
  billerOf,
  billersOrder,
  billersSelect,
  type BillFacts,
  billOf,
  billsOrder,
  billsSelect,
  depositFactsOf,
  type ProjectedDepositFacts,
  projectedDepositsSelect,
  termEndStoredColumns,
  type TermEndStored,
} from '../agreement/index.js';
import { CORE_BANKING_SETTINGS_SELECT } from '../settings/index.js';
import {
  agreementBalancesOf,
  agreementBalancesSelect,
  ZERO_BALANCES,
  type AgreementBalances,
} from '../ledger/index.js';

/** What the overview reads of an agreement and its account besides the account's own row. */
export interface OverviewRows {
  balances: AgreementBalances;
  billers: BillerFacts[];
  bills: BillFacts[];
  /** The stored deposits the projection reads. */
  deposits: ProjectedDepositFacts[];
  /** Activities of the account per type code. */
  activityCounts: Map<number, number>;
  /** The server settings document (null: the defaults). */
  serverSettings: Record<string, unknown> | null;
  /** What is stored of the agreement's term end (a renewal under way, the choice applied): `termEndDue`'s facts. */
  termEnd: TermEndStored;
  /** Core banking's stored settings (null: the defaults): the renewal notice window. */
  coreBankingSettings: unknown;
}

type Row = Record<string, unknown>;

/** The current agreement (`g`, see loadMemberAccountWith) as the shared selects' agreement ids. */
const AGREEMENT = 'array[g.id]';

/**
 * The overview's columns on the account's statement (loadMemberAccountWith): the agreement's balances, billers
 * and sub-categories, bills, stored deposits (the projection's facts) and the server settings, the term end's stored
 * facts and core banking's settings (the summary's `termEndDue`: two more round trips per page while its field read
 * them itself), and the account's activity counts, each the shared select of its module (agreementBalances,
 * loadBillers, loadBills, termEndStoredColumns, activityTypeCounts) aggregated as one JSON value in that select's
 * order. The whole overview is then one round trip instead of five (issue 13 item 8), and pg parses four JSON
 * values instead of a few hundred rows of a dozen fields. Without an agreement only the counts have rows.
 */
export const OVERVIEW_COLUMNS: readonly { name: string; sql: string }[] = [
  {
    name: 'overview_balances',
    sql: `select coalesce(json_agg(x), '[]') from (${agreementBalancesSelect('', AGREEMENT)}) x`,
  },
  {
    name: 'overview_billers',
    sql: `select coalesce(json_agg(x order by ${billersOrder('x')}), '[]') from (${billersSelect(AGREEMENT)}) x`,
  },
  {
    name: 'overview_bills',
    sql: `select coalesce(json_agg(x order by ${billsOrder('x')}), '[]') from (${billsSelect(AGREEMENT)}) x`,
  },
  {
    name: 'overview_deposits',
    sql: `select coalesce(json_agg(x), '[]') from (${projectedDepositsSelect(AGREEMENT)}) x`,
  },
  {
    name: 'overview_settings',
    sql: `select value from setting where key = 'server'`,
  },
  {
    name: 'overview_term_end',
    sql: `select row_to_json(x) from (select ${termEndStoredColumns('g.id')}) x`,
  },
  {
    name: 'overview_core_banking',
    sql: CORE_BANKING_SETTINGS_SELECT,
  },
  {
    name: 'overview_counts',
    sql: `select coalesce(json_agg(x), '[]') from (${activityTypeCountsSelect('a.id')}) x`,
  },
];

/** The overview's rows from the account's row selected with OVERVIEW_COLUMNS. */
export function overviewRowsOf(row: AgreementRow, agreementId: number | null): OverviewRows {
  const list = (name: string) => (row[name] ?? []) as Row[];
  const balances = new Map(list('overview_balances').map(agreementBalancesOf));
  return {
    balances: (agreementId === null ? undefined : balances.get(agreementId)) ?? ZERO_BALANCES,
    billers: list('overview_billers').map(billerOf),
    bills: list('overview_bills').map(billOf),
    deposits: list('overview_deposits').map(depositFactsOf),
    activityCounts: activityTypeCountsOf(list('overview_counts') as { type: unknown; n: unknown }[]),
    serverSettings: (row.overview_settings as Record<string, unknown> | null | undefined) ?? null,
    termEnd: (row.overview_term_end as TermEndStored | null | undefined) ?? { under_way: false, applied: false },
    coreBankingSettings: row.overview_core_banking ?? null,
  };
}
