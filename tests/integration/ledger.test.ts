import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '../../server/src/shared/money.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { ActivityType } from '../../server/src/modules/activity/index.js';
import { DepositStatus } from '../../server/src/modules/agreement/agreement-codes.js';
import { BillStatus } from '../../server/src/modules/bill/bill-status.rules.js';
import { MoneySource } from '../../server/src/modules/bill/money-source.js';
import { agreementBalances, linkedAccountBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerError } from '../../server/src/modules/ledger/ledger.errors.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import {
  allocation,
  contingency,
  external,
  linkedAccount,
  rainyDay,
  type Posting,
} from '../../server/src/modules/ledger/ledger.types.js';
import { TransactionStatus } from '../../server/src/modules/ledger/transaction-status.js';
import { createScratchDatabase, databaseUrl, openMigrated, rawClient } from './ledger-fixture.js';
import { createLedgerWorld, type LedgerWorld } from './ledger-world.js';

const day = '2026-03-02' as LocalDate;
const ledger = new LedgerService();

function deposit(world: LedgerWorld, amount: number, depositId?: number): Posting {
  return {
    type: LedgerTransactionType.Deposit,
    agreementId: world.agreementId,
    effectiveDate: day,
    description: 'Fortnightly deposit',
    depositId,
    lines: [
      { account: linkedAccount(world.ownLinkedAccountId), amount: cents(-amount) },
      { account: allocation(), amount: cents(amount - 1000) },
      { account: contingency(), amount: cents(1000) },
    ],
    activity: { type: ActivityType.MemberDeposit },
  };
}

async function expectLedgerError(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LedgerError);
  expect((error as LedgerError).code).toBe(code);
}

