import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { Clock } from '../../shared/clock.js';
import { addDays, formatDisplayDate, zonedInstant, type LocalDate } from '../../shared/local-date.js';
import { parseMoney, ZERO } from '../../shared/money.js';
import { ActivityType } from '../activity/index.js';
import { agreementBalances, LedgerTransactionType, type TransactionStatus } from '../ledger/index.js';
import { type AgreementStatus, type DepositStatus, loadMemberAccount } from '../agreement/index.js';
import { JOB_SCHEMA } from '../../jobs/job-queue.js';
import { autoPaymentsDue, CORE_BANKING_USERNAME } from './bill-days.js';
import { BANK_APPLIED_AUTOPAY_JOB, BANK_AUTOPAY_JOB } from './core-banking.jobs.js';
import { agreementsAskingDeposits, depositsAsked } from './deposit-arrivals.js';
import { arrearsStatus, missedOwing } from './bank-day.rules.js';
import { balancesAfter, depositTonight, paymentOutcome, type BankDayLineKind } from './bank-day-run.rules.js';
import {
  BankDayLineKindView,
  BankDayOutcomeView,
  type BankDayResultLineView,
  type BankDayRunView,
  type LastBankDayView,
  type NextBankDayView,
} from './bank-day-run.types.js';

const KIND_VIEW: Record<BankDayLineKind, BankDayLineKindView> = {
  deposit: BankDayLineKindView.DEPOSIT,
  bill: BankDayLineKindView.BILL,
};

const OUTCOME_VIEW = {
  received: BankDayOutcomeView.RECEIVED,
  missed: BankDayOutcomeView.MISSED,
  paid: BankDayOutcomeView.PAID,
  sent: BankDayOutcomeView.SENT,
  failed: BankDayOutcomeView.FAILED,
  notPaid: BankDayOutcomeView.NOT_PAID,
} as const;

/**
 * Tonight's run, in sight (issue 24 item 3): what the next bank day will do for an agreement, in the order its steps
 * do it (deposits in, then the bills paid automatically), each line with the balance after it, from the very
 * selections the steps run (`agreementsAskingDeposits`, `depositsAsked`, `autoPaymentsDue`); and what the last
 * bank day did, read from what its steps wrote (ledger, activities, the automatic payments step's refusals and those
 * of the automatic payments of an agreement applied after it).
 */
