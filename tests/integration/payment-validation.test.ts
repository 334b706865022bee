import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realDatabaseUrl } from '../support/database.js';
import { key, SKIP_MESSAGE, startPaymentWorld, type PaymentWorld } from './payment-client.js';
import { createScenario, type Scenario, type ScenarioSpec } from './payment-world.js';

if (!realDatabaseUrl) console.warn(`[skipped] ${SKIP_MESSAGE}`);

const power: ScenarioSpec = {
  allocation: '100',
  contingency: '10',
  rainyDay: '50',
  bills: [{ due: '2026-03-10', allocated: '100', contingency: '10' }],
};

const EFT_DETAILS = `update biller set payment_method = 1, bpay_biller_code = null, customer_reference_number = null,
  bsb_number = ?, eft_account_number = '12345678', eft_account_name = 'Harbour Rentals' where id = ?`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!realDatabaseUrl)('paying re-validates the biller’s details and honours the agreement', () => {
  let w: PaymentWorld;
  beforeAll(async () => {
    w = await startPaymentWorld();
  });
  afterAll(async () => {
    await w?.server.stop();
  });

  const scenario = (spec: ScenarioSpec = power) => createScenario(w.em(), w.alice, spec);
  const run = (sql: string, params: unknown[]) => w.em().execute(sql, params, 'run');

  /** What a refused payment must leave untouched: balances, the agreement's transactions, the bill. */
  async function snapshot(s: Scenario) {
    const { n } = await w.one<{ n: string }>('select count(*) as n from ledger_transaction where agreement_id = ?', [
      s.agreementId,
    ]);
    const bill = await w.one<{ status: number }>('select status from bill where id = ?', [s.billIds[0]]);
    return { balances: await w.balances(s.agreementId), transactions: Number(n), billStatus: bill.status };
  }

  const payBill = (s: Scenario, extra: Record<string, unknown> = {}) =>
    w.pay(w.tokens.alice, { billId: s.billIds[0], billAmount: '80', idempotencyKey: key(), ...extra });

  it('refuses a BPAY bill whose customer reference fails the biller’s check digit (12): nothing is posted', async () => {
    const s = await scenario();
    await run('update biller set customer_reference_number = ? where id = ?', ['1234009891', s.billerId]);
    const before = await snapshot(s);
    const { answer } = await payBill(s);
    expect(answer?.ok).toBe(false);
    expect(answer?.errors).toEqual([
      { code: '12', field: 'customerReferenceNumber', message: 'Invalid customer reference number.' },
    ]);
    expect(await snapshot(s)).toEqual(before);
  });

  it('refuses a BPAY biller code that no catalogue knows (11)', async () => {
    const s = await scenario();
    await run('update biller set bpay_biller_code = ? where id = ?', ['23796', s.billerId]);
    const { answer } = await payBill(s);
    expect(answer?.errors).toEqual([{ code: '11', field: 'bPayNumber', message: 'Invalid BPAY biller code.' }]);
  });

  it('checks the stored company’s limits (13 above its maximum)', async () => {
    // The demo list gives 33068 no limits; the stored company is capped at $50 here.
    await run(`update company set max_amount = 50 where bpay_biller_code = '33068'`, []);
    const s = await scenario();
    await run('update biller set bpay_biller_code = ?, customer_reference_number = ? where id = ?', [
      '33068',
      '4455',
      s.billerId,
    ]);
    const before = await snapshot(s);
    const refused = await payBill(s);
    expect(refused.answer?.errors).toEqual([
      { code: '13', field: 'amount', message: 'The amount is higher than this biller allows.' },
    ]);
    expect(await snapshot(s)).toEqual(before);
    const paid = await payBill(s, { billAmount: '50' });
    expect(paid.answer?.errors).toEqual([]);
  });

  it('reads only the company catalogue: a demo code missing from it is refused (11), a stored company is paid', async () => {
    const s = await scenario();
    await run(`update company set is_active = false where bpay_biller_code = '14589'`, []);
    const refused = await payBill(s);
    expect(refused.answer?.errors).toEqual([{ code: '11', field: 'bPayNumber', message: 'Invalid BPAY biller code.' }]);
    await run(`update company set is_active = true where bpay_biller_code = '14589'`, []);
    await run(
      `insert into company (name, billing_category_id, bpay_biller_code, reference_algorithm)
       values ('Stored Only Power', 1, '555555', 'none')`,
      [],
    );
    await run('update biller set bpay_biller_code = ?, customer_reference_number = ? where id = ?', [
      '555555',
      '4455',
      s.billerId,
    ]);
    const paid = await payBill(s);
    expect(paid.answer?.errors).toEqual([]);
  });

  it('refuses an EFT bill with an invalid BSB (14) and pays one with valid details', async () => {
    const s = await scenario();
    await run(EFT_DETAILS, ['999999', s.billerId]);
    const before = await snapshot(s);
    const { answer } = await payBill(s);
    expect(answer?.errors).toEqual([{ code: '14', field: 'bsbNumber', message: 'Invalid Bsb number' }]);
    expect(await snapshot(s)).toEqual(before);

    await run(EFT_DETAILS, ['062000', s.billerId]);
    expect((await payBill(s)).answer?.errors).toEqual([]);
  });

  it('refuses an Unknown bill paid as a bill and pays it as an allocation', async () => {
    const s = await scenario();
    await run('update biller set payment_method = 7 where id = ?', [s.billerId]);
    const before = await snapshot(s);
    const asBill = await payBill(s, { billOrAllocation: 'bill' });
    expect(asBill.answer?.errors).toEqual([
      {
        code: 'UNKNOWN_PAYMENT_TYPE',
        field: 'billOrAllocation',
        message:
          'This bill has no BPAY or EFT details, so it can only be paid as a category bill, from what is set aside for its category.',
      },
    ]);
    expect(await snapshot(s)).toEqual(before);

    const asAllocation = await payBill(s, { billOrAllocation: 'allocation' });
    expect(asAllocation.answer?.errors).toEqual([]);
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '0.00', contingency: '0.00', rainyDay: '80.00' });
  });

  it('does not top up from rainy day when the agreement’s rainy day may not cover a shortfall', async () => {
    const s = await scenario();
    await run('update agreement set rainy_day_covers_shortfall = false where id = ?', [s.agreementId]);
    const before = await snapshot(s);
    const { answer } = await payBill(s, { billAmount: '130', topupOption: 'rainyDay' });
    expect(answer?.errors).toEqual([
      {
        code: 'TOP_UP_OPTION_UNAVAILABLE',
        field: 'topupOption',
        message: 'This top-up option is not available for this payment.',
      },
    ]);
    expect(await snapshot(s)).toEqual(before);
    const savings = await payBill(s, {
      billAmount: '130',
      topupOption: 'linkedAccount',
      topupAccountNumber: w.alice.savingsAccount,
    });
    expect(savings.answer?.figures).toMatchObject({ fromRainyDay: '0.00', fromSavings: '20.00' });
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '0.00', contingency: '0.00', rainyDay: '50.00' });
  });

  it('cannot proceed when the overdraw rule is irrelevant and neither rainy day nor savings cover the top-up', async () => {
    const s = await scenario();
    await run('update agreement set rainy_day_covers_shortfall = false where id = ?', [s.agreementId]);
    // Only the poor account ($5) is left linked: the $20 top-up has no source, and the rule ended long ago.
    await run('update linked_account set is_active = false where account_number = ?', [w.alice.savingsAccount]);
    try {
      const { answer } = await payBill(s, { billAmount: '130', topupOption: 'shortPay' });
      expect(answer?.errors).toEqual([
        { code: 'TOP_UP_REQUIRED', field: 'topupOption', message: "Can't proceed without paybill" },
      ]);
    } finally {
      await run('update linked_account set is_active = true where account_number = ?', [w.alice.savingsAccount]);
    }
  });

  it('a payment and a change being applied to the agreement do not interleave: balances carried are exact', async () => {
    const s = await scenario();
    const [{ id: newId }] = await w.em().execute<{ id: number }[]>(
      `insert into agreement (account_id, status, start_date, end_date, previous_id)
         values (?, 2, '2025-12-01', '2026-11-30', ?) returning id`,
      [s.accountId, s.agreementId],
    );
    // Hold the bill's row lock: the payment takes the agreement's lock, then waits here, mid-transaction.
    const holder = new pg.Client({ connectionString: realDatabaseUrl });
    await holder.connect();
    const waiters = async (count: number) => {
      for (let i = 0; i < 100; i++) {
        const { rows } = await holder.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        if (Number(rows[0].n) >= count) return Number(rows[0].n);
        await sleep(20);
      }
      return -1;
    };
    await holder.query('begin');
    await holder.query('select id from bill where id = $1 for update', [s.billIds[0]]);
    const paying = payBill(s);
    expect(await waiters(1)).toBe(1);
    // The applier must queue behind the payment's agreement lock before it reads the balances it carries over.
    const applying = w.server.app.services.changeApplier.applyQueued(w.em(), newId);
    expect(await waiters(2)).toBe(2);
    await holder.query('commit');
    await holder.end();
    const [paid, applied] = await Promise.all([paying, applying]);

    expect(applied.stage).toBe('APPLIED');
    expect(paid.answer?.errors).toEqual([]);
    // The applier read the balances after the payment: the old version is left with nothing, the new one
    // holds exactly what the payment left (allocation and contingency spent, 30 poured into rainy day).
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '0.00', contingency: '0.00', rainyDay: '0.00' });
    expect(await w.balances(newId)).toEqual({ allocation: '0.00', contingency: '0.00', rainyDay: '80.00' });
  });
});
