import type { EntityManager } from '@mikro-orm/postgresql';
import { cents } from '../../server/src/shared/money.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { external, linkedAccount } from '../../server/src/modules/ledger/ledger.types.js';

/** Two members, each with an account, an active agreement and a funded savings account; a bill and a deposit. */
export interface LedgerWorld {
  memberId: number;
  accountId: number;
  agreementId: number;
  ownLinkedAccountId: number;
  otherAgreementId: number;
  otherLinkedAccountId: number;
  billId: number;
  depositId: number;
  openingBalance: number;
}

async function one(em: EntityManager, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(`${sql} returning id`, params);
  return row.id;
}

export async function createLedgerWorld(em: EntityManager, tag = 'w'): Promise<LedgerWorld> {
  const ids: number[] = [];
  for (const n of [1, 2]) {
    const member = await one(
      em,
      `insert into member (member_number, first_name, last_name) values (?, 'Test', 'Member')`,
      [`${tag}${n}-${Date.now() % 1e6}`],
    );
    const account = await one(em, 'insert into account (account_number) values (?)', [
      `${tag}${n}-${Date.now() % 1e7}`,
    ]);
    await em.execute('insert into member_account_link (member_id, account_id) values (?, ?)', [member, account], 'run');
    const agreement = await one(
      em,
      `insert into agreement (account_id, status, start_date, end_date) values (?, 7, '2026-01-01', '2026-12-31')`,
      [account],
    );
    const linked = await one(em, 'insert into linked_account (member_id, account_number) values (?, ?)', [
      member,
      `${tag}${n}-s${Date.now() % 1e7}`,
    ]);
    ids.push(member, account, agreement, linked);
  }
  const [memberId, accountId, agreementId, ownLinkedAccountId, , , otherAgreementId, otherLinkedAccountId] = ids;
  const biller = await one(
    em,
    `insert into biller (agreement_id, billing_category_id, nickname, payment_method, expected_bill_value,
       billing_frequency, date_of_bill, date_added, does_amount_vary)
     values (?, 1, 'Power', 0, 100, 5, '2026-03-02', '2026-01-01', true)`,
    [agreementId],
  );
  const billId = await one(
    em,
    `insert into bill (agreement_id, biller_id, due_date, due_date_no_offset, expected_amount, amount_allocated, contingency)
     values (?, ?, '2026-03-02', '2026-03-02', 100, 100, 10)`,
    [agreementId, biller],
  );
  const depositId = await one(
    em,
    `insert into scheduled_deposit (agreement_id, due_date, expected_amount) values (?, '2026-03-02', 200)`,
    [agreementId],
  );
  const openingBalance = 1_000_000;
  const ledger = new LedgerService();
  for (const [linked, memberOf] of [
    [ownLinkedAccountId, memberId],
    [otherLinkedAccountId, ids[4]],
  ]) {
    await ledger.post(em, {
      type: LedgerTransactionType.CoreBankingCredit,
      memberId: memberOf,
      effectiveDate: '2026-01-01' as LocalDate,
      description: 'Opening balance',
      lines: [
        { account: external(), amount: cents(-openingBalance) },
        { account: linkedAccount(linked), amount: cents(openingBalance) },
      ],
    });
  }
  return {
    memberId,
    accountId,
    agreementId,
    ownLinkedAccountId,
    otherAgreementId,
    otherLinkedAccountId,
    billId,
    depositId,
    openingBalance,
  };
}