export class BankDayRunService {
  constructor(
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  /** The bank's next day: the one after today (today's steps ran at 00:05). */
  nextDay(): LocalDate {
    return addDays(this.clock.today(), 1);
  }

  async forAccount(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<BankDayRunView> {
    const context = await loadMemberAccount(em, user, memberId, accountId);
    const agreementId = context.agreement?.id ?? null;
    const next = this.nextDay();
    const last = this.clock.today();
    if (agreementId === null) {
      return {
        accountId: context.accountId,
        agreementId,
        next: { date: next, balanceBefore: ZERO, lines: [], balanceAfter: ZERO },
        last: { date: last, lines: [] },
      };
    }
    return {
      accountId: context.accountId,
      agreementId,
      next: await this.nextBankDay(em, agreementId, next),
      last: await this.lastBankDay(em, agreementId, last),
    };
  }

  /** What the day `date` will do for the agreement, deposits arriving as scheduled. */
  async nextBankDay(em: EntityManager, agreementId: number, date: LocalDate): Promise<NextBankDayView> {
    const balanceBefore = (await agreementBalances(em, [agreementId])).get(agreementId)!.total;
    const asking = await agreementsAskingDeposits(em, date, agreementId);
    const deposits = await depositsAsked(em, asking, date);
    const asked = deposits.map((deposit) => ({
      deposit,
      dueDate: deposit.due_date as LocalDate,
      expected: parseMoney(String(deposit.expected_amount)),
      received: parseMoney(String(deposit.received_amount)),
    }));
    // The status the automatic payments step will find: the deposits step runs first, and deposits arriving in
    // full bring an agreement in arrears back (`arrearsStatus`), whose bills are then paid the same night.
    const [{ status }] = await em.execute<{ status: AgreementStatus }[]>('select status from agreement where id = ?', [
      agreementId,
    ]);
    const afterDeposits =
      asked.length === 0
        ? status
        : arrearsStatus(
            Number(status) as AgreementStatus,
            missedOwing(
              asked.map((d) => ({ dueDate: d.dueDate, expected: d.expected, received: d.expected })),
              date,
            ),
          );
    const bills = await autoPaymentsDue(em, date, agreementId, afterDeposits);
    const lines = [
      ...asked.map(({ deposit, dueDate, expected, received }) => {
        const tonight = depositTonight({ status: deposit.status as DepositStatus, dueDate, expected, received }, date);
        return {
          kind: 'deposit' as const,
          depositId: deposit.id,
          billId: null,
          label: tonight.late ? `Missed deposit due on ${formatDisplayDate(dueDate)}` : 'Deposit',
          dueDate,
          ...tonight,
        };
      }),
      ...bills.map((bill) => ({
        kind: 'bill' as const,
        depositId: null,
        billId: bill.id,
        label: bill.name || 'Bill',
        dueDate: bill.due_date as LocalDate,
        amount: parseMoney(String(bill.expected_amount)),
        late: (bill.due_date as LocalDate) < date,
      })),
    ];
    const after = balancesAfter(balanceBefore, lines);
    return {
      date,
      balanceBefore,
      lines: lines.map((line, i) => ({
        ...line,
        kind: KIND_VIEW[line.kind],
        balanceAfter: after[i],
        short: line.kind === 'bill' && after[i] < 0,
      })),
      balanceAfter: after.at(-1) ?? balanceBefore,
    };
  }

  /** What the day `date` did for the agreement, from what its steps wrote, in the order they did it. */
  async lastBankDay(em: EntityManager, agreementId: number, date: LocalDate): Promise<LastBankDayView> {
    const from = zonedInstant(date, this.timeZone);
    const to = zonedInstant(addDays(date, 1), this.timeZone);
    const deposits = await em.execute<{ deposit_id: number; amount: string; details: string; missed: boolean }[]>(
      `select * from (
         select t.deposit_id, t.id as n, false as missed, t.description as details,
           (select coalesce(sum(e.amount), 0) from ledger_entry e join ledger_account la on la.id = e.ledger_account_id
            where e.transaction_id = t.id and la.agreement_id is not null)::text as amount
         from ledger_transaction t
         where t.agreement_id = ? and t.type = ${LedgerTransactionType.Deposit} and t.effective_date = ?
           and t.deposit_id is not null and t.created_by_id is null and t.reverses_id is null
         union all
         -- the amount missed, as the activity wrote it ("$1,234.50")
         select (a.data->>'depositId')::int, a.id, true, a.details,
           translate(coalesce(a.data->>'amount', '0'), '$,', '')
         from activity a
         where a.agreement_id = ? and a.type = ${ActivityType.MemberMissedDeposit}
           and a.occurred_at >= ? and a.occurred_at < ?) d
       order by missed, n`,
      [agreementId, date, agreementId, from, to],
    );
    const payments = await em.execute<
      {
        bill_id: number | null;
        name: string;
        amount: string;
        status: number | null;
        reversed: boolean;
        reason: string | null;
      }[]
    >(
      `select a.bill_id, coalesce(br.nickname, '') as name, a.transaction_status as status,
         (select coalesce(-sum(e.amount), 0) from ledger_entry e join ledger_account la on la.id = e.ledger_account_id
          where e.transaction_id = t.id and la.agreement_id is not null)::text as amount,
         exists (select 1 from ledger_transaction r where r.reverses_id = t.id) as reversed,
         (select f.details from activity f where f.type = ${ActivityType.PaymentFailure} and f.agreement_id = a.agreement_id
            and (f.data->>'transactionId')::int = t.id order by f.id limit 1) as reason
       from activity a join ledger_transaction t on t.id = a.ledger_transaction_id
       join app_user u on u.id = t.created_by_id and u.username = ?
       left join biller br on br.id = a.biller_id
       where a.agreement_id = ? and a.type = ${ActivityType.PaidBill} and t.effective_date = ?
       order by t.id`,
      [CORE_BANKING_USERNAME, agreementId, date],
    );
    // The bills the day could not pay, from the runs' outputs (`stepSummary`'s notPaid): the automatic payments step's
    // (its run that ended the step), and those of the jobs paying an agreement applied after that step began
    // (BANK_APPLIED_AUTOPAY_JOB, the step's payments for that agreement alone). A bill refused twice is listed once.
    const refused = await em.execute<{ bill_id: number; name: string; amount: string; reason: string }[]>(
      `with run as (
         (select output from ${JOB_SCHEMA}.job where name = ? and data->>'date' = ? and state = 'completed'
            and output->'notPaid' is not null
          union all
          select output from ${JOB_SCHEMA}.archive where name = ? and data->>'date' = ? and state = 'completed'
            and output->'notPaid' is not null
          limit 1)
         union all
         select output from ${JOB_SCHEMA}.job where name = ? and data->>'date' = ? and state = 'completed'
           and data->>'agreementId' = ? and output->'notPaid' is not null
         union all
         select output from ${JOB_SCHEMA}.archive where name = ? and data->>'date' = ? and state = 'completed'
           and data->>'agreementId' = ? and output->'notPaid' is not null)
       select distinct on (b.due_date, b.id) r."billId" as bill_id, coalesce(br.nickname, '') as name,
         b.expected_amount::text as amount, r.message as reason
       from run
       cross join lateral jsonb_to_recordset(coalesce(run.output->'notPaid', '[]'::jsonb))
         as r("billId" int, "agreementId" int, message text)
       join bill b on b.id = r."billId" left join biller br on br.id = b.biller_id
       where r."agreementId" = ?
       order by b.due_date, b.id`,
      [
        ...[BANK_AUTOPAY_JOB, BANK_AUTOPAY_JOB].flatMap((job) => [job.definition.name, date]),
        // Compared as the JSON's text: no cast of another queue's data.
        ...[BANK_APPLIED_AUTOPAY_JOB, BANK_APPLIED_AUTOPAY_JOB].flatMap((job) => [
          job.definition.name,
          date,
          String(agreementId),
        ]),
        agreementId,
      ],
    );
    const lines: BankDayResultLineView[] = [
      ...deposits.map((row) => ({
        kind: BankDayLineKindView.DEPOSIT,
        depositId: Number(row.deposit_id),
        billId: null,
        label: 'Deposit',
        amount: parseMoney(String(row.amount)),
        outcome: row.missed ? BankDayOutcomeView.MISSED : BankDayOutcomeView.RECEIVED,
        reason: row.missed ? row.details : null,
      })),
      ...payments.map((row) => {
        const outcome = paymentOutcome(row.status as TransactionStatus | null, row.reversed);
        return {
          kind: BankDayLineKindView.BILL,
          depositId: null,
          billId: row.bill_id,
          label: row.name || 'Bill',
          amount: parseMoney(String(row.amount)),
          outcome: OUTCOME_VIEW[outcome],
          reason: outcome === 'failed' ? (row.reason ?? 'The biller’s bank refused the payment') : null,
        };
      }),
      ...refused.map((row) => ({
        kind: BankDayLineKindView.BILL,
        depositId: null,
        billId: Number(row.bill_id),
        label: row.name || 'Bill',
        amount: parseMoney(String(row.amount)),
        outcome: BankDayOutcomeView.NOT_PAID,
        reason: row.reason,
      })),
    ];
    return { date, lines };
  }
}
