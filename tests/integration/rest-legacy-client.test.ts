import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realDatabaseUrl } from '../support/database.js';
import { asRestCodes } from './portal-support.js';
import { SKIP_MESSAGE, startPaymentWorld, type PaymentWorld } from './payment-client.js';
import { createScenario, TODAY, type Scenario, type ScenarioSpec } from './payment-world.js';

if (!realDatabaseUrl) console.warn(`[skipped] ${SKIP_MESSAGE}`);

/**
 * The legacy façade as the old client uses it (issue 13 item 5): money in dollars on every answer, the same values
 * GraphQL gives; the documented PayBill / reimbursebill bodies (no idempotency key, topupOption 0) with one effect.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A GraphQL selection set asking for every field the REST answer has (nested objects and lists included). */
function selectionOf(value: Json): string {
  const merged: Record<string, Json[]> = {};
  const collect = (item: Json) => {
    if (Array.isArray(item)) return item.forEach(collect);
    if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) (merged[key] ??= []).push(child);
    }
  };
  collect(value);
  const fields = Object.entries(merged).map(([key, children]) => {
    const nested = children.flat().filter((c) => c !== null && typeof c === 'object');
    return nested.length > 0 ? `${key} ${selectionOf(nested as Json)}` : key;
  });
  return fields.length > 0 ? `{ ${fields.join(' ')} }` : '';
}

/** Every number in an answer, with its path: what is left as a number must not be money. */
function numbersIn(value: Json, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => numbersIn(item, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => numbersIn(v, `${path}.${k}`));
  return typeof value === 'number' ? [path.replace(/\[\d+\]/g, '[]')] : [];
}

