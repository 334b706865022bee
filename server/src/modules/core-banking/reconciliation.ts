import type { EntityManager } from '@mikro-orm/postgresql';
import { formatCurrency, parseMoney, type Cents } from '../../shared/money.js';
import { addDays, formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { intArray, runSql } from '../../database/bulk.js';
import { ActivityType, allocateActivityIds, writeActivityRows, type ActivityInsertRow } from '../activity/index.js';
import { TransactionStatus } from '../ledger/index.js';
import { reconcileWithBank, type BankMovement, type ReconciliationMismatch } from './bank-day.rules.js';
import type { CoreBanking } from './core-banking.adapter.js';

/** A mismatch as reported: the rule's figures and the sentence saying them. */
export interface ReportedMismatch extends ReconciliationMismatch {
  sentence: string;
}

export interface ReconciliationResult {
  /** Deposits and payments reconciled: the deposits outstanding or moved today, the payments answered yesterday. */
  checked: number;
  /** Where the two differ (each agreement's reported once a day with activity 18). */
  mismatches: ReportedMismatch[];
}

/** What a payment's sentence names: its biller and the day it was made. */
interface PaymentFacts {
  name: string;
  paidDate: LocalDate;
}

/** The sentence of a mismatch (activity 18 and the day's report). */
export function mismatchSentence(
  mismatch: ReconciliationMismatch,
  date: LocalDate,
  payment: PaymentFacts | undefined = undefined,
): string {
  const bank = formatCurrency(mismatch.bank as Cents);
  const ledger = formatCurrency(mismatch.ledger as Cents);
  const what =
    mismatch.kind === 'deposit'
      ? `credited ${bank} for deposit ${mismatch.id}`
      : `debited ${bank} for the ${payment?.name ? `${payment.name} ` : ''}payment` +
        `${payment ? ` made on ${formatDisplayDate(payment.paidDate)}` : ''} (transaction ${mismatch.id})`;
  return `Reconciliation of ${formatDisplayDate(date)}: the bank has ${what}, the ledger has recorded ${ledger}`;
}

/** The ledger's side of the deposits the statement names or the ledger moved today: each one's total up to today. */
async function ledgerDeposits(em: EntityManager, bank: readonly BankMovement[], date: LocalDate) {
  const rows = await em.execute<{ deposit_id: number; agreement_id: number; amount: string }[]>(
    `select t.deposit_id, t.agreement_id, sum(e.amount)::text as amount
     from ledger_transaction t join ledger_entry e on e.transaction_id = t.id
     join ledger_account la on la.id = e.ledger_account_id
     where t.deposit_id in (select unnest(?::int[]) union select deposit_id from ledger_transaction
                            where deposit_id is not null and effective_date = ?::date)
       and t.effective_date <= ?::date and la.agreement_id is not null
     group by t.deposit_id, t.agreement_id`,
    [intArray(bank.map((movement) => movement.id)), date, date],
  );
  return rows.map((row): BankMovement => ({
    kind: 'deposit',
    id: Number(row.deposit_id),
    agreementId: Number(row.agreement_id),
    amount: parseMoney(String(row.amount)),
  }));
}

/**
 * The ledger's side of the payments the bank answered on `day` or our windows settled or failed that day: what each
 * took out of its agreement up to that day, net of its reversal (a failed payment's money returned: nothing).
 */
async function ledgerPayments(em: EntityManager, bank: readonly BankMovement[], day: LocalDate) {
  const rows = await em.execute<
    { id: number; agreement_id: number; paid_date: string; name: string | null; amount: string }[]
  >(
    `with pay as (
       select a.ledger_transaction_id as id from activity a
       where a.type = ${ActivityType.PaidBill} and a.agreement_id is not null and a.ledger_transaction_id is not null
         and a.transaction_status in (${TransactionStatus.Successful}, ${TransactionStatus.Failed})
         and a.data->>'bankWindow' like ?
       union select unnest(?::int[]))
     select p.id, t.agreement_id, t.effective_date::text as paid_date,
       (select br.nickname from activity a join biller br on br.id = a.biller_id
        where a.ledger_transaction_id = p.id and a.type = ${ActivityType.PaidBill} limit 1) as name,
       coalesce((select -sum(e.amount) from ledger_transaction x join ledger_entry e on e.transaction_id = x.id
                 join ledger_account la on la.id = e.ledger_account_id
                 where (x.id = p.id or x.reverses_id = p.id) and la.agreement_id is not null
                   and x.effective_date <= ?::date), 0)::text as amount
     from pay p join ledger_transaction t on t.id = p.id`,
    [`${day}T%`, intArray(bank.map((movement) => movement.id)), day],
  );
  const facts = new Map<number, PaymentFacts>();
  const movements = rows.map((row): BankMovement => {
    facts.set(Number(row.id), { name: row.name ?? '', paidDate: row.paid_date as LocalDate });
    return {
      kind: 'payment',
      id: Number(row.id),
      agreementId: Number(row.agreement_id),
      amount: parseMoney(String(row.amount)),
    };
  });
  return { movements, facts };
}

/**
 * Reconciliation (activity 18), one rule for both directions (`reconcileWithBank`). Deposits: those outstanding or
 * moved today, each one's total as the bank's statement has it at the end of the day (`depositsCredited`) against
 * the total of its deposit transactions in our ledger up to today: a deposit caught up late agrees again, one posted
 * twice, posted without the bank's credit or credited without a posting does not. Payments out (BPAY, EFT, direct
 * debit): those the bank answered yesterday (the windows of 9am and 3pm; the day job runs after midnight) or our
 * windows settled or failed yesterday, what the bank debited for each in the end (`paymentsDebited`) against what
 * the ledger took out of the agreement for it, net of its reversal: a payment settled for another amount, debited
 * though our ledger failed and returned it, or settled in our ledger without the bank's answer, does not agree.
 * A mismatch is never corrected: it is reported in the day's report (the job's items failed, on /bankjobs) and
 * recorded on the agreement as one Reconciliation activity (18) a day saying every mismatch of the agreement
 * (`bank_day_step` 'reconciliation', in the same transaction as the activities), whatever the number of runs.
 */
export async function reconcile(
  em: EntityManager,
  coreBanking: CoreBanking,
  date: LocalDate,
  now: Date,
): Promise<ReconciliationResult> {
  const yesterday = addDays(date, -1);
  const bank = [
    ...(await coreBanking.depositsCredited(em, date)),
    ...(await coreBanking.paymentsDebited(em, yesterday)),
  ];
  const deposits = await ledgerDeposits(
    em,
    bank.filter((movement) => movement.kind === 'deposit'),
    date,
  );
  const payments = await ledgerPayments(
    em,
    bank.filter((movement) => movement.kind === 'payment'),
    yesterday,
  );
  const ledger = [...deposits, ...payments.movements];
  const mismatches = reconcileWithBank(bank, ledger).map((mismatch) => ({
    ...mismatch,
    sentence: mismatchSentence(
      mismatch,
      date,
      mismatch.kind === 'payment' ? payments.facts.get(mismatch.id) : undefined,
    ),
  }));
  const checked = new Set([...bank, ...ledger].map((movement) => `${movement.kind}:${movement.id}`)).size;
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
       from claimed c join agreement g on g.id = c.agreement_id order by c.agreement_id`,
      [date, intArray(agreementIds)],
    );
    const ids = await allocateActivityIds(tx, claimed.length);
    const activities: ActivityInsertRow[] = claimed.map((agreement, i) => {
      const agreementId = Number(agreement.agreement_id);
      const own = mismatches.filter((m) => m.agreementId === agreementId);
      return {
        id: ids[i],
        type: ActivityType.Reconciliation,
        occurred_at: now.toISOString(),
        member_id: agreement.member_id,
        account_id: agreement.account_id,
        agreement_id: agreementId,
        details: own.map((m) => m.sentence).join('; '),
        data: {
          reconciliation: date,
          mismatches: own.map((m) => ({
            kind: m.kind,
            id: m.id,
            bank: formatCurrency(m.bank as Cents),
            ledger: formatCurrency(m.ledger as Cents),
          })),
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
