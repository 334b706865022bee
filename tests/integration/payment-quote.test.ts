import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realDatabaseUrl } from '../support/database.js';
import { key, SKIP_MESSAGE, startPaymentWorld, type PaymentWorld } from './payment-client.js';
import { createScenario, type ScenarioSpec } from './payment-world.js';

if (!realDatabaseUrl) console.warn(`[skipped] ${SKIP_MESSAGE}`);

const QUOTE = `query Quote($billId: Int!, $billAmount: String!, $billOrAllocation: String, $overdueOption: String) {
  paymentQuote(billId: $billId, billAmount: $billAmount, billOrAllocation: $billOrAllocation,
    overdueOption: $overdueOption) {
    topUpRequired rainyDay linkedAccount shortPay canProceed errors { code field message } } }`;

interface Quote {
  topUpRequired: string;
  rainyDay: boolean;
  linkedAccount: boolean;
  shortPay: boolean;
  canProceed: boolean;
  errors: { code: string; field: string | null; message: string }[];
}

const power: ScenarioSpec = {
  allocation: '100',
  contingency: '10',
  bills: [{ due: '2026-03-10', allocated: '100', contingency: '10' }],
};

describe.skipIf(!realDatabaseUrl)('paymentQuote: what paying would need, read-only (spec 1 §4 Top-up)', () => {
  let w: PaymentWorld;
  beforeAll(async () => {
    w = await startPaymentWorld();
  });
  afterAll(async () => {
    await w?.server.stop();
  });

  const scenario = (spec: ScenarioSpec) => createScenario(w.em(), w.alice, spec);
  const quote = async (token: string, variables: Record<string, unknown>) => {
    const answer = await w.server.graphql<{ paymentQuote: Quote }>(
      QUOTE,
      { billOrAllocation: 'bill', ...variables },
      token,
    );
    return { quote: answer.body.data?.paymentQuote, errors: answer.body.errors };
  };

  it('overduePlan answers what combine pays by paying’s rule: a failed bill due is not in it (issue 26 item 9)', async () => {
    const s = await scenario({
      allocation: '400',
      contingency: '40',
      bills: [
        { due: '2026-01-10', status: 1, allocated: '100', contingency: '10' },
        // Failed (5): eligible by date, but combine pays only the current bill and the overdue (1, 4) ones.
        { due: '2026-02-01', status: 5, allocated: '70', contingency: '7' },
        { due: '2026-02-10', status: 4, allocated: '100', contingency: '10' },
        { due: '2026-03-10', status: 6, allocated: '100', contingency: '10' },
      ],
    });
    const { body } = await w.server.graphql<{ overduePlan: Record<string, unknown> }>(
      `query($billId: Int!) { overduePlan(billId: $billId, billOrAllocation: "bill") {
        offered selectedTotal combinedTotal combinedBills { billId status amountAllocated } errors { code } } }`,
      { billId: s.billIds[0] },
      w.tokens.alice,
    );
    expect(body.data!.overduePlan).toEqual({
      offered: true,
      selectedTotal: '100.00',
      combinedTotal: '300.00',
      combinedBills: [
        { billId: s.billIds[3], status: 'Upcoming', amountAllocated: '100.00' },
        { billId: s.billIds[0], status: 'Overdue', amountAllocated: '100.00' },
        { billId: s.billIds[2], status: 'OverdueNotified', amountAllocated: '100.00' },
      ],
      errors: [],
    });
    // Paying combined pays exactly those bills (the screen totalled all four, $370.00, before).
    const { answer } = await w.pay(w.tokens.alice, {
      billId: s.billIds[0],
      billOrAllocation: 'bill',
      billAmount: '330',
      overdueOption: 'combine',
      idempotencyKey: key(),
    });
    expect(answer?.paidBillIds).toEqual([s.billIds[3], s.billIds[0], s.billIds[2]]);
  });

  it('asks for no top-up while the set-aside money covers the amount, and moves no money', async () => {
    const s = await scenario(power);
    const { quote: q } = await quote(w.tokens.alice, { billId: s.billIds[0], billAmount: '80' });
    expect(q).toEqual({
      topUpRequired: '0.00',
      rainyDay: false,
      linkedAccount: false,
      shortPay: false,
      canProceed: true,
      errors: [],
    });
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '100.00', contingency: '10.00', rainyDay: '0.00' });
    const { answer } = await w.pay(w.tokens.alice, {
      billId: s.billIds[0],
      billOrAllocation: 'bill',
      billAmount: '80',
      idempotencyKey: key(),
    });
    expect(answer?.errors).toEqual([]);
  });

  it('quotes the top-up and the options; paying with an offered one then takes exactly that top-up', async () => {
    const s = await scenario({ ...power, rainyDay: '50' });
    const statusBefore = await w.one('select status from bill where id = ?', [s.billIds[0]]);
    const { quote: q } = await quote(w.tokens.alice, { billId: s.billIds[0], billAmount: '130' });
    expect(q).toEqual({
      topUpRequired: '20.00',
      rainyDay: true,
      linkedAccount: true,
      shortPay: true,
      canProceed: true,
      errors: [],
    });
    // Read-only: nothing moved, nothing was stored.
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '100.00', contingency: '10.00', rainyDay: '50.00' });
    expect(await w.one('select status from bill where id = ?', [s.billIds[0]])).toEqual(statusBefore);
    const { answer } = await w.pay(w.tokens.alice, {
      billId: s.billIds[0],
      billOrAllocation: 'bill',
      billAmount: '130',
      topupOption: 'rainyDay',
      idempotencyKey: key(),
    });
    expect(answer?.errors).toEqual([]);
    expect(answer?.figures).toMatchObject({ fromRainyDay: q?.topUpRequired, totalPaidOut: '130.00' });
  });

  it('does not offer rainy day when the agreement keeps it from covering shortfalls; paying with it is refused', async () => {
    const s = await scenario({ ...power, rainyDay: '50' });
    await w
      .em()
      .execute('update agreement set rainy_day_covers_shortfall = false where id = ?', [s.agreementId], 'run');
    const { quote: q } = await quote(w.tokens.alice, { billId: s.billIds[0], billAmount: '130' });
    expect(q).toMatchObject({ topUpRequired: '20.00', rainyDay: false, linkedAccount: true, canProceed: true });
    const { answer } = await w.pay(w.tokens.alice, {
      billId: s.billIds[0],
      billOrAllocation: 'bill',
      billAmount: '130',
      topupOption: 'rainyDay',
      idempotencyKey: key(),
    });
    expect(answer?.errors[0]?.code).toBe('TOP_UP_OPTION_UNAVAILABLE');
  });

  it('hides short pay when the overdraw rule is irrelevant and the agreement holds nothing; paying with it is refused', async () => {
    const s = await scenario({ allocation: '0', bills: [{ due: '2026-03-10', allocated: '10' }] });
    const { quote: q } = await quote(w.tokens.alice, { billId: s.billIds[0], billAmount: '30' });
    expect(q).toMatchObject({ topUpRequired: '20.00', rainyDay: false, linkedAccount: true, shortPay: false });
    const { answer } = await w.pay(w.tokens.alice, {
      billId: s.billIds[0],
      billOrAllocation: 'bill',
      billAmount: '30',
      topupOption: 'shortPay',
      idempotencyKey: key(),
    });
    expect(answer?.errors[0]?.code).toBe('TOP_UP_OPTION_UNAVAILABLE');
  });

  it('quotes a combined payment over the overdue bills, as paying then combines them', async () => {
    const s = await scenario({
      allocation: '30',
      bills: [
        { due: '2026-03-01', status: 1, allocated: '30' },
        { due: '2026-03-10', allocated: '30' },
      ],
    });
    const combined = { billId: s.billIds[1], billAmount: '70', overdueOption: 'combine' };
    const { quote: q } = await quote(w.tokens.alice, combined);
    expect(q?.topUpRequired).toBe('10.00');
    const alone = await quote(w.tokens.alice, { ...combined, overdueOption: 'ignore' });
    expect(alone.quote?.topUpRequired).toBe('40.00');
    const { answer } = await w.pay(w.tokens.alice, {
      ...combined,
      billOrAllocation: 'bill',
      topupOption: 'linkedAccount',
      topupAccountNumber: w.alice.savingsAccount,
      idempotencyKey: key(),
    });
    expect(answer?.errors).toEqual([]);
    expect(answer?.figures).toMatchObject({ fromSavings: '10.00', overdueBillsCount: 1 });
  });

  it('makes the same checks as paying: another member’s bill, a member in Missed Deposit, a bad amount', async () => {
    const s = await scenario(power);
    const other = await quote(w.tokens.bob, { billId: s.billIds[0], billAmount: '80' });
    expect(other.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const arrears = await scenario({ ...power, status: 4 });
    const suspended = await quote(w.tokens.alice, { billId: arrears.billIds[0], billAmount: '80' });
    expect(suspended.quote).toMatchObject({ canProceed: false, errors: [{ code: 'PAYMENT_SUSPENDED_IN_ARREARS' }] });
    const bad = await quote(w.tokens.alice, { billId: s.billIds[0], billAmount: '-3' });
    expect(bad.quote?.errors[0]?.code).toBe('INVALID_AMOUNT');
  });
});