describe.skipIf(!databaseUrl)('ledger on PostgreSQL', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  let url: string;
  let world: LedgerWorld;
  let em: EntityManager;

  beforeAll(async () => {
    const scratch = await createScratchDatabase('ledger');
    ({ url, drop } = scratch);
    orm = await openMigrated(url);
    em = orm.em.fork();
    world = await createLedgerWorld(em);
  });

  afterAll(async () => {
    await orm?.close(true);
    await drop?.();
  });

  it('derives the balances from the entries and writes the activity with its balance change', async () => {
    const result = await ledger.post(em, deposit(world, 20_000, world.depositId));
    const balances = (await agreementBalances(em, [world.agreementId])).get(world.agreementId);
    expect(balances).toEqual({ allocation: 19_000, contingency: 1_000, rainyDay: 0, total: 20_000 });
    expect((await linkedAccountBalances(em, [world.ownLinkedAccountId])).get(world.ownLinkedAccountId)).toBe(
      world.openingBalance - 20_000,
    );
    const [activity] = await em.execute(
      'select type, balance_change, transaction_status, member_id, account_id from activity where id = ?',
      [result.activityId],
    );
    expect(activity).toMatchObject({
      type: ActivityType.MemberDeposit,
      balance_change: '200.00',
      transaction_status: TransactionStatus.Successful,
      member_id: world.memberId,
      account_id: world.accountId,
    });
    const [scheduled] = await em.execute('select received_amount, status from scheduled_deposit where id = ?', [
      world.depositId,
    ]);
    expect(scheduled).toEqual({ received_amount: '200.00', status: DepositStatus.Received });
  });

  it('refuses unbalanced postings and writes nothing', async () => {
    const before = await em.execute('select count(*)::int as n from ledger_entry');
    const unbalanced = deposit(world, 5_000);
    await expectLedgerError(
      ledger.post(em, { ...unbalanced, lines: [...unbalanced.lines, { account: external(), amount: cents(1) }] }),
      'LEDGER_UNBALANCED',
    );
    expect(await em.execute('select count(*)::int as n from ledger_entry')).toEqual(before);
  });

  it('refuses another agreement’s pockets and another member’s savings account', async () => {
    await expectLedgerError(
      ledger.post(em, {
        ...deposit(world, 5_000),
        lines: [
          { account: allocation(world.otherAgreementId), amount: cents(-5_000) },
          { account: allocation(), amount: cents(5_000) },
        ],
      }),
      'LEDGER_FOREIGN_ACCOUNT',
    );
    await expectLedgerError(
      ledger.post(em, {
        ...deposit(world, 5_000),
        lines: [
          { account: linkedAccount(world.otherLinkedAccountId), amount: cents(-5_000) },
          { account: allocation(), amount: cents(5_000) },
        ],
      }),
      'LEDGER_FOREIGN_ACCOUNT',
    );
  });

  it('is all or nothing inside the caller’s transaction', async () => {
    const before = await agreementBalances(em, [world.agreementId]);
    await expect(
      em.transactional(async (tx) => {
        await ledger.post(tx, deposit(world, 3_000));
        throw new Error('the payment failed after posting');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await agreementBalances(em, [world.agreementId])).toEqual(before);
  });

  describe('reverse', () => {
    it('pays a bill, then reverses it: everything nets to zero and the bill is reversed', async () => {
      const before = (await agreementBalances(em, [world.agreementId])).get(world.agreementId)!;
      const payment: Posting = {
        type: LedgerTransactionType.BillPayment,
        agreementId: world.agreementId,
        effectiveDate: day,
        description: 'Paid Harbourside Energy',
        lines: [
          { account: allocation(), amount: cents(-10_000) },
          { account: contingency(), amount: cents(-1_000) },
          { account: rainyDay(), amount: cents(1_500) },
          { account: external(), amount: cents(9_500) },
        ],
        billMoneySources: [{ billId: world.billId, source: MoneySource.Allocation, amount: cents(9_500) }],
        activity: { type: ActivityType.PaidBill, billId: world.billId },
      };
      const paid = await ledger.post(em, payment);
      expect(paid.agreementChange).toBe(-9_500);
      const [bill] = await em.execute('select paid_amount, paid_date from bill where id = ?', [world.billId]);
      expect(bill).toEqual({ paid_amount: '95.00', paid_date: day });

      const reversal = await ledger.reverse(em, paid.transactionId, { effectiveDate: day });
      expect(reversal.agreementChange).toBe(9_500);
      expect((await agreementBalances(em, [world.agreementId])).get(world.agreementId)).toEqual(before);
      const [reversed] = await em.execute('select paid_amount, status from bill where id = ?', [world.billId]);
      expect(reversed).toEqual({ paid_amount: '0.00', status: BillStatus.Reversed });
      const [activity] = await em.execute('select type from activity where id = ?', [reversal.activityId]);
      expect(activity.type).toBe(ActivityType.ReverseBill);

      await expectLedgerError(
        ledger.reverse(em, paid.transactionId, { effectiveDate: day }),
        'LEDGER_ALREADY_REVERSED',
      );
      await expectLedgerError(
        ledger.reverse(em, reversal.transactionId, { effectiveDate: day }),
        'LEDGER_REVERSAL_OF_REVERSAL',
      );
    });

    it('reverses a full deposit (activity 13, the scheduled deposit is reversed)', async () => {
      const [{ id: transactionId }] = await em.execute(
        'select id from ledger_transaction where deposit_id = ? order by id limit 1',
        [world.depositId],
      );
      const reversal = await ledger.reverse(em, transactionId, { effectiveDate: day });
      const [activity] = await em.execute('select type, balance_change from activity where id = ?', [
        reversal.activityId,
      ]);
      expect(activity).toEqual({ type: ActivityType.DepositReversal, balance_change: '-200.00' });
      const [scheduled] = await em.execute('select received_amount, status from scheduled_deposit where id = ?', [
        world.depositId,
      ]);
      expect(scheduled).toEqual({ received_amount: '0.00', status: DepositStatus.Reversed });
    });
  });

  describe('the database itself', () => {
    let client: pg.Client;
    beforeAll(async () => {
      client = await rawClient(url);
    });
    afterAll(async () => {
      await client?.end();
    });

    it.each([
      ['update ledger_entry set amount = amount * 2', /immutable: UPDATE on ledger_entry/],
      ['delete from ledger_entry', /immutable: DELETE on ledger_entry/],
      ["update ledger_transaction set description = 'edited'", /immutable: UPDATE on ledger_transaction/],
      ['delete from ledger_transaction', /immutable: DELETE on ledger_transaction/],
      ['truncate ledger_entry cascade', /immutable: TRUNCATE on ledger_entry/],
      ['update bill_money_source set amount = 0', /immutable: UPDATE on bill_money_source/],
      ['update ledger_account set balance = balance + 100', /balances are kept by the ledger/],
      ['delete from ledger_account where kind = 5', /ledger accounts are permanent/],
    ])('refuses `%s`', async (sql, message) => {
      await expect(client.query(sql)).rejects.toThrow(message);
    });

    it('refuses entries that leave a transaction unbalanced', async () => {
      await client.query('begin');
      const [{ id }] = (
        await client.query(
          `insert into ledger_transaction (type, agreement_id, effective_date, description)
           values (5, $1, '2026-03-02', 'raw') returning id`,
          [world.agreementId],
        )
      ).rows;
      const [{ id: pocket }] = (await client.query('select id from ledger_account where kind = 5')).rows;
      await expect(
        client.query('insert into ledger_entry (transaction_id, ledger_account_id, amount) values ($1, $2, 10)', [
          id,
          pocket,
        ]),
      ).rejects.toThrow(/does not balance/);
      await client.query('rollback');
    });
  });

  it('serialises concurrent payments that lock the balances first: only what the balance allows goes through', async () => {
    await ledger.post(em, deposit(world, 10_000));
    const available = (await agreementBalances(em, [world.agreementId])).get(world.agreementId)!.allocation;
    expect(available).toBeGreaterThan(0);
    const attempt = () =>
      orm.em.fork().transactional(async (tx) => {
        await ledger.lockBalances(tx, [world.agreementId]);
        const { allocation: left } = (await agreementBalances(tx, [world.agreementId])).get(world.agreementId)!;
        if (left < available) return false;
        await ledger.post(tx, {
          type: LedgerTransactionType.BillPayment,
          agreementId: world.agreementId,
          effectiveDate: day,
          description: 'Concurrent payment',
          lines: [
            { account: allocation(), amount: cents(-available) },
            { account: external(), amount: cents(available) },
          ],
          activity: { type: ActivityType.PaidBill },
        });
        return true;
      });
    const outcomes = await Promise.all(Array.from({ length: 4 }, attempt));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await agreementBalances(em, [world.agreementId])).get(world.agreementId)!.allocation).toBe(0);
  });

  it("dates the transaction and its activity by the app's clock, not the machine's", async () => {
    const clockNow = new Date('2031-06-15T03:04:05.000Z');
    const result = await new LedgerService({ now: () => new Date(clockNow) }).post(em, deposit(world, 5_000));
    const [row] = await em
      .getConnection()
      .execute<{ created_at: Date; occurred_at: Date }[]>(
        `select t.created_at, a.occurred_at from ledger_transaction t join activity a on a.id = ? where t.id = ?`,
        [result.activityId, result.transactionId],
      );
    expect(new Date(row.created_at).toISOString()).toBe(clockNow.toISOString());
    expect(new Date(row.occurred_at).toISOString()).toBe(clockNow.toISOString());
  });

  it('passes its own check', async () => {
    const report = await checkLedger(em);
    expect(report.checks.filter((check) => check.violations > 0)).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('sums the stored balance of a pocket exactly like its entries (amount types agree)', async () => {
    const rows = await em.execute<{ balance: string; total: string }[]>(
      `select la.balance, coalesce(sum(e.amount), 0) as total from ledger_account la
       left join ledger_entry e on e.ledger_account_id = la.id where la.kind <> 5 group by la.id`,
    );
    for (const row of rows) expect(Number(row.balance)).toBe(Number(row.total));
  });
});
