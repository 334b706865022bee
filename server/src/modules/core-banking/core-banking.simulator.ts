import type { EntityManager } from '@mikro-orm/postgresql';
import { parseMoney, type Cents } from '../../common/money.js';
import type { LocalDate } from '../../common/local-date.js';
import { DepositStatus, DepositType } from '../agreement/agreement-codes.js';
import type { DepositMovement } from './bank-day.rules.js';
import { intArray } from '../../database/bulk.js';
import { linkedAccountBalances } from '../ledger/ledger-balances.js';
import type { CoreBanking, CoreBankingAccount, ExpectedDeposit, SentPayment } from './core-banking.adapter.js';
import {
  simulatedDepositArrival,
  simulatedPaymentSettlement,
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
 * payments settle at the next window, except where a `core_banking_outcome` row of the member says otherwise.
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
    return deposits.map((deposit) => {
      const from = deposit.fromLinkedAccountId;
      const balance = from === null ? null : (balances.get(from) ?? 0);
      const total = simulatedDepositArrival(
        rules,
        {
          memberIds: deposit.memberIds,
          dueDate: deposit.dueDate,
          fromLinkedAccount: balance === null ? null : { balance },
          expected: deposit.amount,
          received: deposit.received,
        },
        today,
      ) as Cents;
      // What a savings account pays out is no longer there for the next deposit asked.
      if (from !== null) balances.set(from, ((balance ?? 0) - (total - deposit.received)) as Cents);
      return total;
    });
  }

  /**
   * The simulated bank's statement at the end of `date`: for every deposit due by then and not fully received
   * before (or received that day), what its rules say was credited in total by then (a deposit is credited from its
   * due date). Deposits from a savings account (periodical payments): the simulator's savings accounts are the
   * ledger's linked accounts, so what left the account for the deposit is the statement.
   */
  async depositsCredited(em: EntityManager, date: LocalDate): Promise<DepositMovement[]> {
    const rows = await em.execute<
      {
        id: number;
        agreement_id: number;
        due_date: string;
        expected_amount: string;
        member_ids: number[];
        linked: string | null;
      }[]
    >(
      `select d.id, d.agreement_id, d.due_date::text, d.expected_amount,
         coalesce(array(select l.member_id from member_account_link l where l.account_id = g.account_id and l.is_active
                        order by l.is_primary desc, l.id), '{}') as member_ids,
         case when g.deposit_type = ${DepositType.PeriodicalPayment} and g.periodical_payment_account_id is not null then
           (select coalesce(-sum(e.amount), 0) from ledger_transaction t join ledger_entry e on e.transaction_id = t.id
            join ledger_account la on la.id = e.ledger_account_id
            where t.deposit_id = d.id and t.effective_date <= ?::date and la.linked_account_id is not null)::text
         end as linked
       from scheduled_deposit d join agreement g on g.id = d.agreement_id
       where d.due_date <= ?::date and (d.status in (${DepositStatus.Scheduled}, ${DepositStatus.Missed},
         ${DepositStatus.PartlyReceived}) or d.received_date = ?::date)
       order by d.id`,
      [date, date, date],
    );
    const rules = await outcomeRules(em, [...new Set(rows.flatMap((row) => row.member_ids.map(Number)))]);
    return rows.map((row) => {
      const memberIds = row.member_ids.map(Number);
      const facts = {
        memberIds,
        dueDate: row.due_date as LocalDate,
        fromLinkedAccount: null,
        expected: parseMoney(String(row.expected_amount)),
        received: 0,
      };
      return {
        depositId: row.id,
        agreementId: row.agreement_id,
        amount: row.linked !== null ? parseMoney(String(row.linked)) : simulatedDepositArrival(rules, facts, date),
      };
    });
  }

  async paymentSettlement(em: EntityManager, payment: SentPayment, today: LocalDate): Promise<PaymentSettlement> {
    const rules = await outcomeRules(em, payment.memberIds);
    return simulatedPaymentSettlement(rules, payment, today);
  }
}
