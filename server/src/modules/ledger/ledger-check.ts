import type { EntityManager } from '@mikro-orm/postgresql';
import { MoneySource } from '../bill/index.js';
import { LedgerAccountKind } from './ledger-account-kind.js';
import { LedgerTransactionType } from './ledger-transaction-type.js';

/**
 * The ledger's self-check (`npm run check:ledger`): every transaction balances, and every figure stored beside the
 * ledger agrees with it. Each check is one set-based statement over the whole database.
 */

export interface LedgerCheckResult {
  name: string;
  description: string;
  violations: number;
  /** Up to five ids of offending rows. */
  samples: number[];
  /** How long its statement took (the transaction pass's checks share one). */
  ms: number;
}

export interface LedgerCheckReport {
  ok: boolean;
  counts: { transactions: number; entries: number; ledgerAccounts: number; activities: number; bills: number };
  checks: LedgerCheckResult[];
  elapsedMs: number;
}

interface CountRow {
  violations: string | number;
  samples: number[] | null;
}

const { Allocation, RainyDay, LinkedAccount, External } = LedgerAccountKind;
const { VersionTransfer, BillPayment, Reimbursement } = LedgerTransactionType;
const { ShortPay } = MoneySource;

/**
 * One pass over all entries, grouped per transaction (balance, pockets used, effect on the agreement, what left for a
 * payee), joined once to the transactions, their activities and their bills' money sources.
 */
const TRANSACTION_PASS = `
with per_tx as (
  select e.transaction_id as id,
         sum(e.amount) as total,
         count(*) as lines,
         coalesce(sum(e.amount) filter (where la.kind between ${Allocation} and ${RainyDay}
                                          and la.agreement_id = t.agreement_id), 0) as agreement_change,
         count(*) filter (where la.agreement_id is not null and la.agreement_id is distinct from t.agreement_id)
           as other_lines,
         min(la.agreement_id) filter (where la.agreement_id is distinct from t.agreement_id) as other_first,
         max(la.agreement_id) filter (where la.agreement_id is distinct from t.agreement_id) as other_last,
         coalesce(sum(e.amount) filter (where la.kind = ${External}), 0) as external,
         coalesce(sum(e.amount) filter (where la.kind = ${LinkedAccount}), 0) as linked
  from ledger_entry e
  join ledger_account la on la.id = e.ledger_account_id
  join ledger_transaction t on t.id = e.transaction_id
  group by e.transaction_id
), sources as (
  select transaction_id, coalesce(sum(amount) filter (where source <> ${ShortPay}), 0) as paid
  from bill_money_source group by transaction_id
), checked as (
  select t.id, t.agreement_id, a.id as activity_id,
         p.id is null or p.total <> 0 or p.lines < 2 as unbalanced,
         p.other_lines > 0 and not (coalesce(o.type, t.type) = ${VersionTransfer}
                                    and p.other_first = ag.previous_id and p.other_last = ag.previous_id) as foreign_pockets,
         t.agreement_id is not null and a.id is null as missing_activity,
         a.id is not null and a.balance_change <> coalesce(p.agreement_change, 0) as wrong_change,
         s.transaction_id is not null and s.paid <> case coalesce(o.type, t.type)
           when ${BillPayment} then p.external when ${Reimbursement} then p.linked else s.paid + 1 end as wrong_sources
  from ledger_transaction t
  left join per_tx p on p.id = t.id
  left join ledger_transaction o on o.id = t.reverses_id
  left join agreement ag on ag.id = t.agreement_id
  left join activity a on a.ledger_transaction_id = t.id
  left join sources s on s.transaction_id = t.id
)
select
  count(*) filter (where unbalanced) as unbalanced,
  (array_agg(id order by id) filter (where unbalanced))[1:5] as unbalanced_samples,
  count(*) filter (where foreign_pockets) as foreign,
  (array_agg(id order by id) filter (where foreign_pockets))[1:5] as foreign_samples,
  count(*) filter (where missing_activity) as missing,
  (array_agg(id order by id) filter (where missing_activity))[1:5] as missing_samples,
  count(*) filter (where wrong_change) as wrong_change,
  (array_agg(activity_id order by activity_id) filter (where wrong_change))[1:5] as wrong_change_samples,
  count(*) filter (where wrong_sources) as wrong_sources,
  (array_agg(id order by id) filter (where wrong_sources))[1:5] as wrong_sources_samples
from checked`;

const STORED_BALANCES = `
select count(*) as violations, (array_agg(la.id order by la.id))[1:5] as samples
from ledger_account la
left join (select ledger_account_id, sum(amount) as total from ledger_entry group by ledger_account_id) d
  on d.ledger_account_id = la.id
where la.kind <> ${External} and la.balance <> coalesce(d.total, 0)`;

const BILL_FIGURES = `
select count(*) as violations, (array_agg(b.id order by b.id))[1:5] as samples
from bill b
left join (select bill_id, sum(amount) filter (where source <> ${ShortPay}) as paid, sum(amount) filter (where source = ${ShortPay}) as owing
           from bill_money_source group by bill_id) s on s.bill_id = b.id
where b.paid_amount <> coalesce(s.paid, 0) or b.amount_owing <> coalesce(s.owing, 0)`;

