import type { EntityManager } from '@mikro-orm/postgresql';
import { parseMoney, type Cents } from '../../common/money.js';
import type { LocalDate } from '../../common/local-date.js';
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

  async paymentSettlement(em: EntityManager, payment: SentPayment, today: LocalDate): Promise<PaymentSettlement> {
    const rules = await outcomeRules(em, payment.memberIds);
    return simulatedPaymentSettlement(rules, payment, today);
  }
}