describe.skipIf(!realDatabaseUrl)('the legacy REST façade as the old client uses it', () => {
  let w: PaymentWorld;
  beforeAll(async () => {
    w = await startPaymentWorld();
  });
  afterAll(async () => {
    await w?.server.stop();
  });

  const rest = async (path: string, token: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${w.server.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
  };

  /** The REST answer equals GraphQL's answer to the same question, field for field (GraphQL asked for all of them). */
  async function expectSameAsGraphQL(restAnswer: Json, field: string, args: string, token: string) {
    const { body } = await w.server.graphql<Record<string, Json>>(
      `query { ${field}${args ? `(${args})` : ''} ${selectionOf(restAnswer)} }`,
      {},
      token,
    );
    expect(body.errors).toBeUndefined();
    // GraphQL names the status codes (enums); REST keeps the spec's numbers.
    expect(restAnswer).toEqual(asRestCodes(body.data?.[field]));
  }

  /** The documented PayBill body (1 §3 Payment, 1 §7), as the old client sent it: no key, no top-up (0). */
  function payBody(s: Scenario, billId: number, billAmount: number | string, payment: Record<string, unknown> = {}) {
    return {
      bill: { billId, billerId: s.billerId, amountAllocated: '820.00', status: 6 },
      overdueBills: [],
      payment: {
        billAmount,
        topupOption: 0,
        topupRequired: 0,
        topupAccountNumber: null,
        shortPayAmount: 0,
        overdueOption: null,
        reimbursementAccountNumber: null,
        accountId: s.accountId,
        memberId: w.alice.memberId,
        ...payment,
      },
    };
  }

  const electricity: ScenarioSpec = {
    allocation: '1640',
    contingency: '31',
    rainyDay: '12.34',
    bills: [
      { due: '2026-02-10', status: 1, allocated: '820', contingency: '15.50' },
      { due: TODAY, allocated: '820', contingency: '15.50' },
    ],
  };

  async function ledgerState(agreementId: number) {
    const { n } = await w.one<{ n: string }>('select count(*) as n from ledger_transaction where agreement_id = ?', [
      agreementId,
    ]);
    return { transactions: Number(n), balances: await w.balances(agreementId) };
  }

  it('answers money on the bill paths in dollars with two decimals, the same values as GraphQL', async () => {
    const s = await createScenario(w.em(), w.alice, electricity);
    const [overdue, current] = s.billIds;
    const { memberId } = w.alice;
    const alice = w.tokens.alice;

    const due = await rest(`/api/bills/getbillsdueforpayment/${memberId}/${s.accountId}`, alice);
    expect(due.status).toBe(200);
    expect(due.body).toEqual([
      expect.objectContaining({ billId: current, amountAllocated: '820.00', moneyFromContingency: '15.50' }),
      expect.objectContaining({ billId: overdue, amountAllocated: '820.00', paidAmount: '0.00' }),
    ]);
    const page = await rest(`/api/bills/GetPageOfBillsDueForPayment/${memberId}/${s.accountId}`, alice);
    await expectSameAsGraphQL(
      page.body,
      'billsDueForPayment',
      `memberId: ${memberId}, accountId: ${s.accountId}`,
      alice,
    );
    expect(due.body).toEqual((page.body as { items: Json }).items);

    const byBiller = await rest(
      `/api/bills/GetBillerBillsDueForPayment/${memberId}/${s.accountId}/${s.billerId}`,
      alice,
    );
    await expectSameAsGraphQL(byBiller.body, 'sourceBillsDueForPayment', `billerId: ${s.billerId}`, alice);
    const manual = await rest(`/api/bills/GetManualBillsDueForPayment/${s.accountId}`, alice);
    await expectSameAsGraphQL(manual.body, 'manualBillsDueForPayment', `accountId: ${s.accountId}`, alice);
    const details = await rest(`/api/bills/GetBillDetails/${current}`, alice);
    expect(details.body).toMatchObject({ availableRainyDayBalance: '12.34', bill: { amountAllocated: '820.00' } });
    await expectSameAsGraphQL(details.body, 'billDetails', `billId: ${current}`, alice);
    const overdueOnly = await rest(`/api/bills/GetOverdueBillsForBiller/${s.billerId}`, alice);
    // Due today or earlier (1 §4 overdue option).
    expect((overdueOnly.body as Json[]).map((b) => (b as { billId: number }).billId)).toEqual([overdue, current]);
    await expectSameAsGraphQL(
      overdueOnly.body,
      'sourceBillsDueForPayment',
      `billerId: ${s.billerId}, overdueOnly: true`,
      alice,
    );

    const paid = await rest('/api/bills/PayBill', alice, {
      method: 'POST',
      body: payBody(s, current, 820, { overdueOption: 'ignore' }),
    });
    expect(paid).toMatchObject({ status: 200, body: current });
    const sources = await rest(`/api/billmoneysource/getbybillid?billId=${current}`, alice);
    expect(sources.body).toEqual([expect.objectContaining({ source: 1, amount: '820.00' })]);
    await expectSameAsGraphQL(sources.body, 'billMoneySources', `billId: ${current}`, alice);
    const confirmation = await rest(`/api/bills/GetBillConfirmation?billId=${current}&memberId=${memberId}`, alice);
    expect(confirmation.body).toMatchObject({ figures: { actualAmount: '820.00', pouredIntoRainyDay: '15.50' } });
    await expectSameAsGraphQL(confirmation.body, 'billConfirmation', `billId: ${current}`, alice);
    const toReverse = await rest(`/api/bills/GetBillsToReverse/${s.accountId}`, w.tokens.agent);
    expect(toReverse.body).toEqual(expect.arrayContaining([expect.objectContaining({ amount: '820.00' })]));
    await expectSameAsGraphQL(toReverse.body, 'billsToReverse', `accountId: ${s.accountId}`, w.tokens.agent);

    // What stays a number is a count, a code or an id, never money.
    const numbers = new Set(
      [due, page, details, sources, confirmation, toReverse].flatMap((answer) => numbersIn(answer.body)),
    );
    for (const path of numbers) expect(path).toMatch(/(Id|id|status|source|paymentMethod|Count|total|page|pageSize)$/);
  });

  it('pays once with the documented PayBill body and no key, sent twice in sequence', async () => {
    const s = await createScenario(w.em(), w.alice, electricity);
    const current = s.billIds[1];
    const body = payBody(s, current, '820.00', { overdueOption: 'ignore' });
    const first = await rest('/api/bills/PayBill', w.tokens.alice, { method: 'POST', body });
    expect(first).toMatchObject({ status: 200, body: current });
    const afterFirst = await ledgerState(s.agreementId);
    const second = await rest('/api/bills/PayBill', w.tokens.alice, { method: 'POST', body });
    expect(second).toMatchObject({
      status: 400,
      body: { code: 'BILL_NOT_PAYABLE', message: 'This bill has already been paid, reimbursed or reversed.' },
    });
    expect(await ledgerState(s.agreementId)).toEqual(afterFirst);
    expect(await w.one('select status from bill where id = ?', [current])).toEqual({ status: 2 });
  });

  it('pays once when the old client sends the same PayBill twice at the same moment', async () => {
    const s = await createScenario(w.em(), w.alice, electricity);
    const current = s.billIds[1];
    const before = await ledgerState(s.agreementId);
    const body = payBody(s, current, 820, { overdueOption: 'ignore' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => rest('/api/bills/PayBill', w.tokens.alice, { method: 'POST', body })),
    );
    expect(answers.filter((a) => a.status === 200).map((a) => a.body)).toEqual([current]);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused).toMatchObject({ status: 400, body: { code: 'BILL_NOT_PAYABLE' } });
    }
    const after = await ledgerState(s.agreementId);
    expect(after.transactions).toBe(before.transactions + 1);
    expect(after.balances).toEqual({ allocation: '820.00', contingency: '15.50', rainyDay: '27.84' });
  });

  it('reimburses once with the documented reimbursebill body and no key', async () => {
    const s = await createScenario(w.em(), w.alice, electricity);
    const current = s.billIds[1];
    const body = {
      ...payBody(s, current, 100.5, { reimbursementAccountNumber: w.alice.savingsAccount }),
      billOrAllocation: 'bill',
    };
    const first = await rest('/api/bills/reimbursebill', w.tokens.alice, { method: 'POST', body });
    expect(first).toMatchObject({ status: 200, body: current });
    const afterFirst = await ledgerState(s.agreementId);
    const second = await rest('/api/bills/reimbursebill', w.tokens.alice, { method: 'POST', body });
    expect(second).toMatchObject({ status: 400, body: { code: 'BILL_NOT_PAYABLE' } });
    expect(await ledgerState(s.agreementId)).toEqual(afterFirst);
    expect(await w.one('select status from bill where id = ?', [current])).toEqual({ status: 8 });
  });

  it.each<[string, Record<string, unknown>, { field: string; code: string }]>([
    ['an amount with 3 decimals', { billAmount: 820.005 }, { field: 'billAmount', code: 'INVALID_AMOUNT' }],
    ['a 3-decimal string', { billAmount: '820.005' }, { field: 'billAmount', code: 'INVALID_AMOUNT' }],
    ['an amount in cents as text', { billAmount: '82,000' }, { field: 'billAmount', code: 'INVALID_AMOUNT' }],
    ['an undocumented top-up code', { topupOption: 2 }, { field: 'topupOption', code: 'INVALID_OPTION' }],
  ])('refuses %s clearly and moves nothing', async (_name, payment, expected) => {
    const s = await createScenario(w.em(), w.alice, electricity);
    const before = await ledgerState(s.agreementId);
    const answer = await rest('/api/bills/PayBill', w.tokens.alice, {
      method: 'POST',
      body: payBody(s, s.billIds[1], 820, { overdueOption: 'ignore', ...payment }),
    });
    expect(answer).toMatchObject({ status: 400, body: expected });
    expect(await ledgerState(s.agreementId)).toEqual(before);
  });

  it('tops up rainy day with the documented body and no key, refusing a double submit', async () => {
    const s = await createScenario(w.em(), w.alice, { allocation: '100', bills: [] });
    const body = (topupAmount: number | string) => ({
      contractId: s.agreementId,
      memberId: w.alice.memberId,
      accountId: s.accountId,
      topupAmount,
      accountNumber: 'PAY-ACCOUNT',
      savingsAccountNumber: w.alice.savingsAccount,
      description: 'Top-up',
      agentName: null,
    });
    const send = (topupAmount: number | string) =>
      rest('/api/memberaccount/topupRainyDayFromAccount', w.tokens.alice, { method: 'POST', body: body(topupAmount) });
    const answers = await Promise.all([send(25.5), send('25.50'), send(25.5)]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toEqual([expect.objectContaining({ body: expect.objectContaining({ topupAmount: '25.50' }) })]);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused).toMatchObject({ status: 400, body: { code: 'REPEATED_TOP_UP', field: 'topupAmount' } });
    }
    const afterFirst = await ledgerState(s.agreementId);
    expect(afterFirst.balances.rainyDay).toBe('25.50');
    expect((await send(25.5)).body).toMatchObject({ code: 'REPEATED_TOP_UP' });
    expect(await ledgerState(s.agreementId)).toEqual(afterFirst);
    expect(await send(10)).toMatchObject({ status: 200, body: { success: true, topupAmount: '10.00' } });
    expect((await ledgerState(s.agreementId)).balances.rainyDay).toBe('35.50');
  });

  it('serves the overdue bills of a sub-category at the path of spec 2 §7', async () => {
    const s = await createScenario(w.em(), w.alice, { allocation: '300', bills: [] });
    const [sub] = await w.em().execute<{ id: number }[]>(
      `insert into billing_sub_category (agreement_id, billing_category_id, nickname, expected_bill_value,
         billing_frequency, date_of_bill, date_added) values (?, 1, 'Groceries', 100, 3, '2026-01-10', '2025-12-01')
       returning id`,
      [s.agreementId],
    );
    const ids: number[] = [];
    for (const [due, status] of [
      ['2026-02-10', 1],
      ['2026-03-20', 6],
    ] as const) {
      const [row] = await w.em().execute<{ id: number }[]>(
        `insert into bill (agreement_id, billing_sub_category_id, due_date, due_date_no_offset, expected_amount,
           amount_allocated, status) values (?, ?, ?, ?, 123.45, 123.45, ?) returning id`,
        [s.agreementId, sub.id, due, due, status],
      );
      ids.push(row.id);
    }
    const path = `/api/billingsubcategories/GetOverdueBillsForBillingSubCategory/${sub.id}`;
    const answer = await rest(path, w.tokens.alice);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([expect.objectContaining({ billId: ids[0], amountAllocated: '123.45' })]);
    await expectSameAsGraphQL(
      answer.body,
      'sourceBillsDueForPayment',
      `billerId: null, billingSubCategoryId: ${sub.id}, overdueOnly: true`,
      w.tokens.alice,
    );
    expect((await rest(path.toLowerCase(), w.tokens.alice)).status).toBe(200);
    expect((await rest(path, w.tokens.bob)).status).toBe(403);
  });

  it('answers GET /api/notes without parameters: every note, newest first, to staff only', async () => {
    const s = await createScenario(w.em(), w.alice, { allocation: '0', bills: [] });
    for (const text of ['first note', 'second note']) {
      await w
        .em()
        .execute(
          `insert into note (entity_type, entity_id, agreement_id, text, created_by_name) values (1, ?, ?, ?, 'Agent')`,
          [s.agreementId, s.agreementId, text],
          'run',
        );
    }
    const all = await rest('/api/notes', w.tokens.agent);
    expect(all.status).toBe(200);
    const notes = all.body as { text: string; entityId: number }[];
    expect(notes.slice(0, 2).map((n) => n.text)).toEqual(['second note', 'first note']);
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    const paged = await rest('/api/notes?pageSize=1&page=2', w.tokens.agent);
    expect((paged.body as { text: string }[]).map((n) => n.text)).toEqual(['first note']);
    const one = await rest(`/api/notes?entityId=${s.agreementId}&entityType=Contract`, w.tokens.agent);
    expect((one.body as unknown[]).length).toBe(2);
    expect(await rest(`/api/notes?entityId=${s.agreementId}`, w.tokens.agent)).toMatchObject({
      status: 400,
      body: { field: 'entityType' },
    });
    expect((await rest('/api/notes', w.tokens.alice)).status).toBe(403);
  });
});
