import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { realDatabaseUrl } from '../support/database.js';
import { key, SKIP_MESSAGE, startPaymentWorld, type PaymentWorld } from './payment-client.js';
import { createScenario, type ScenarioSpec } from './payment-world.js';

if (!realDatabaseUrl) console.warn(`[skipped] ${SKIP_MESSAGE}`);

const power: ScenarioSpec = {
  allocation: '100',
  contingency: '10',
  rainyDay: '50',
  bills: [{ due: '2026-03-10', allocated: '100', contingency: '10' }],
};

describe.skipIf(!realDatabaseUrl)('paying exactly once', () => {
  let w: PaymentWorld;
  beforeAll(async () => {
    w = await startPaymentWorld();
  });
  afterAll(async () => {
    await w?.server.stop();
  });

  it('100 concurrent pays of one bill: exactly one payment, the ledger still balances', async () => {
    const s = await createScenario(w.em(), w.alice, power);
    const before = await w.balances(s.agreementId);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        w.pay(w.tokens.alice, {
          billId: s.billIds[0],
          billAmount: '130',
          topupOption: 'rainyDay',
          idempotencyKey: key(),
        }),
      ),
    );
    const ok = answers.filter((a) => a.answer?.ok);
    expect(ok).toHaveLength(1);
    expect(new Set(answers.filter((a) => !a.answer?.ok).map((a) => a.answer?.errors[0]?.code))).toEqual(
      new Set(['BILL_NOT_PAYABLE']),
    );
    const { n } = await w.one<{ n: string }>(
      'select count(distinct transaction_id) as n from bill_money_source where bill_id = ?',
      [s.billIds[0]],
    );
    expect(Number(n)).toBe(1);
    expect(before).toEqual({ allocation: '100.00', contingency: '10.00', rainyDay: '50.00' });
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '0.00', contingency: '0.00', rainyDay: '30.00' });
    const report = await checkLedger(w.em());
    expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
  });

  it('20 concurrent identical requests with one key: one effect, identical answers', async () => {
    const s = await createScenario(w.em(), w.alice, power);
    const input = { billId: s.billIds[0], billAmount: '80', idempotencyKey: key() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => w.pay(w.tokens.alice, input)));
    const first = answers[0].answer;
    expect(first?.ok).toBe(true);
    for (const a of answers) expect(a.answer).toEqual(first);
    const { n } = await w.one<{ n: string }>(
      'select count(*) as n from ledger_transaction where agreement_id = ? and type = 2',
      [s.agreementId],
    );
    expect(Number(n)).toBe(1);
    expect(await w.balances(s.agreementId)).toEqual({ allocation: '0.00', contingency: '0.00', rainyDay: '80.00' });
  });

  it('refuses the same key with a different input', async () => {
    const s = await createScenario(w.em(), w.alice, power);
    const idempotencyKey = key();
    const first = await w.pay(w.tokens.alice, { billId: s.billIds[0], billAmount: '80', idempotencyKey });
    expect(first.answer?.ok).toBe(true);
    const second = await w.pay(w.tokens.alice, { billId: s.billIds[0], billAmount: '81', idempotencyKey });
    expect(second.answer?.errors).toEqual([
      {
        code: 'IDEMPOTENCY_KEY_REUSED',
        field: 'idempotencyKey',
        message: 'This idempotency key was already used for a different request.',
      },
    ]);
  });

  it('scopes a key to its user: another user’s key is theirs alone', async () => {
    const s = await createScenario(w.em(), w.alice, power);
    const idempotencyKey = key();
    const byAgent = await w.pay(w.tokens.agent, { billId: s.billIds[0], billAmount: '80', idempotencyKey });
    const byMember = await w.pay(w.tokens.alice, { billId: s.billIds[0], billAmount: '80', idempotencyKey });
    expect(byAgent.answer?.ok).toBe(true);
    expect(byMember.answer?.errors[0]?.code).toBe('BILL_NOT_PAYABLE');
  });
});
