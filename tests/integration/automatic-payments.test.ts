import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { systemUser } from '../../server/src/common/auth/system-user.js';
import type { CurrentUser } from '../../server/src/common/auth/current-user.js';
import { DomainError } from '../../server/src/shared/errors.js';
import { requestHash } from '../../server/src/modules/idempotency/index.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { CORE_BANKING_USERNAME } from '../../server/src/modules/core-banking/bill-days.js';
import {
  automaticPaymentKey,
  type AutomaticPaymentBill,
  type AutomaticPaymentsResult,
} from '../../server/src/modules/payment/index.js';
import { realDatabaseUrl } from '../support/database.js';
import { SKIP_MESSAGE, startPaymentWorld, type PaymentWorld } from './payment-client.js';
import { createScenario, type Scenario, type ScenarioSpec } from './payment-world.js';

if (!realDatabaseUrl) console.warn(`[skipped] ${SKIP_MESSAGE}`);

/**
 * The bank day's automatic payments in a batch (PaymentService.payAutomatically) write, bill for bill, the rows that
 * paying each bill on its own with payBill wrote (what the automatic payments step did before: payBill, and on
 * TOP_UP_REQUIRED the quote's rainy day, else its short pay, on a second try).
 */
const CASES: { name: string; spec: ScenarioSpec; agreement?: string; biller?: string; bill?: string }[] = [
  {
    name: 'covered by its set-aside, the rest poured into rainy day',
    spec: { allocation: '100', contingency: '10', bills: [{ due: '2026-03-10', allocated: '100', contingency: '10' }] },
  },
  {
    name: 'above its set-aside: topped up from rainy day',
    spec: { allocation: '100', rainyDay: '200', bills: [{ due: '2026-03-10', allocated: '100' }] },
    agreement: 'overdraw_rule_duration_days = 0',
    bill: 'expected_amount = 150',
  },
  {
    name: 'above its set-aside, rainy day short: short paid (and the member told)',
    spec: { allocation: '100', rainyDay: '10', bills: [{ due: '2026-03-10', allocated: '100' }] },
    agreement: 'overdraw_rule_duration_days = 0',
    bill: 'expected_amount = 150',
  },
  {
    name: 'nothing to pay with: refused, TOP_UP_REQUIRED',
    spec: { allocation: '0', rainyDay: '1', bills: [{ due: '2026-03-10', allocated: '100' }] },
    agreement: 'rainy_day_covers_shortfall = false, overdraw_rule_duration_days = 0',
    bill: 'expected_amount = 150',
  },
  {
    name: 'biller on hold: refused',
    spec: { allocation: '100', bills: [{ due: '2026-03-10', allocated: '100' }] },
    biller: "status = 5, on_hold_date = '2026-03-01'",
  },
  {
    name: 'two bills due: paid in turn, the second on what the first left',
    spec: {
      allocation: '100',
      rainyDay: '30',
      bills: [
        { due: '2026-03-05', allocated: '60', status: 1 },
        { due: '2026-03-10', allocated: '60' },
      ],
    },
  },
  {
    name: 'in arrears: refused by the money rule',
    spec: { allocation: '100', status: 4, bills: [{ due: '2026-03-10', allocated: '100' }] },
  },
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Ids and times differ between two agreements' rows; everything else must not. */
function normal(value: Json, key = ''): Json {
  if (/(^id$|_id$|Id$|Ids$|_at$|^request_hash$)/.test(key)) return '<id>';
  if (typeof value === 'string' && /key$/i.test(key)) return value.replace(/\d+/g, '#');
  if (Array.isArray(value)) return value.map((v) => normal(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normal(v, k)]));
  }
  return value;
}

