import type { EntityManager } from '@mikro-orm/postgresql';
import { MoneySource } from '../bill/money-source.js';
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

/** One pass over all entries per transaction: balance, pockets used, effect on the agreement, its activity. */
const TRANSACTION_PASS = `
with tx as (
  select t.id, t.type, t.agreement_id, t.reverses_id, ag.previous_id,
         coalesce(sum(e.amount), 0) as total,
         count(e.id) as lines,
         coalesce(sum(e.amount) filter (where la.kind between ${Allocation} and ${RainyDay}
                                          and la.agreement_id = t.agreement_id), 0) as agreement_change,
         count(e.id) filter (where la.agreement_id is not null and la.agreement_id is distinct from t.agreement_id
                               and not (la.agreement_id = ag.previous_id and coalesce(o.type, t.type) = ${VersionTransfer}))
           as foreign_lines
  from ledger_transaction t
  left join ledger_transaction o on o.id = t.reverses_id
  left join agreement ag on ag.id = t.agreement_id
  left join ledger_entry e on e.transaction_id = t.id
  left join ledger_account la on la.id = e.ledger_account_id
  group by t.id, ag.previous_id, o.type
)
select
  count(*) filter (where total <> 0 or lines < 2) as unbalanced,
  (array_agg(tx.id order by tx.id) filter (where total <> 0 or lines < 2))[1:5] as unbalanced_samples,
  count(*) filter (where foreign_lines > 0) as foreign_pockets,
  (array_agg(tx.id order by tx.id) filter (where foreign_lines > 0))[1:5] as foreign_samples,
  count(*) filter (where tx.agreement_id is not null and a.id is null) as missing_activity,
  (array_agg(tx.id order by tx.id) filter (where tx.agreement_id is not null and a.id is null))[1:5] as missing_samples,
  count(*) filter (where a.id is not null and a.balance_change <> tx.agreement_change) as wrong_change,
  (array_agg(a.id order by a.id) filter (where a.id is not null and a.balance_change <> tx.agreement_change))[1:5]
    as wrong_change_samples
from tx left join activity a on a.ledger_transaction_id = tx.id`;

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

const MONEY_SOURCES = `
with src as (
  select transaction_id, sum(amount) filter (where source <> ${ShortPay}) as paid from bill_money_source group by transaction_id
), payout as (
  select e.transaction_id,
         coalesce(sum(e.amount) filter (where la.kind = ${External}), 0) as external,
         coalesce(sum(e.amount) filter (where la.kind = ${LinkedAccount}), 0) as linked
  from ledger_entry e join ledger_account la on la.id = e.ledger_account_id
  where e.transaction_id in (select transaction_id from src)
  group by e.transaction_id
)
select count(*) as violations, (array_agg(t.id order by t.id))[1:5] as samples
from src
join ledger_transaction t on t.id = src.transaction_id
left join ledger_transaction o on o.id = t.reverses_id
left join payout p on p.transaction_id = src.transaction_id
where coalesce(src.paid, 0) <> case coalesce(o.type, t.type)
        when ${BillPayment} then coalesce(p.external, 0)
        when ${Reimbursement} then coalesce(p.linked, 0)
        else coalesce(src.paid, 0) + 1 end`;

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
with sums as (
  select r.id, e.ledger_account_id, sum(e.amount) as net
  from ledger_transaction r
  join ledger_entry e on e.transaction_id in (r.id, r.reverses_id)
  where r.reverses_id is not null
  group by r.id, e.ledger_account_id
)
select count(distinct id) as violations, (array_agg(distinct id))[1:5] as samples from sums where net <> 0`;

const COUNTS = `
select (select count(*) from ledger_transaction) as transactions, (select count(*) from ledger_entry) as entries,
       (select count(*) from ledger_account) as ledger_accounts, (select count(*) from activity) as activities,
       (select count(*) from bill) as bills`;

function result(name: string, description: string, violations: unknown, samples: number[] | null): LedgerCheckResult {
  return { name, description, violations: Number(violations), samples: (samples ?? []).map(Number) };
}

export async function checkLedger(em: EntityManager): Promise<LedgerCheckReport> {
  const started = performance.now();
  const [counts] = await em.execute<Record<string, string>[]>(COUNTS);
  const [pass] = await em.execute<Record<string, string | number[] | null>[]>(TRANSACTION_PASS);
  const samples = (key: string) => pass[key] as number[] | null;
  const checks: LedgerCheckResult[] = [
    result(
      'balanced',
      'every transaction has two or more lines summing to zero',
      pass.unbalanced,
      samples('unbalanced_samples'),
    ),
    result(
      'ownPockets',
      "lines touch only the transaction's agreement (or its previous version)",
      pass.foreign_pockets,
      samples('foreign_samples'),
    ),
    result(
      'activityWritten',
      "every movement of an agreement's money has its activity",
      pass.missing_activity,
      samples('missing_samples'),
    ),
    result(
      'activityBalanceChange',
      "each activity's balance change is its transaction's effect",
      pass.wrong_change,
      samples('wrong_change_samples'),
    ),
  ];
  const single: [string, string, string][] = [
    ['storedBalances', 'stored ledger balances equal the sums of their entries', STORED_BALANCES],
    ['billFigures', "bills' paid amount and amount owing equal their money sources", BILL_FIGURES],
    ['moneySources', 'money sources add up to what each payment paid out', MONEY_SOURCES],
    ['depositsReceived', "scheduled deposits' received amounts equal their deposit transactions", DEPOSITS],
    ['reversalsNet', 'each reversal cancels its transaction line by line', REVERSALS],
  ];
  for (const [name, description, sql] of single) {
    const [row] = await em.execute<CountRow[]>(sql);
    checks.push(result(name, description, row.violations, row.samples));
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
    lines.push(`  ${mark} ${check.description}${sample}`);
  }
  lines.push(`${report.ok ? 'All checks passed' : 'VIOLATIONS FOUND'} in ${report.elapsedMs} ms.`);
  return lines.join('\n');
}
