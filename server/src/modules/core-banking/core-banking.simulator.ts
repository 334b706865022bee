import type { EntityManager } from '@mikro-orm/postgresql';
import { parseMoney, toDecimalString, type Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import { DepositStatus, RUNNING_STATUSES } from '../agreement/index.js';
import type { BankMovement } from './bank-day.rules.js';
import { intArray } from '../../database/bulk.js';
import { linkedAccountBalances } from '../ledger/index.js';
import type {
  CatchUpCredit,
  CoreBanking,
  CoreBankingAccount,
  ExpectedDeposit,
  SentPayment,
} from './core-banking.adapter.js';
import {
  RecordedAnswer,
  simulatedDepositArrival,
  simulatedPaymentDebit,
  simulatedPaymentSettlement,
  simulatedStatementCredit,
  SimulatedEvent,
  type OutcomeRule,
  type PaymentSettlement,
} from './simulator.rules.js';

interface OutcomeRow {
  member_id: number;
  event: number;
  outcome: number;
  biller_id: number | null;
  date_from: string | null;
  date_to: string | null;
  until: string | null;
  amount: string | null;
}

/** The simulator's outcome rows of these members (`core_banking_outcome`). */
export async function outcomeRules(em: EntityManager, memberIds: readonly number[]): Promise<OutcomeRule[]> {
  if (memberIds.length === 0) return [];
  const rows = await em.execute<OutcomeRow[]>(
    `select member_id, event, outcome, biller_id, date_from::text, date_to::text, until::text, amount
     from core_banking_outcome where member_id = any(?::int[]) order by id`,
    [intArray(memberIds)],
  );
  return rows.map((row) => ({
    memberId: row.member_id,
    event: row.event,
    outcome: row.outcome,
    billerId: row.biller_id,
    dateFrom: row.date_from as LocalDate | null,
    dateTo: row.date_to as LocalDate | null,
    until: row.until as LocalDate | null,
    amount: row.amount === null ? null : parseMoney(String(row.amount)),
  }));
}

/**
 * The embedded core-banking simulator: linked accounts hold what the ledger says, deposits arrive on their dates and
 * payments settle at the next window, except where a `core_banking_outcome` row of the member says otherwise. What
 * it credits and debits it keeps in its own record (`core_banking_statement`), its side of reconciliation.
 */
export class CoreBankingSimulator implements CoreBanking {
  async linkedAccounts(em: EntityManager, memberIds: readonly number[]): Promise<CoreBankingAccount[]> {
    if (memberIds.length === 0) return [];
    const rows = await em.execute<{ id: number; account_number: string }[]>(
      'select id, account_number from linked_account where member_id = any(?::int[]) and is_active order by id',
      [intArray(memberIds)],
    );
    const balances = await linkedAccountBalances(
      em,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      linkedAccountId: row.id,
      accountNumber: row.account_number,
      availableBalance: balances.get(row.id) ?? parseMoney('0'),
    }));
  }

  async depositArrivals(em: EntityManager, deposits: readonly ExpectedDeposit[], today: LocalDate): Promise<Cents[]> {
    const rules = await outcomeRules(em, [...new Set(deposits.flatMap((deposit) => deposit.memberIds))]);
    const linkedIds = [
      ...new Set(deposits.flatMap((d) => (d.fromLinkedAccountId === null ? [] : [d.fromLinkedAccountId]))),
    ];
    const balances = linkedIds.length > 0 ? await linkedAccountBalances(em, linkedIds) : new Map<number, Cents>();
    const recorded = await this.recorded(
      em,
      SimulatedEvent.Deposit,
      deposits.map((deposit) => deposit.depositId),
    );
    const caughtUp = await this.caughtUp(
      em,
      deposits.map((deposit) => deposit.depositId),
    );
    const credits: { deposit: ExpectedDeposit; total: Cents }[] = [];
    const totals = deposits.map((deposit) => {
      // What the bank has credited so far is its own record (our ledger's figure only for history it has no record of);
      // the member's catch-ups are counted on top, never as the deposit's own arrival.
      const catchUp = caughtUp.get(deposit.depositId) ?? 0;
      const soFar = recorded.get(deposit.depositId)?.amount ?? ((deposit.received - catchUp) as Cents);
      const from = deposit.fromLinkedAccountId;
      const balance = from === null ? null : (balances.get(from) ?? 0);
      const total = simulatedDepositArrival(
        rules,
        {
          memberIds: deposit.memberIds,
          dueDate: deposit.dueDate,
          fromLinkedAccount: balance === null ? null : { balance },
          expected: deposit.amount,
          received: soFar,
        },
        today,
      ) as Cents;
      // What a savings account pays out is no longer there for the next deposit asked.
      if (from !== null) balances.set(from, ((balance ?? 0) - (total - soFar)) as Cents);
      // Recorded even when nothing came (the bank was asked): a record of nothing is not "no record".
      if (total !== recorded.get(deposit.depositId)?.amount) credits.push({ deposit, total });
      return (total + catchUp) as Cents;
    });
    await this.record(
      em,
      SimulatedEvent.Deposit,
      credits.map(({ deposit, total }) => ({
        refId: deposit.depositId,
        agreementId: deposit.agreementId,
        amount: total,
        answer: null,
      })),
      today,
    );
    return totals;
  }

  /**
   * The simulated bank's statement at the end of `date`: for every deposit due by then and not fully received
   * before, of an agreement running (the ones the bank is asked about), or received that day, what it has credited
   * in total by then: its own record of what it credited (from
   * payroll, or from the member's savings account as the account held it), capped by its rules as they stand (so a
   * Missing or Partial row added since shows as a correction on its side; `simulatedStatementCredit`).
   */
  async depositsCredited(em: EntityManager, date: LocalDate): Promise<BankMovement[]> {
    const OUTSTANDING = [DepositStatus.Scheduled, DepositStatus.Missed, DepositStatus.PartlyReceived].join(', ');
    // The ids first, each alternative by its own index: with the OR across two tables in one condition PostgreSQL
    // read every deposit of the book (issue 23 item 2).
    const rows = await em.execute<
      { id: number; agreement_id: number; due_date: string; expected_amount: string; member_ids: number[] }[]
    >(
      `select d.id, d.agreement_id, d.due_date::text, d.expected_amount,
         coalesce(array(select l.member_id from member_account_link l where l.account_id = g.account_id and l.is_active
                        order by l.is_primary desc, l.id), '{}') as member_ids
       from scheduled_deposit d join agreement g on g.id = d.agreement_id
       where d.id in (select id from scheduled_deposit where status in (${OUTSTANDING}) and due_date <= ?::date
                      union all select id from scheduled_deposit where received_date = ?::date)
         and d.due_date <= ?::date and (d.status in (${OUTSTANDING}) and g.status in (${RUNNING_STATUSES.join(', ')})
                                        or d.received_date = ?::date)
       order by d.id`,
      [date, date, date, date],
    );
    const rules = await outcomeRules(em, [...new Set(rows.flatMap((row) => row.member_ids.map(Number)))]);
    const recorded = await this.recorded(
      em,
      SimulatedEvent.Deposit,
      rows.map((row) => row.id),
    );
    const caughtUp = await this.caughtUp(
      em,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const facts = {
        memberIds: row.member_ids.map(Number),
        dueDate: row.due_date as LocalDate,
        expected: parseMoney(String(row.expected_amount)),
      };
      return {
        kind: 'deposit' as const,
        id: row.id,
        agreementId: row.agreement_id,
        amount: (simulatedStatementCredit(rules, facts, date, recorded.get(row.id)?.amount ?? null) +
          (caughtUp.get(row.id) ?? 0)) as Cents,
      };
    });
  }

  /**
   * The biller's bank's answer to each payment: its recorded answer if it has answered already (a final answer
   * stands), else as its rules say (`simulatedPaymentSettlement`); a final answer is recorded with what it debits in the end
   * (`simulatedPaymentDebit`: a SettledFor row makes that another amount, or debits a rejected payment).
   */
  async paymentSettlements(
    em: EntityManager,
    payments: readonly SentPayment[],
    today: LocalDate,
  ): Promise<PaymentSettlement[]> {
    if (payments.length === 0) return [];
    const before = await this.recorded(
      em,
      SimulatedEvent.Payment,
      payments.map((p) => p.transactionId),
    );
    const rules = await outcomeRules(em, [...new Set(payments.flatMap((p) => p.memberIds))]);
    const rulesOf = new Map<number, OutcomeRule[]>();
    for (const rule of rules) rulesOf.set(rule.memberId, [...(rulesOf.get(rule.memberId) ?? []), rule]);
    const answers: PaymentSettlement[] = [];
    const lines: { refId: number; agreementId: number; amount: Cents; answer: RecordedAnswer }[] = [];
    // A payment asked twice in one call is answered once (the first answer recorded stands for both).
    const given = new Map<number, PaymentSettlement>();
    for (const payment of payments) {
      const recorded = before.get(payment.transactionId);
      if (recorded) {
        answers.push(recorded.answer === RecordedAnswer.Failed ? 'failed' : 'settled');
        continue;
      }
      const already = given.get(payment.transactionId);
      if (already) {
        answers.push(already);
        continue;
      }
      const own = payment.memberIds.flatMap((id) => rulesOf.get(id) ?? []);
      const answer = simulatedPaymentSettlement(own, payment, today);
      const debited = simulatedPaymentDebit(own, payment, answer, today);
      if (debited !== null) {
        lines.push({
          refId: payment.transactionId,
          agreementId: payment.agreementId,
          amount: debited as Cents,
          answer: answer === 'failed' ? RecordedAnswer.Failed : RecordedAnswer.Settled,
        });
      }
      given.set(payment.transactionId, answer);
      answers.push(answer);
    }
    await this.record(em, SimulatedEvent.Payment, lines, today);
    return answers;
  }

  /** The simulated bank's statement of the payments it answered on `date`: its own record, never our ledger. */
  async paymentsDebited(em: EntityManager, date: LocalDate): Promise<BankMovement[]> {
    const rows = await em.execute<{ ref_id: number; agreement_id: number; amount: string }[]>(
      `select ref_id, agreement_id, amount from core_banking_statement
       where kind = ${SimulatedEvent.Payment} and answered_on = ?::date order by ref_id`,
      [date],
    );
    return rows.map((row) => ({
      kind: 'payment' as const,
      id: Number(row.ref_id),
      agreementId: Number(row.agreement_id),
      amount: parseMoney(String(row.amount)),
    }));
  }

  async catchUpCredited(em: EntityManager, credits: readonly CatchUpCredit[], today: LocalDate): Promise<void> {
    await this.record(
      em,
      SimulatedEvent.CatchUp,
      credits.map((credit) => ({
        refId: credit.transactionId,
        agreementId: credit.agreementId,
        amount: credit.amount,
        answer: null,
      })),
      today,
    );
  }

  /** What the members' catch-ups moved towards these deposits, per deposit (net of a reversal of one). */
  private async caughtUp(em: EntityManager, depositIds: readonly number[]): Promise<Map<number, Cents>> {
    if (depositIds.length === 0) return new Map();
    const rows = await em.execute<{ deposit_id: number; amount: string }[]>(
      `select t.deposit_id, sum(s.amount)::text as amount
       from core_banking_statement s join ledger_transaction t on t.id = s.ref_id
       where s.kind = ${SimulatedEvent.CatchUp} and t.deposit_id = any(?::int[])
         and not exists (select 1 from ledger_transaction r where r.reverses_id = t.id)
       group by t.deposit_id`,
      [intArray(depositIds)],
    );
    return new Map(rows.map((row) => [Number(row.deposit_id), parseMoney(String(row.amount))]));
  }

  /** The simulated bank's own record of these deposits or payments. */
  private async recorded(
    em: EntityManager,
    kind: SimulatedEvent,
    ids: readonly number[],
  ): Promise<Map<number, { amount: Cents; answer: number | null }>> {
    if (ids.length === 0) return new Map();
    const rows = await em.execute<{ ref_id: number; amount: string; answer: number | null }[]>(
      'select ref_id, amount, answer from core_banking_statement where kind = ? and ref_id = any(?::int[])',
      [kind, intArray(ids)],
    );
    return new Map(
      rows.map((row) => [
        Number(row.ref_id),
        { amount: parseMoney(String(row.amount)), answer: row.answer === null ? null : Number(row.answer) },
      ]),
    );
  }

  /**
   * Writes what the simulated bank did: a deposit's new total credited, a payment's final answer (kept as first
   * given). In the caller's transaction (the deposit batch's: a crashed batch leaves neither side).
   */
  private async record(
    em: EntityManager,
    kind: SimulatedEvent,
    lines: readonly { refId: number; agreementId: number; amount: Cents; answer: RecordedAnswer | null }[],
    today: LocalDate,
  ): Promise<void> {
    if (lines.length === 0) return;
    await em.execute(
      `insert into core_banking_statement (kind, ref_id, agreement_id, amount, answer, answered_on)
       select ?, r.ref_id, r.agreement_id, r.amount, r.answer, ?::date
       from unnest(?::int[], ?::int[], ?::numeric[], ?::smallint[]) as r(ref_id, agreement_id, amount, answer)
       on conflict (kind, ref_id) do update set amount = excluded.amount, answered_on = excluded.answered_on
       where core_banking_statement.answer is null and core_banking_statement.amount <> excluded.amount`,
      [
        kind,
        today,
        intArray(lines.map((line) => line.refId)),
        intArray(lines.map((line) => line.agreementId)),
        `{${lines.map((line) => toDecimalString(line.amount)).join(',')}}`,
        `{${lines.map((line) => (line.answer === null ? 'NULL' : String(line.answer))).join(',')}}`,
      ],
      'run',
    );
  }
}