const DEPOSITS = `
select count(*) as violations, (array_agg(d.id order by d.id))[1:5] as samples
from scheduled_deposit d
left join (
  select t.deposit_id, sum(e.amount) as received
  from ledger_transaction t
  join ledger_entry e on e.transaction_id = t.id
  join ledger_account la on la.id = e.ledger_account_id and la.agreement_id = t.agreement_id
  where t.deposit_id is not null
  group by t.deposit_id
) x on x.deposit_id = d.id
where d.received_amount <> coalesce(x.received, 0)`;

const REVERSALS = `
with reversal as (
  select id, reverses_id from ledger_transaction where reverses_id is not null
), lines as (
  select r.id, e.ledger_account_id, e.amount from reversal r join ledger_entry e on e.transaction_id = r.id
  union all
  select r.id, e.ledger_account_id, e.amount from reversal r join ledger_entry e on e.transaction_id = r.reverses_id
), net as (
  select id, ledger_account_id, sum(amount) as net from lines group by id, ledger_account_id
)
select count(distinct id) as violations, (array_agg(distinct id))[1:5] as samples from net where net <> 0`;

const COUNTS = `
select (select count(*) from ledger_transaction) as transactions, (select count(*) from ledger_entry) as entries,
       (select count(*) from ledger_account) as ledger_accounts, (select count(*) from activity) as activities,
       (select count(*) from bill) as bills`;

function result(
  name: string,
  description: string,
  violations: unknown,
  samples: number[] | null,
  ms: number,
): LedgerCheckResult {
  return {
    name,
    description,
    violations: Number(violations),
    samples: (samples ?? []).map(Number),
    ms: Math.round(ms),
  };
}

/** The checks answered by the transaction pass: name, description, count column, samples column. */
const PASS_CHECKS: [string, string, string][] = [
  ['balanced', 'every transaction has two or more lines summing to zero', 'unbalanced'],
  ['ownPockets', "lines touch only the transaction's agreement (or its previous version)", 'foreign'],
  ['activityWritten', "every movement of an agreement's money has its activity", 'missing'],
  ['activityBalanceChange', "each activity's balance change is its transaction's effect", 'wrong_change'],
  ['moneySources', 'money sources add up to what each payment paid out', 'wrong_sources'],
];

const SINGLE_CHECKS: [string, string, string][] = [
  ['storedBalances', 'stored ledger balances equal the sums of their entries', STORED_BALANCES],
  ['billFigures', "bills' paid amount and amount owing equal their money sources", BILL_FIGURES],
  ['depositsReceived', "scheduled deposits' received amounts equal their deposit transactions", DEPOSITS],
  ['reversalsNet', 'each reversal cancels its transaction line by line', REVERSALS],
];

/**
 * Runs every check in one read-only transaction (one consistent snapshot) with enough working memory for the
 * per-transaction aggregates to stay in memory.
 */
export async function checkLedger(em: EntityManager): Promise<LedgerCheckReport> {
  const started = performance.now();
  const nested = em.isInTransaction();
  return em.transactional(async (tx) => {
    await tx.execute(
      nested ? "set local work_mem = '192MB'" : "set transaction read only; set local work_mem = '192MB'",
    );
    const [counts] = await tx.execute<Record<string, string>[]>(COUNTS);
    let lapStart = performance.now();
    const lap = () => {
      const ms = performance.now() - lapStart;
      lapStart = performance.now();
      return ms;
    };
    const [pass] = await tx.execute<Record<string, string | number[] | null>[]>(TRANSACTION_PASS);
    const passMs = lap();
    const checks = PASS_CHECKS.map(([name, description, column]) =>
      result(name, description, pass[column], pass[`${column}_samples`] as number[] | null, passMs),
    );
    for (const [name, description, sql] of SINGLE_CHECKS) {
      lap();
      const [row] = await tx.execute<CountRow[]>(sql);
      checks.push(result(name, description, row.violations, row.samples, lap()));
    }
    return {
      ok: checks.every((check) => check.violations === 0),
      counts: {
        transactions: Number(counts.transactions),
        entries: Number(counts.entries),
        ledgerAccounts: Number(counts.ledger_accounts),
        activities: Number(counts.activities),
        bills: Number(counts.bills),
      },
      checks,
      elapsedMs: Math.round(performance.now() - started),
    };
  });
}

/** The report as the script prints it. */
export function formatLedgerReport(report: LedgerCheckReport): string {
  const { counts } = report;
  const lines = [
    `Ledger: ${counts.transactions} transactions, ${counts.entries} entries, ${counts.ledgerAccounts} ledger accounts, ` +
      `${counts.activities} activities, ${counts.bills} bills`,
  ];
  for (const check of report.checks) {
    const mark = check.violations === 0 ? 'ok  ' : 'FAIL';
    const sample = check.violations === 0 ? '' : ` (${check.violations}; e.g. ${check.samples.join(', ')})`;
    lines.push(`  ${mark} ${check.description}${sample} [${check.ms} ms]`);
  }
  lines.push(`${report.ok ? 'All checks passed' : 'VIOLATIONS FOUND'} in ${report.elapsedMs} ms.`);
  return lines.join('\n');
}
