import type { EntityManager } from '@mikro-orm/postgresql';
import { cents, parseMoney } from '../../server/src/shared/money.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { Role } from '../../server/src/common/auth/roles.js';
import { ActivityType } from '../../server/src/modules/activity/index.js';
import { hashPassword } from '../../server/src/modules/auth/password.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import {
  allocation,
  contingency,
  external,
  linkedAccount,
  rainyDay,
} from '../../server/src/modules/ledger/ledger.types.js';

/** Members, staff and agreements built for the payment tests (no demo data: the seed changes under us). */

export const PASSWORD = 'payment-test-pass';
export const TODAY = '2026-03-10' as LocalDate;
/** 10:30am in Sydney (UTC+11 in March): inside the 9am-3pm pending window. */
export const NOW = new Date('2026-03-09T23:30:00Z');

const ledger = new LedgerService();

async function one(em: EntityManager, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(`${sql} returning id`, params);
  return row.id;
}

export async function createUser(em: EntityManager, username: string, roles: Role[], memberId: number | null = null) {
  const hash = await hashPassword(PASSWORD);
  return one(
    em,
    'insert into app_user (username, password_hash, display_name, roles, member_id) values (?, ?, ?, ?, ?)',
    [username, hash, `${username} name`, `{${roles.join(',')}}`, memberId],
  );
}

export interface MemberFixture {
  memberId: number;
  username: string;
  savingsAccount: string;
  savingsAccountId: number;
  poorAccount: string;
}

let serial = 0;

/** A member with a user, a rich savings account ($10,000) and a poor one ($5). */
export async function createMember(em: EntityManager, name: string): Promise<MemberFixture> {
  const memberId = await one(em, `insert into member (member_number, first_name, last_name) values (?, ?, 'Test')`, [
    name,
    name,
  ]);
  await createUser(em, name, [Role.MEMBER], memberId);
  const savingsAccountId = await one(em, 'insert into linked_account (member_id, account_number) values (?, ?)', [
    memberId,
    `${name}-S`,
  ]);
  const poorId = await one(em, 'insert into linked_account (member_id, account_number) values (?, ?)', [
    memberId,
    `${name}-P`,
  ]);
  for (const [id, amount] of [
    [savingsAccountId, '10000'],
    [poorId, '5'],
  ] as const) {
    await ledger.post(em, {
      type: LedgerTransactionType.CoreBankingCredit,
      memberId,
      effectiveDate: '2026-01-01' as LocalDate,
      description: 'Opening balance',
      lines: [
        { account: external(), amount: cents(-parseMoney(amount)) },
        { account: linkedAccount(id), amount: parseMoney(amount) },
      ],
    });
  }
  return { memberId, username: name, savingsAccount: `${name}-S`, savingsAccountId, poorAccount: `${name}-P` };
}

export interface BillSpec {
  due: string;
  status?: number;
  allocated: string;
  contingency?: string;
}

export interface ScenarioSpec {
  allocation: string;
  contingency?: string;
  rainyDay?: string;
  status?: number;
  billerAddedToday?: boolean;
  bills: BillSpec[];
}

export interface Scenario {
  accountId: number;
  agreementId: number;
  billerId: number;
  billIds: number[];
}

/**
 * An account of the member with one agreement, one BPAY biller (Greater Harbour Water of the demo catalogue with
 * a Luhn-valid reference: payments re-validate it), its bills and its pockets funded from savings.
 */
export async function createScenario(em: EntityManager, member: MemberFixture, spec: ScenarioSpec): Promise<Scenario> {
  serial += 1;
  const accountId = await one(em, 'insert into account (account_number) values (?)', [`PAY${serial}`]);
  await em.execute(
    'insert into member_account_link (member_id, account_id) values (?, ?)',
    [member.memberId, accountId],
    'run',
  );
  const agreementId = await one(
    em,
    `insert into agreement (account_id, status, start_date, end_date) values (?, ?, '2025-12-01', '2026-11-30')`,
    [accountId, spec.status ?? 7],
  );
  const billerId = await one(
    em,
    `insert into biller (agreement_id, billing_category_id, nickname, payment_method, expected_bill_value,
       billing_frequency, date_of_bill, date_added, does_amount_vary, bpay_biller_code, customer_reference_number)
     values (?, 1, 'Power', 0, 100, 3, '2026-01-10', ?, true, '14589', '1234009890')`,
    [agreementId, spec.billerAddedToday ? TODAY : '2025-12-01'],
  );
  const billIds: number[] = [];
  for (const bill of spec.bills) {
    billIds.push(
      await one(
        em,
        `insert into bill (agreement_id, biller_id, due_date, due_date_no_offset, expected_amount, amount_allocated,
           contingency, status) values (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          agreementId,
          billerId,
          bill.due,
          bill.due,
          bill.allocated,
          bill.allocated,
          bill.contingency ?? '0',
          bill.status ?? 6,
        ],
      ),
    );
  }
  const alloc = parseMoney(spec.allocation);
  const cont = parseMoney(spec.contingency ?? '0');
  const rainy = parseMoney(spec.rainyDay ?? '0');
  if (alloc + cont + rainy === 0) return { accountId, agreementId, billerId, billIds };
  await ledger.post(em, {
    type: LedgerTransactionType.Deposit,
    agreementId,
    effectiveDate: '2026-01-01' as LocalDate,
    description: 'Deposits so far',
    lines: [
      { account: external(), amount: cents(-(alloc + cont + rainy)) },
      { account: allocation(), amount: alloc },
      { account: contingency(), amount: cont },
      { account: rainyDay(), amount: rainy },
    ].filter((line) => line.amount !== 0),
    activity: { type: ActivityType.MemberDeposit },
  });
  return { accountId, agreementId, billerId, billIds };
}
