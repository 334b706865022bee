import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../server/src/common/auth/roles.js';
import { addDays, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { MONEY_MESSAGES } from '../../server/src/shared/money-movement.rules.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createBankAgreement, type AgreementSpec, type BankAgreement } from './core-banking-world.js';
import { createMember, createUser, PASSWORD, type MemberFixture } from './payment-world.js';

/**
 * Issue 26 item 4: one rule for who may move money in which status. A resigned membership, a locked, cancelled or
 * expired agreement moves no money — the member, staff and the bank day alike — over GraphQL and REST, with the same
 * words; an active one does.
 */
const TZ = 'Australia/Sydney';
const START = '2026-01-01' as LocalDate;
const SPEC: AgreementSpec = {
  start: START,
  end: '2026-12-31' as LocalDate,
  frequency: 2,
  billers: [
    { nickname: 'Water', paymentMethod: 0, value: '120.00', frequency: 3, dateOfBill: '2026-01-05' as LocalDate },
  ],
};

const PAY = `mutation($input: PayBillInput!) { payBill(input: $input) { ok errors { code message } } }`;
const REIMBURSE = PAY.replace('payBill(', 'reimburseBill(');
const TOP_UP = `mutation($input: RainyDayTopUpInput!) { topUpRainyDay(input: $input) { ok errors { code message } } }`;

let server: TestServer;
let clock: SimulationClock;
let agent: string;
let serial = 0;
const em = () => server.app.database.orm.em.fork();

interface World {
  member: MemberFixture;
  token: string;
  agreement: BankAgreement;
  billId: number;
}

async function world(): Promise<World> {
  const member = await createMember(em(), `money${++serial}`);
  const agreement = await createBankAgreement(em(), member, SPEC);
  const [bill] = await em().execute<{ id: number }[]>(
    'select id from bill where agreement_id = ? order by due_date limit 1',
    [agreement.agreementId],
  );
  return { member, token: await server.token(member.username, PASSWORD), agreement, billId: Number(bill.id) };
}

const setStatus = (w: World, status: number) =>
  em().execute('update agreement set status = ? where id = ?', [status, w.agreement.agreementId]);
const resign = (w: World) => em().execute('update member set is_resigned = true where id = ?', [w.member.memberId]);

async function attempts(w: World, token: string) {
  const pay = await server.graphql<{ payBill: { ok: boolean; errors: { code: string; message: string }[] } }>(
    PAY,
    { input: { billId: w.billId, billAmount: '120.00', idempotencyKey: randomUUID() } },
    token,
  );
  const reimburse = await server.graphql<{ reimburseBill: { ok: boolean; errors: { code: string }[] } }>(
    REIMBURSE,
    {
      input: {
        billId: w.billId,
        billAmount: '120.00',
        idempotencyKey: randomUUID(),
        reimbursementAccountNumber: w.member.savingsAccount,
      },
    },
    token,
  );
  const topUp = await server.graphql<{ topUpRainyDay: { ok: boolean; errors: { code: string }[] } }>(
    TOP_UP,
    {
      input: {
        contractId: w.agreement.agreementId,
        accountNumber: w.member.savingsAccount,
        topupAmount: '10.00',
        idempotencyKey: randomUUID(),
      },
    },
    token,
  );
  const rest = await fetch(`${server.url}/api/bills/PayBill`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ bill: { billId: w.billId }, payment: { billAmount: 120 } }),
  });
  return {
    pay: pay.body.data!.payBill.errors[0]?.code ?? 'ok',
    payMessage: pay.body.data!.payBill.errors[0]?.message,
    reimburse: reimburse.body.data!.reimburseBill.errors[0]?.code ?? 'ok',
    topUp: topUp.body.data!.topUpRainyDay.errors[0]?.code ?? 'ok',
    rest: { status: rest.status, body: (await rest.json()) as { code?: string; message?: string } },
  };
}

async function moneyMoved(w: World): Promise<number> {
  const [row] = await em().execute<{ n: number }[]>(
    'select count(*)::int as n from ledger_transaction where agreement_id = ?',
    [w.agreement.agreementId],
  );
  return Number(row.n);
}

beforeAll(async () => {
  clock = new SimulationClock(zonedInstant('2026-01-06' as LocalDate, TZ, 10), TZ);
  server = await startTestServer({ env: { DEMO_DATA: 'false' }, clock });
  await createUser(em(), 'money-agent', [Role.AGENT]);
  agent = await server.token('money-agent', PASSWORD);
}, 120_000);
afterAll(() => server?.stop());

describe('money by status: members and staff', () => {
  it.each([
    ['locked', 8, 'AGREEMENT_LOCKED'],
    ['cancelled', 6, 'AGREEMENT_CANCELLED'],
    ['expired', 5, 'AGREEMENT_EXPIRED'],
  ])(
    'moves no money on a %s agreement, for the member or staff, over GraphQL and REST',
    async (_name, status, code) => {
      const w = await world();
      await setStatus(w, status);
      const before = await moneyMoved(w);
      for (const token of [w.token, agent]) {
        const tried = await attempts(w, token);
        expect(tried).toMatchObject({ pay: code, reimburse: code, topUp: code });
        expect(tried.rest).toEqual({ status: 400, body: expect.objectContaining({ code }) });
        expect(tried.rest.body.message).toBe(tried.payMessage);
      }
      expect(await moneyMoved(w)).toBe(before);
    },
  );

  it('moves no money for a resigned membership, whoever asks, with the spec’s sentence', async () => {
    const w = await world();
    await resign(w);
    const before = await moneyMoved(w);
    for (const token of [w.token, agent]) {
      const tried = await attempts(w, token);
      expect(tried).toMatchObject({
        pay: 'MEMBERSHIP_RESIGNED',
        payMessage: MONEY_MESSAGES.MEMBERSHIP_RESIGNED,
        reimburse: 'MEMBERSHIP_RESIGNED',
        topUp: 'MEMBERSHIP_RESIGNED',
      });
      expect(tried.rest.status).toBe(400);
    }
    expect(await moneyMoved(w)).toBe(before);
  });

  it('still moves money on an active agreement (the member pays the bill)', async () => {
    const w = await world();
    const tried = await attempts(w, w.token);
    expect(tried.pay).toBe('ok');
    expect(tried.topUp).toBe('ok');
  });
});

describe('money by status: the bank day', () => {
  it('takes no deposit and pays no bill automatically for a resigned membership or a locked agreement', async () => {
    const active = await world();
    const resigned = await world();
    const locked = await world();
    await resign(resigned);
    await setStatus(locked, 8);
    // Up to the first deposit and bill after it (fortnightly from the start; Water due on the 5th, monthly).
    for (let date = '2026-01-06' as LocalDate; date <= '2026-02-06'; date = addDays(date, 1)) {
      await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(), clock, date);
    }
    const balance = async (w: World) =>
      (await agreementBalances(em(), [w.agreement.agreementId])).get(w.agreement.agreementId)!.total;
    expect(await balance(active)).not.toBe(0);
    for (const w of [resigned, locked]) {
      expect(await moneyMoved(w)).toBe(0);
      const paid = await em().execute('select 1 from bill where agreement_id = ? and status = 2', [
        w.agreement.agreementId,
      ]);
      expect(paid).toEqual([]);
    }
  }, 240_000);
});