describe.skipIf(!realDatabaseUrl)('automatic payments in a batch', () => {
  let w: PaymentWorld;
  let user: CurrentUser;
  beforeAll(async () => {
    w = await startPaymentWorld();
    user = await systemUser(w.em(), CORE_BANKING_USERNAME);
  }, 120_000);
  afterAll(async () => {
    await w?.server.stop();
  });

  const payments = () => w.server.app.services.payments;

  async function scenario(c: (typeof CASES)[number]): Promise<Scenario> {
    const s = await createScenario(w.em(), w.alice, c.spec);
    if (c.agreement) await w.em().execute(`update agreement set ${c.agreement} where id = ?`, [s.agreementId]);
    if (c.biller) await w.em().execute(`update biller set ${c.biller} where id = ?`, [s.billerId]);
    if (c.bill) await w.em().execute(`update bill set ${c.bill} where agreement_id = ?`, [s.agreementId]);
    return s;
  }

  const dueOf = (s: Scenario): AutomaticPaymentBill[] =>
    s.billIds.map((billId) => ({ billId, agreementId: s.agreementId, expectedAmount: '' }));

  async function withAmounts(bills: AutomaticPaymentBill[]): Promise<AutomaticPaymentBill[]> {
    const rows = await w
      .em()
      .execute<{ id: number; expected_amount: string }[]>(
        'select id, expected_amount from bill where id = any(?::int[])',
        [`{${bills.map((b) => b.billId).join(',')}}`],
      );
    const amount = new Map(rows.map((r) => [r.id, String(r.expected_amount)]));
    return bills.map((b) => ({ ...b, expectedAmount: amount.get(b.billId)! }));
  }

  /** Each bill on its own through payBill, as the automatic payments step paid them before the batches. */
  async function payOneByOne(bills: AutomaticPaymentBill[]): Promise<AutomaticPaymentsResult> {
    const result: AutomaticPaymentsResult = { paid: [], notPaid: [] };
    for (const bill of bills) {
      const request = {
        billId: bill.billId,
        billOrAllocation: 'bill' as const,
        billAmount: bill.expectedAmount,
        idempotencyKey: automaticPaymentKey(bill.billId),
      };
      try {
        let outcome;
        try {
          outcome = await payments().payBill(w.em(), user, request);
        } catch (error) {
          if (!(error instanceof DomainError) || error.code !== 'TOP_UP_REQUIRED') throw error;
          const quote = await payments().quote(w.em(), user, request);
          const option = quote.rainyDay ? 'rainyDay' : quote.shortPay ? 'shortPay' : null;
          if (!option) throw error;
          outcome = await payments().payBill(w.em(), user, { ...request, topupOption: option });
        }
        result.paid.push({ billId: bill.billId, agreementId: bill.agreementId, transactionId: outcome.transactionId });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        result.notPaid.push({
          billId: bill.billId,
          agreementId: bill.agreementId,
          code: error.code,
          message: error.message,
        });
      }
    }
    return result;
  }

  const batch = (bills: AutomaticPaymentBill[]) =>
    w
      .em()
      .fork()
      .transactional((tx) => payments().payAutomatically(tx as EntityManager, user, bills));

  /** Every row the payments wrote for an agreement's bills, ids and times left out. */
  async function rowsOf(s: Scenario): Promise<Record<string, Json>> {
    const em = w.em();
    const keys = `{${s.billIds.map(automaticPaymentKey).join(',')}}`;
    const billIds = `{${s.billIds.join(',')}}`;
    const q = async (sql: string, params: unknown[]) =>
      normal((await em.execute<{ row: Json }[]>(sql, params)).map((r) => r.row));
    const hashes = await em.execute<{ request_hash: string; request: Json }[]>(
      `select i.request_hash, a.request from idempotency_record i join audit_record a
         on a.idempotency_key = i.key and a.user_id = i.user_id where i.key = any(?::text[]) order by i.key`,
      [keys],
    );
    // The stored hash is the hash of the request the audit row records (payBill's own: operation and input).
    for (const h of hashes) expect(h.request_hash).toBe(requestHash('pay', h.request));
    return {
      bills: await q(
        'select to_jsonb(b) - array[$$updated_at$$, $$created_at$$] as row from bill b where agreement_id = ? order by id',
        [s.agreementId],
      ),
      transactions: await q('select to_jsonb(t) as row from ledger_transaction t where agreement_id = ? order by id', [
        s.agreementId,
      ]),
      entries: await q(
        `select to_jsonb(e) || jsonb_build_object('kind', a.kind) as row from ledger_entry e
         join ledger_transaction t on t.id = e.transaction_id join ledger_account a on a.id = e.ledger_account_id
         where t.agreement_id = ? order by e.id`,
        [s.agreementId],
      ),
      sources: await q('select to_jsonb(m) as row from bill_money_source m where bill_id = any(?::int[]) order by id', [
        billIds,
      ]),
      activities: await q('select to_jsonb(a) as row from activity a where agreement_id = ? order by id', [
        s.agreementId,
      ]),
      keys: await q(
        'select to_jsonb(i) as row from idempotency_record i where key = any(?::text[]) and user_id = ? order by key',
        [keys, user.userId],
      ),
      audit: await q(
        'select to_jsonb(a) as row from audit_record a where idempotency_key = any(?::text[]) order by id',
        [keys],
      ),
      notices: await q('select to_jsonb(n) as row from member_notice n where agreement_id = ? order by id', [
        s.agreementId,
      ]),
    };
  }

  const shape = (r: AutomaticPaymentsResult, billIds: number[]) => ({
    paid: r.paid.map((p) => billIds.indexOf(p.billId)),
    notPaid: r.notPaid.map((p) => ({ bill: billIds.indexOf(p.billId), code: p.code, message: p.message })),
  });

  it('writes, bill for bill, the rows payBill writes, and reports the same refusals', async () => {
    const single: Scenario[] = [];
    const batched: Scenario[] = [];
    for (const c of CASES) {
      single.push(await scenario(c));
      batched.push(await scenario(c));
    }
    const one = await payOneByOne(await withAmounts(single.flatMap(dueOf)));
    const many = await batch(await withAmounts(batched.flatMap(dueOf)));
    const singleIds = single.flatMap((s) => s.billIds);
    const batchedIds = batched.flatMap((s) => s.billIds);
    expect(shape(many, batchedIds)).toEqual(shape(one, singleIds));
    // Every case paid or refused as it should (the cases mean what they say).
    expect(shape(one, singleIds).notPaid.map((n) => n.code)).toEqual([
      'TOP_UP_REQUIRED',
      'BILLER_ON_HOLD',
      'MANAGER_APPROVAL_REQUIRED',
    ]);
    // The top-up cases took what they say: rainy day, then a short pay (status 9).
    const statuses = await w
      .em()
      .execute<{ status: number }[]>('select status from bill where id = any(?::int[]) order by id', [
        `{${single.flatMap((s) => s.billIds).join(',')}}`,
      ]);
    expect(statuses.map((r) => r.status)).toEqual([2, 2, 9, 6, 6, 2, 2, 6]);
    const rows = await Promise.all(batched.map(rowsOf));
    expect(JSON.stringify(rows[1].sources)).toContain('"source":3');
    for (const [i, c] of CASES.entries()) {
      expect({ case: c.name, rows: await rowsOf(batched[i]) }).toEqual({ case: c.name, rows: await rowsOf(single[i]) });
    }
    expect((await checkLedger(w.em())).ok).toBe(true);
  }, 120_000);

  it('pays nothing twice: a batch run again answers the stored payments and writes nothing', async () => {
    const s = await scenario(CASES[0]);
    const bills = await withAmounts(dueOf(s));
    const first = await batch(bills);
    const before = await rowsOf(s);
    const again = await batch(bills);
    expect(again.paid).toEqual(first.paid);
    expect(again.notPaid).toEqual([]);
    expect(await rowsOf(s)).toEqual(before);
  });

  it('leaves nothing when the batch fails half-way (its one transaction rolls back)', async () => {
    const s = await scenario(CASES[1]);
    const bills = await withAmounts(dueOf(s));
    const before = await rowsOf(s);
    await expect(
      w
        .em()
        .fork()
        .transactional(async (tx) => {
          await payments().payAutomatically(tx as EntityManager, user, bills);
          throw new Error('killed after the payments were written');
        }),
    ).rejects.toThrow('killed');
    expect(await rowsOf(s)).toEqual(before);
    const [{ n }] = await w
      .em()
      .execute<{ n: number }[]>('select count(*)::int as n from idempotency_record where key = ?', [
        automaticPaymentKey(s.billIds[0]),
      ]);
    expect(n).toBe(0);
  });
});
