import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { key, REIMBURSE, SKIP_MESSAGE, startPaymentWorld, type PaymentWorld } from './payment-client.js';
import { realDatabaseUrl } from '../support/database.js';
import { createScenario, type ScenarioSpec } from './payment-world.js';

if (!realDatabaseUrl) console.warn(`[skipped] ${SKIP_MESSAGE}`);

const power: ScenarioSpec = {
  allocation: '100',
  contingency: '10',
  bills: [{ due: '2026-03-10', allocated: '100', contingency: '10' }],
};

describe.skipIf(!realDatabaseUrl)('paying, reimbursing and reversing bills (hand-computed)', () => {
  let w: PaymentWorld;
  beforeAll(async () => {
    w = await startPaymentWorld();
  });
  afterAll(async () => {
    await w?.server.stop();
  });

  const scenario = (spec: ScenarioSpec) => createScenario(w.em(), w.alice, spec);

  it('pours the unused allocation and contingency into rainy day', async () => {
    const s = await scenario(power);
    const { answer } = await w.pay(w.tokens.alice, {
      billId: s.billIds[0],
      billOrAllocation: 'bill',
      billAmount: '80',
      idempotencyKey: key(),
    });
    expect(answer?.errors).toEqual([]);
    expect(answer?.figures).toMatchObject({
      actualAmount: '80.00',
      fromAllocation: '80.00',
      fromContingency: '0.00',
      pouredIntoRainyDay: '30.00',
      totalPaidOut: '80.00',
    });
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '0.00', contingency: '0.00', rainyDay: '30.00' });
    expect(await w.one('select status, paid_amount from bill where id = ?', [s.billIds[0]])).toEqual({
      status: 2,
      paid_amount: '80.00',
    });
  });

  it('takes a bill’s contingency from the contingency pocket only as far as it holds it (never below zero)', async () => {
    // The deposits have put $4 in the contingency pocket so far, the bill set aside $100 + $10: the $6 the pocket
    // lacks is taken as allocation (which holds $150), so $106 + $4 leave the pockets, the biller gets $108 and the $2
    // not needed goes to rainy day. Before, the whole $10 left the $4 pocket: contingency -$6.
    const s = await scenario({ ...power, allocation: '150', contingency: '4' });
    const { answer } = await w.pay(w.tokens.alice, {
      billId: s.billIds[0],
      billOrAllocation: 'bill',
      billAmount: '108',
      idempotencyKey: key(),
    });
    expect(answer?.errors).toEqual([]);
    expect(answer?.figures).toMatchObject({
      fromAllocation: '106.00',
      fromContingency: '2.00',
      pouredIntoRainyDay: '2.00',
      totalPaidOut: '108.00',
    });
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '44.00', contingency: '0.00', rainyDay: '2.00' });
  });

  it("refuses a needed top-up without an option: 'Can't proceed without paybill'", async () => {
    const s = await scenario({ ...power, rainyDay: '50' });
    const { answer } = await w.pay(w.tokens.alice, {
      billId: s.billIds[0],
      billOrAllocation: 'bill',
      billAmount: '130',
      idempotencyKey: key(),
    });
    expect(answer?.errors).toEqual([
      { code: 'TOP_UP_REQUIRED', field: 'topupOption', message: "Can't proceed without paybill" },
    ]);
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '100.00', contingency: '10.00', rainyDay: '50.00' });
  });

  it('tops up from rainy day', async () => {
    const s = await scenario({ ...power, rainyDay: '50' });
    const input = { billId: s.billIds[0], billAmount: '130', topupOption: 'rainyDay', idempotencyKey: key() };
    const { answer } = await w.pay(w.tokens.alice, input);
    expect(answer?.figures).toMatchObject({
      fromAllocation: '100.00',
      fromContingency: '10.00',
      fromRainyDay: '20.00',
      totalPaidOut: '130.00',
    });
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '0.00', contingency: '0.00', rainyDay: '30.00' });
  });

  it('tops up from a savings account, refusing one without enough money', async () => {
    const s = await scenario(power);
    const base = { billId: s.billIds[0], billAmount: '130', topupOption: 'linkedAccount' };
    const poor = await w.pay(w.tokens.alice, {
      ...base,
      topupAccountNumber: w.alice.poorAccount,
      idempotencyKey: key(),
    });
    expect(poor.answer?.errors[0]).toMatchObject({ code: 'INSUFFICIENT_FUNDS', field: 'topupAccountNumber' });
    const missing = await w.pay(w.tokens.alice, { ...base, idempotencyKey: key() });
    expect(missing.answer?.errors[0]?.code).toBe('LINKED_ACCOUNT_REQUIRED');
    const { answer } = await w.pay(w.tokens.alice, {
      ...base,
      topupAccountNumber: w.alice.savingsAccount,
      idempotencyKey: key(),
    });
    expect(answer?.figures).toMatchObject({ fromSavings: '20.00', totalPaidOut: '130.00' });
    const sources = await w
      .em()
      .execute('select source, amount from bill_money_source where bill_id = ? order by source', [s.billIds[0]]);
    expect(sources).toEqual([
      { source: 1, amount: '100.00' },
      { source: 2, amount: '10.00' },
      { source: 4, amount: '20.00' },
    ]);
  });

  it('short-pays, leaving the rest owing', async () => {
    const s = await scenario(power);
    const input = { billId: s.billIds[0], billAmount: '130', topupOption: 'shortPay', idempotencyKey: key() };
    const { answer } = await w.pay(w.tokens.alice, input);
    expect(answer?.figures).toMatchObject({ amountOwing: '20.00', totalPaidOut: '110.00' });
    expect(await w.one('select status, paid_amount, amount_owing from bill where id = ?', [s.billIds[0]])).toEqual({
      status: 9,
      paid_amount: '110.00',
      amount_owing: '20.00',
    });
  });

  it('combines the overdue bills of the biller: the bill due today is current', async () => {
    const s = await scenario({
      allocation: '300',
      contingency: '30',
      bills: [
        { due: '2026-01-10', status: 1, allocated: '100', contingency: '10' },
        { due: '2026-02-10', status: 4, allocated: '100', contingency: '10' },
        { due: '2026-03-10', status: 6, allocated: '100', contingency: '10' },
      ],
    });
    const input = { billId: s.billIds[0], billAmount: '330', overdueOption: 'combine', idempotencyKey: key() };
    const { answer } = await w.pay(w.tokens.alice, input);
    expect(answer?.billId).toBe(s.billIds[2]);
    expect(answer?.paidBillIds).toEqual([s.billIds[2], s.billIds[0], s.billIds[1]]);
    expect(answer?.figures).toMatchObject({
      combinedAllocation: '300.00',
      overdueBillsCount: 2,
      fromAllocation: '300.00',
      fromContingency: '30.00',
    });
    const bills = await w
      .em()
      .execute('select status, paid_amount from bill where agreement_id = ? order by id', [s.agreementId]);
    expect(bills).toEqual([1, 2, 3].map(() => ({ status: 2, paid_amount: '110.00' })));
  });

  it('ignore pays the selected bill only', async () => {
    const s = await scenario({
      allocation: '200',
      bills: [
        { due: '2026-02-10', status: 1, allocated: '100' },
        { due: '2026-03-10', status: 6, allocated: '100' },
      ],
    });
    const { answer } = await w.pay(w.tokens.alice, {
      billId: s.billIds[0],
      billAmount: '100',
      overdueOption: 'ignore',
      idempotencyKey: key(),
    });
    expect(answer?.paidBillIds).toEqual([s.billIds[0]]);
    // The one bill paid was overdue: the confirmation counts it (it used to read "Overdue bills paid 0").
    expect(answer?.figures?.overdueBillsCount).toBe(1);
  });

  it('reimburses the member’s account, and refuses a biller added today or an agreement in missed deposit', async () => {
    const s = await scenario(power);
    const input = { billId: s.billIds[0], billAmount: '100', reimbursementAccountNumber: w.alice.savingsAccount };
    const { answer } = await w.pay(w.tokens.alice, { ...input, idempotencyKey: key() }, REIMBURSE);
    expect(answer?.figures).toMatchObject({
      fromAllocation: '100.00',
      pouredIntoRainyDay: '10.00',
      totalPaidOut: '100.00',
    });
    expect(await w.one('select status from bill where id = ?', [s.billIds[0]])).toEqual({ status: 8 });
    const today = await scenario({ ...power, billerAddedToday: true });
    const refused = await w.pay(
      w.tokens.alice,
      { ...input, billId: today.billIds[0], idempotencyKey: key() },
      REIMBURSE,
    );
    expect(refused.answer?.errors[0]?.message).toBe("Can't reimburse a biller that was added today to the agreement.");
    const arrears = await scenario({ ...power, status: 4 });
    const inArrears = await w.pay(
      w.tokens.alice,
      { ...input, billId: arrears.billIds[0], idempotencyKey: key() },
      REIMBURSE,
    );
    expect(inArrears.answer?.errors[0]?.message).toBe(
      'Bills cannot be reimbursed while agreement is in Missed Deposit',
    );
  });

  it('reverses a pending payment once (staff only), restoring the balances', async () => {
    const s = await scenario(power);
    const { answer } = await w.pay(w.tokens.alice, { billId: s.billIds[0], billAmount: '80', idempotencyKey: key() });
    const reverse = `mutation R($input: ReverseBillInput!) { reverseBill(input: $input) { success message errors { code } } }`;
    const input = { transactionId: answer?.transactionId, idempotencyKey: key() };
    const byMember = await w.server.graphql(reverse, { input }, w.tokens.alice);
    expect(byMember.body.errors?.[0]?.message).toMatch(/access denied|not authori[sz]ed|do not have access/i);
    const listQuery = `query L($accountId: Int!) { billsToReverse(accountId: $accountId) { transactionId billId kind amount } }`;
    const listed = await w.server.graphql<{
      billsToReverse: { transactionId: number; billId: number; kind: string; amount: string }[];
    }>(listQuery, { accountId: s.accountId }, w.tokens.agent);
    expect(listed.body.data?.billsToReverse).toEqual([
      { transactionId: answer?.transactionId, billId: s.billIds[0], kind: 'Bill payment', amount: '80.00' },
    ]);
    const first = await w.server.graphql<{ reverseBill: { success: boolean } }>(reverse, { input }, w.tokens.agent);
    expect(first.body.data?.reverseBill.success).toBe(true);
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '100.00', contingency: '10.00', rainyDay: '0.00' });
    expect(await w.one('select status from bill where id = ?', [s.billIds[0]])).toEqual({ status: 7 });
    expect(
      await w.one('select type from activity where agreement_id = ? order by id desc limit 1', [s.agreementId]),
    ).toEqual({ type: 25 });
    const again = await w.server.graphql<{ reverseBill: { errors: { code: string }[] } }>(
      reverse,
      { input: { ...input, idempotencyKey: key() } },
      w.tokens.agent,
    );
    expect(again.body.data?.reverseBill.errors[0]?.code).toBe('REVERSAL_NOT_ALLOWED');
  });

  it('tops up rainy day from a linked account within its balance', async () => {
    const s = await scenario(power);
    const topUp = `mutation T($input: RainyDayTopUpInput!) { topUpRainyDay(input: $input) { ok errors { code } } }`;
    const input = {
      contractId: s.agreementId,
      accountNumber: w.alice.savingsAccount,
      topupAmount: '50',
      idempotencyKey: key(),
    };
    const ok = await w.server.graphql<{ topUpRainyDay: { ok: boolean } }>(topUp, { input }, w.tokens.alice);
    expect(ok.body.data?.topUpRainyDay.ok).toBe(true);
    expect((await w.balances(s.agreementId)).rainyDay).toBe('50.00');
    const poor = { ...input, accountNumber: w.alice.poorAccount, idempotencyKey: key() };
    const refused = await w.server.graphql<{ topUpRainyDay: { errors: { code: string }[] } }>(
      topUp,
      { input: poor },
      w.tokens.alice,
    );
    expect(refused.body.data?.topUpRainyDay.errors[0]?.code).toBe('INSUFFICIENT_FUNDS');
  });

  it('keeps a member to their own bills: the same refusal whether or not the bill exists', async () => {
    const s = await scenario(power);
    const other = await w.pay(w.tokens.bob, { billId: s.billIds[0], billAmount: '80', idempotencyKey: key() });
    const missing = await w.pay(w.tokens.bob, { billId: 999_999, billAmount: '80', idempotencyKey: key() });
    expect(other.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(missing.body.errors?.[0]?.message).toBe(other.body.errors?.[0]?.message);
    expect(await w.one('select status from bill where id = ?', [s.billIds[0]])).toEqual({ status: 6 });
  });

  it('answers the REST façade: PayBill returns the bill id, GetBillConfirmation the figures', async () => {
    const s = await scenario(power);
    const response = await fetch(`${w.server.url}/api/bills/PayBill`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${w.tokens.alice}`,
        'idempotency-key': key(),
      },
      body: JSON.stringify({ bill: { billId: s.billIds[0] }, overdueBills: [], payment: { billAmount: 80 } }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(s.billIds[0]);
    const confirmation = await fetch(`${w.server.url}/api/bills/GetBillConfirmation?billId=${s.billIds[0]}`, {
      headers: { authorization: `Bearer ${w.tokens.alice}` },
    });
    const body = (await confirmation.json()) as { figures: { pouredIntoRainyDay: string } };
    expect(body.figures.pouredIntoRainyDay).toBe('30.00');
  });
});
