import type { EntityManager } from '@mikro-orm/postgresql';
import { formatCurrency, parseMoney, type Cents } from '../../common/money.js';
import { formatDisplayDate, type LocalDate } from '../../common/local-date.js';
import { intArray, runSql } from '../../database/bulk.js';
import { ActivityType } from '../activity/activity-type.js';
import { allocateActivityIds, writeActivityRows, type ActivityInsertRow } from '../activity/activity-writer.js';
import { reconcileDeposits, type DepositMovement, type ReconciliationMismatch } from './bank-day.rules.js';
import type { CoreBanking } from './core-banking.adapter.js';

export interface ReconciliationResult {
  /** Deposits reconciled: the ones outstanding or moved today, on either side. */
  checked: number;
  /** Where the two differ (each reported once per deposit and day with activity 18). */
  mismatches: ReconciliationMismatch[];
}

/** The sentence of a mismatch (activity 18 and the day's report). */
export function mismatchSentence(mismatch: ReconciliationMismatch, date: LocalDate): string {
  return (
    `Reconciliation of ${formatDisplayDate(date)}: the bank has credited ${formatCurrency(mismatch.bank as Cents)} ` +
    `for deposit ${mismatch.depositId}, the ledger has recorded ${formatCurrency(mismatch.ledger as Cents)}`
  );
}

/**
 * Reconciliation (activity 18): the deposits outstanding or moved today, each one's total as the bank's statement has
 * it at the end of the day (`depositsCredited`) against the total of its deposit transactions in our ledger up to
 * today (`reconcileDeposits`): a deposit caught up late agrees again, one posted twice, posted without the bank's
 * credit or credited without a posting does not. A mismatch is never
 * corrected: it is reported in the day's report (the job's items failed, on /bankjobs) and recorded on the agreement
 * as a Reconciliation activity (18), once per agreement and day (`bank_day_step` 'reconciliation', in the same
 * transaction as the activities), whatever the number of runs.
 */
export async function reconcile(
  em: EntityManager,
  coreBanking: CoreBanking,
  date: LocalDate,
  now: Date,
): Promise<ReconciliationResult> {
  const bank = await coreBanking.depositsCredited(em, date);
  // The ledger's total of each deposit the statement names or the ledger moved today, up to today.
  const rows = await em.execute<{ deposit_id: number; agreement_id: number; amount: string }[]>(
    `select t.deposit_id, t.agreement_id, sum(e.amount)::text as amount
     from ledger_transaction t join ledger_entry e on e.transaction_id = t.id
     join ledger_account la on la.id = e.ledger_account_id
     where t.deposit_id in (select unnest(?::int[]) union select deposit_id from ledger_transaction
                            where deposit_id is not null and effective_date = ?::date)
       and t.effective_date <= ?::date and la.agreement_id is not null
     group by t.deposit_id, t.agreement_id`,
    [intArray(bank.map((movement) => movement.depositId)), date, date],
  );
  const ledger: DepositMovement[] = rows.map((row) => ({
    depositId: Number(row.deposit_id),
    agreementId: Number(row.agreement_id),
    amount: parseMoney(String(row.amount)),
  }));
  const mismatches = reconcileDeposits(bank, ledger);
  const checked = new Set([...bank, ...ledger].map((movement) => movement.depositId)).size;
  if (mismatches.length === 0) return { checked, mismatches };
  await em.fork().transactional(async (tx) => {
    const agreementIds = [...new Set(mismatches.map((m) => m.agreementId))];
    const claimed = await runSql<{ agreement_id: number; account_id: number; member_id: number | null }>(
      tx,
      `with claimed as (
         insert into bank_day_step (step, business_date, agreement_id)
         select 'reconciliation', ?::date, id from unnest(?::int[]) as k(id) order by id
         on conflict do nothing returning agreement_id)
       select c.agreement_id, g.account_id,
         (select l.member_id from member_account_link l where l.account_id = g.account_id and l.is_active
          order by l.is_primary desc, l.id limit 1) as member_id
       from claimed c join agreement g on g.id = c.agreement_id`,
      [date, intArray(agreementIds)],
    );
    const byAgreement = new Map(claimed.map((row) => [Number(row.agreement_id), row]));
    const written = mismatches.filter((m) => byAgreement.has(m.agreementId));
    const ids = await allocateActivityIds(tx, written.length);
    const activities: ActivityInsertRow[] = written.map((mismatch, i) => {
      const agreement = byAgreement.get(mismatch.agreementId)!;
      return {
        id: ids[i],
        type: ActivityType.Reconciliation,
        occurred_at: now.toISOString(),
        member_id: agreement.member_id,
        account_id: agreement.account_id,
        agreement_id: mismatch.agreementId,
        details: mismatchSentence(mismatch, date),
        data: {
          reconciliation: date,
          depositId: mismatch.depositId,
          bank: formatCurrency(mismatch.bank as Cents),
          ledger: formatCurrency(mismatch.ledger as Cents),
        },
        notes: null,
        agent_name: null,
        user_id: null,
        balance_change: '0.00',
        transaction_status: null,
        ledger_transaction_id: null,
        bill_id: null,
        biller_id: null,
      };
    });
    await writeActivityRows(tx, activities);
  });
  return { checked, mismatches };
}
