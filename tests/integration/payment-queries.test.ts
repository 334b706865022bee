import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { negate, parseMoney } from '../../server/src/shared/money.js';
import { ActivityType } from '../../server/src/modules/activity/index.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { allocation, linkedAccount } from '../../server/src/modules/ledger/ledger.types.js';
import { realDatabaseUrl } from '../support/database.js';
import { key, SKIP_MESSAGE, startPaymentWorld, type PaymentWorld } from './payment-client.js';
import { createScenario, PASSWORD } from './payment-world.js';

if (!realDatabaseUrl) console.warn(`[skipped] ${SKIP_MESSAGE}`);

const DUE = `query Due($memberId: Int!, $accountId: Int!, $page: Int!) {
  billsDueForPayment(memberId: $memberId, accountId: $accountId, page: $page) {
    total page pageSize items { billId expectedDueDate status isEarlyPayment customerReferenceNumber paymentType } } }`;

interface DuePage {
  billsDueForPayment: {
    total: number;
    pageSize: number;
    items: { billId: number; expectedDueDate: string; isEarlyPayment: boolean; customerReferenceNumber: string }[];
  };
}

describe.skipIf(!realDatabaseUrl)('bill queries and the REST façade of payments', () => {
  let w: PaymentWorld;
  beforeAll(async () => {
    w = await startPaymentWorld();
  });
  afterAll(async () => {
    await w?.server.stop();
  });

  it('pages the bills due for payment, 20 a page, due date descending, with the early-pay flag', async () => {
    const bills = Array.from({ length: 25 }, (_, i) => ({
      due: `2026-03-${String(i + 1).padStart(2, '0')}`,
      allocated: '10',
    }));
    const s = await createScenario(w.em(), w.alice, { allocation: '250', bills });
    const variables = { memberId: w.alice.memberId, accountId: s.accountId, page: 1 };
    const first = await w.server.graphql<DuePage>(DUE, variables, w.tokens.alice);
    const page = first.body.data!.billsDueForPayment;
    expect(page.total).toBe(25);
    expect(page.items).toHaveLength(20);
    expect(page.items[0]).toMatchObject({
      expectedDueDate: '2026-03-25',
      isEarlyPayment: true,
      customerReferenceNumber: '*******890',
    });
    expect(page.items.at(-1)?.expectedDueDate).toBe('2026-03-06');
    expect(page.items.find((b) => b.expectedDueDate === '2026-03-10')?.isEarlyPayment).toBe(false);
    const second = await w.server.graphql<DuePage>(DUE, { ...variables, page: 2 }, w.tokens.alice);
    expect(second.body.data?.billsDueForPayment.items).toHaveLength(5);
    const byBob = await w.server.graphql(DUE, variables, w.tokens.bob);
    expect(byBob.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('hides reimbursement bills from a member’s upcoming bills, not from staff', async () => {
    const s = await createScenario(w.em(), w.alice, {
      allocation: '100',
      bills: [{ due: '2026-03-12', allocated: '10' }],
    });
    await w.em().execute('update biller set payment_method = 3 where id = ?', [s.billerId], 'run');
    const query = `query U($accountId: Int!) { manualBillsDueForPayment(accountId: $accountId) { billId } }`;
    const member = await w.server.graphql<{ manualBillsDueForPayment: unknown[] }>(
      query,
      { accountId: s.accountId },
      w.tokens.alice,
    );
    const agent = await w.server.graphql<{ manualBillsDueForPayment: unknown[] }>(
      query,
      { accountId: s.accountId },
      w.tokens.agent,
    );
    expect(member.body.data?.manualBillsDueForPayment).toEqual([]);
    expect(agent.body.data?.manualBillsDueForPayment).toEqual([{ billId: s.billIds[0] }]);
  });

  it('gives each bill its payment method code, isReimbursement and the biller’s added date (GraphQL and REST)', async () => {
    const s = await createScenario(w.em(), w.alice, {
      allocation: '100',
      billerAddedToday: true,
      bills: [{ due: '2026-03-12', allocated: '10' }],
    });
    const query = `query F($memberId: Int!, $accountId: Int!) {
      billsDueForPayment(memberId: $memberId, accountId: $accountId, page: 1) {
        items { billId paymentMethod isReimbursement billerAddedDate } } }`;
    const variables = { memberId: w.alice.memberId, accountId: s.accountId };
    type Items = { billsDueForPayment: { items: unknown[] } };
    const bpay = await w.server.graphql<Items>(query, variables, w.tokens.alice);
    expect(bpay.body.data?.billsDueForPayment.items).toEqual([
      { billId: s.billIds[0], paymentMethod: 0, isReimbursement: false, billerAddedDate: '2026-03-10' },
    ]);
    await w.em().execute('update biller set payment_method = 3 where id = ?', [s.billerId], 'run');
    const reimbursement = await w.server.graphql<Items>(query, variables, w.tokens.agent);
    expect(reimbursement.body.data?.billsDueForPayment.items).toEqual([
      { billId: s.billIds[0], paymentMethod: 3, isReimbursement: true, billerAddedDate: '2026-03-10' },
    ]);
    const rest = await fetch(
      `${w.server.url}/api/bills/GetPageOfBillsDueForPayment/${w.alice.memberId}/${s.accountId}`,
      { headers: { authorization: `Bearer ${w.tokens.alice}` } },
    );
    const body = (await rest.json()) as { items: Record<string, unknown>[] };
    expect(body.items[0]).toMatchObject({ paymentMethod: 3, isReimbursement: true, billerAddedDate: '2026-03-10' });
    // A page beyond any whole number (found by the fuzz test: a 500) is the first page, as the old API answered.
    const huge = await fetch(
      `${w.server.url}/api/bills/GetPageOfBillsDueForPayment/${w.alice.memberId}/${s.accountId}?page=100000000000000000000`,
      { headers: { authorization: `Bearer ${w.tokens.alice}` } },
    );
    expect(huge.status).toBe(200);
    expect(((await huge.json()) as { page: number }).page).toBe(1);
  });

  it('combines a pay allocation across the bills of one sub-category', async () => {
    const s = await createScenario(w.em(), w.alice, { allocation: '300', bills: [] });
    const [sub] = await w.em().execute<{ id: number }[]>(
      `insert into billing_sub_category (agreement_id, billing_category_id, nickname, expected_bill_value, billing_frequency,
         date_of_bill, date_added) values (?, 1, 'Groceries', 100, 3, '2026-01-10', '2025-12-01') returning id`,
      [s.agreementId],
    );
    const ids: number[] = [];
    for (const [due, status] of [
      ['2026-02-10', 1],
      ['2026-03-10', 6],
    ] as const) {
      const [row] = await w.em().execute<{ id: number }[]>(
        `insert into bill (agreement_id, billing_sub_category_id, due_date, due_date_no_offset, expected_amount,
           amount_allocated, status) values (?, ?, ?, ?, 100, 100, ?) returning id`,
        [s.agreementId, sub.id, due, due, status],
      );
      ids.push(row.id);
    }
    // The pay screen's query for a sub-category's bills, without writing `billerId: null`.
    const sources = await w.server.graphql<{ sourceBillsDueForPayment: { billId: number }[] }>(
      'query($s: Int) { sourceBillsDueForPayment(billingSubCategoryId: $s) { billId } }',
      { s: sub.id },
      w.tokens.alice,
    );
    expect(sources.body.errors).toBeUndefined();
    expect(sources.body.data?.sourceBillsDueForPayment.map((bill) => bill.billId).sort()).toEqual([...ids].sort());
    const input = { billId: ids[0], billOrAllocation: 'allocation', billAmount: '200', overdueOption: 'combine' };
    const { answer } = await w.pay(w.tokens.alice, { ...input, idempotencyKey: key() });
    expect(answer?.paidBillIds).toEqual([ids[1], ids[0]]);
    expect(answer?.figures).toMatchObject({ combinedAllocation: '200.00', overdueBillsCount: 1 });
  });

  it('lists a bill’s money sources and refuses them to another member', async () => {
    const s = await createScenario(w.em(), w.alice, {
      allocation: '100',
      contingency: '10',
      bills: [{ due: '2026-03-10', allocated: '100', contingency: '10' }],
    });
    await w.pay(w.tokens.alice, { billId: s.billIds[0], billAmount: '105', idempotencyKey: key() });
    const query = `query M($billId: Int!) { billMoneySources(billId: $billId) { source amount } }`;
    const own = await w.server.graphql<{ billMoneySources: { source: number; amount: string }[] }>(
      query,
      { billId: s.billIds[0] },
      w.tokens.alice,
    );
    expect(own.body.data?.billMoneySources).toEqual([
      { source: 1, amount: '100.00' },
      { source: 2, amount: '5.00' },
    ]);
    const other = await w.server.graphql(query, { billId: s.billIds[0] }, w.tokens.bob);
    expect(other.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('reverses a full deposit over REST and refuses a part-received one', async () => {
    const s = await createScenario(w.em(), w.alice, { allocation: '0', bills: [] });
    const deposit = async (due: string, expected: string, received: string): Promise<number> => {
      const [d] = await w
        .em()
        .execute<{ id: number }[]>(
          `insert into scheduled_deposit (agreement_id, due_date, expected_amount) values (?, ?, ?) returning id`,
          [s.agreementId, due, expected],
        );
      const result = await new LedgerService().post(w.em(), {
        type: LedgerTransactionType.Deposit,
        agreementId: s.agreementId,
        depositId: d.id,
        effectiveDate: '2026-03-09' as LocalDate,
        description: 'Deposit',
        lines: [
          { account: linkedAccount(w.alice.savingsAccountId), amount: negate(parseMoney(received)) },
          { account: allocation(), amount: parseMoney(received) },
        ],
        activity: { type: ActivityType.MemberDeposit },
      });
      return result.transactionId;
    };
    const reverse = (transactionId: number) =>
      fetch(`${w.server.url}/api/bills/reverseBill`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${w.tokens.agent}`,
          'idempotency-key': key(),
        },
        body: JSON.stringify({ transactionId, billId: 0, contractId: s.agreementId }),
      });
    const full = await reverse(await deposit('2026-03-08', '200', '200'));
    expect(await full.json()).toEqual({ success: true, message: 'The bill payment has been reversed.' });
    const partial = await reverse(await deposit('2026-03-09', '200', '50'));
    expect(partial.status).toBe(400);
    expect(await w.balances(s.agreementId)).toMatchObject({ allocation: '50.00' });
  });

  it('records a manager approval over REST with the manager’s credentials', async () => {
    const s = await createScenario(w.em(), w.alice, {
      status: 4,
      allocation: '100',
      bills: [{ due: '2026-03-10', allocated: '100' }],
    });
    const response = await fetch(`${w.server.url}/api/managerapproval`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${w.tokens.agent}` },
      body: JSON.stringify({
        approvalGranted: true,
        billId: s.billIds[0],
        contractId: s.agreementId,
        managerUsername: 'manager1',
        managerPassword: PASSWORD,
        note: 'Phone approval',
      }),
    });
    expect(await response.json()).toEqual({ approvalGranted: true, billId: s.billIds[0], contractId: s.agreementId });
  });
});
