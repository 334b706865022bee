import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

interface AuditRow {
  action: string;
  entity_type: string;
  entity_id: number;
  idempotency_key: string;
  request: { billId: number; billAmount: number };
  response: { billId: number; transactionId: number; figures: { actualAmount: number } };
}

describe.skipIf(!realDatabaseUrl)('the audit trail of money movements', () => {
  let w: PaymentWorld;
  beforeAll(async () => {
    w = await startPaymentWorld();
  });
  afterAll(async () => {
    await w?.server.stop();
  });

  const auditOf = (billId: number) =>
    w
      .em()
      .execute<AuditRow[]>(
        "select action, entity_type, entity_id, idempotency_key, request, response from audit_record where entity_type = 'bill' and entity_id = ?",
        [billId],
      );

  it('records who paid which bill with what request and answer, once, even when the request is retried', async () => {
    const s = await createScenario(w.em(), w.alice, power);
    const input = { billId: s.billIds[0], billAmount: '80', idempotencyKey: key() };
    const first = await w.pay(w.tokens.alice, input);
    const retry = await w.pay(w.tokens.alice, input);
    expect(retry.answer).toEqual(first.answer);
    const rows = await auditOf(s.billIds[0]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'pay',
      entity_type: 'bill',
      entity_id: s.billIds[0],
      idempotency_key: input.idempotencyKey,
      response: { billId: s.billIds[0], figures: { actualAmount: 8000 } },
    });
    expect(rows[0].request).toMatchObject({ billId: s.billIds[0] });
  });

  it('records nothing for a refused request, and the database refuses to change a record', async () => {
    const s = await createScenario(w.em(), w.alice, power);
    const refused = await w.pay(w.tokens.alice, { billId: s.billIds[0], billAmount: '500', idempotencyKey: key() });
    expect(refused.answer?.ok).toBe(false);
    expect(await auditOf(s.billIds[0])).toEqual([]);
    await expect(w.em().execute("update audit_record set action = 'forged'")).rejects.toThrow(/immutable/);
    await expect(w.em().execute('delete from audit_record')).rejects.toThrow(/immutable/);
  });
});
