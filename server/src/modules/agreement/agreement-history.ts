import type { EntityManager } from '@mikro-orm/postgresql';
import { moneyOf } from '../../database/row-values.js';
import { LedgerTransactionType } from '../ledger/index.js';
import type { MonthlyFlow } from './agreement-view.types.js';

const DEPOSITS = [LedgerTransactionType.Deposit];
const BILLS = [LedgerTransactionType.BillPayment, LedgerTransactionType.Reimbursement];

/**
 * Deposits in and bills out per month over every version of an account's agreements, from the ledger: the
 * entries of deposit and bill transactions on the agreements' pockets, by effective date. A reversal counts
 * against the kind of transaction it reverses; transfers between versions and pockets are left out.
 */
export async function monthlyFlows(em: EntityManager, accountId: number): Promise<MonthlyFlow[]> {
  const rows = await em.execute<{ month: string; deposits: string; bills: string }[]>(
    `select to_char(t.effective_date, 'YYYY-MM') as month,
            coalesce(sum(e.amount) filter (where coalesce(o.type, t.type) in (${DEPOSITS.join(',')})), 0) as deposits,
            coalesce(-sum(e.amount) filter (where coalesce(o.type, t.type) in (${BILLS.join(',')})), 0) as bills
     from ledger_account la
     join ledger_entry e on e.ledger_account_id = la.id
     join ledger_transaction t on t.id = e.transaction_id
     left join ledger_transaction o on o.id = t.reverses_id
     where la.agreement_id in (select id from agreement where account_id = ?)
       and coalesce(o.type, t.type) in (${[...DEPOSITS, ...BILLS].join(',')})
     group by 1 order by 1`,
    [accountId],
  );
  return rows.map((row) => ({ month: row.month, deposits: moneyOf(row.deposits), bills: moneyOf(row.bills) }));
}
