import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreBankingSimulator } from '../../server/src/modules/core-banking/core-banking.simulator.js';
import { reconcile } from '../../server/src/modules/core-banking/reconciliation.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  accountWithStatus,
  ACTIVITIES,
  em,
  gql,
  memberIdOf,
  salaryInto,
  session,
  sql,
  type Session,
} from './portal-support.js';

/**
 * Issue 26 item 5, the arrears journey: 100002 (Jack, in missed deposit) sees how much is owed, since when, the
 * deposit that would clear it and the account to pay into, all from the projection; a catch-up deposit from his
 * linked account pays towards the missed deposits (once per key), a part leaves him in missed deposit, the rest makes
 * the agreement active again, staff read it in the history, and a refused one changes nothing. Runs on the real
 * PostgreSQL (DATABASE_URL) and on the embedded one.
 */

const CATCH_UP = `mutation($input: CatchUpDepositInput!) {
  catchUpDeposit(input: $input) { ok transactionIds stillOwed arrearsCleared status errors { code field message } } }`;
const ARREARS = `query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) {
  agreement { status }
  projection { nextDeposit { date amount }
    arrears { amount since missedDeposits clearingDeposit { date amount } payIntoAccount } } } }`;

interface CatchUpAnswer {
  ok: boolean;
  transactionIds: number[];
  stillOwed: string | null;
  arrearsCleared: boolean;
  status: string | null;
  errors: { code: string; field: string | null; message: string }[];
}

interface ArrearsAnswer {
  agreement: { status: string };
  projection: {
    nextDeposit: { date: string; amount: string } | null;
    arrears: {
      amount: string;
      since: string;
      missedDeposits: number;
      clearingDeposit: { date: string; amount: string } | null;
      payIntoAccount: string | null;
    } | null;
  };
}

let server: TestServer;
let jack: Session;
let agent: Session;
let jackId: number;
let accountId: number;
let agreementId: number;
let accountNumber: string;
/** Jack's linked savings account holding the most. */
let savings: { id: number; accountNumber: string };

const centsOf = (money: string) => Math.round(Number(money) * 100);
const dollars = (amount: number) => (amount / 100).toFixed(2);

async function catchUp(who: Session, input: Record<string, unknown>): Promise<CatchUpAnswer> {
  const body = await gql<{ catchUpDeposit: CatchUpAnswer }>(server, who, CATCH_UP, {
    input: { contractId: agreementId, accountNumber: savings.accountNumber, idempotencyKey: randomUUID(), ...input },
  });
  expect(body.errors).toBeUndefined();
  return body.data!.catchUpDeposit;
}

async function arrearsNow(): Promise<ArrearsAnswer> {
  const body = await gql<{ accountOverview: ArrearsAnswer }>(server, jack, ARREARS, { m: jackId, a: accountId });
  expect(body.errors).toBeUndefined();
  return body.data!.accountOverview;
}

/** What moved on the agreement and what it is: its ledger transactions, status, deposits' received amounts. */
async function state() {
  const [row] = await sql<{ transactions: number; status: number; received: string; audits: number }>(
    server,
    `select (select count(*)::int from ledger_transaction where agreement_id = g.id) as transactions, g.status,
       (select coalesce(sum(received_amount), 0)::text from scheduled_deposit where agreement_id = g.id) as received,
       (select count(*)::int from audit_record) as audits
     from agreement g where g.id = ?`,
    [agreementId],
  );
  return row;
}

beforeAll(async () => {
  server = await startTestServer();
  jack = await session(server, MEMBER_MISSED_DEPOSIT);
  agent = await session(server, AGENT);
  jackId = await memberIdOf(server, MEMBER_MISSED_DEPOSIT[0]);
  ({ accountId, agreementId } = await accountWithStatus(server, jackId, 4));
  const [account] = await sql<{ account_number: string }>(server, 'select account_number from account where id = ?', [
    accountId,
  ]);
  accountNumber = account.account_number;
  // Enough in his savings account for the whole catch-up (the demo's may hold less than he owes).
  const salary = await salaryInto(server, jackId);
  savings = salary.account;
  const credit = salary.posted;
  expect(credit.transactionId).toBeGreaterThan(0);
});
afterAll(() => server?.stop());

describe('the arrears banner (the projection)', () => {
  it('says how much is owed, since when, the deposit that would clear it and the account to pay into', async () => {
    const { agreement, projection } = await arrearsNow();
    expect(agreement.status).toBe('MissedDeposit');
    const arrears = projection.arrears!;
    expect(centsOf(arrears.amount)).toBeGreaterThan(0);
    expect(arrears.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(arrears.missedDeposits).toBeGreaterThan(0);
    expect(arrears.payIntoAccount).toBe(accountNumber);
    expect(arrears.clearingDeposit).toEqual({
      date: projection.nextDeposit!.date,
      amount: dollars(centsOf(projection.nextDeposit!.amount) + centsOf(arrears.amount)),
    });
  });
});

describe('catchUpDeposit', () => {
  it('refuses what it cannot do, and changes nothing', async () => {
    const owed = centsOf((await arrearsNow()).projection.arrears!.amount);
    const before = await state();
    const refusals = [
      [await catchUp(jack, { amount: dollars(owed + 1) }), 'CATCH_UP_ABOVE_ARREARS'],
      [await catchUp(jack, { amount: '0' }), 'INVALID_AMOUNT'],
      [await catchUp(jack, { amount: '10.00', accountNumber: '99999999' }), 'LINKED_ACCOUNT_REQUIRED'],
      [await catchUp(jack, { amount: '10.00', idempotencyKey: 'short' }), 'INVALID_IDEMPOTENCY_KEY'],
    ] as const;
    for (const [answer, code] of refusals) {
      expect(answer).toMatchObject({ ok: false, transactionIds: [], errors: [expect.objectContaining({ code })] });
    }
    expect(refusals[0][0].errors[0].message).toBe(
      `A catch-up deposit can be at most what is owed: $${(owed / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}.`,
    );
    // An active agreement has nothing to catch up; another member's agreement is not reached at all.
    const mary = await session(server, MEMBER_TWO_ACCOUNTS);
    const maryAgreement = await accountWithStatus(server, Number(mary.memberId), 7);
    const active = await gql<{ catchUpDeposit: CatchUpAnswer }>(server, mary, CATCH_UP, {
      input: {
        contractId: maryAgreement.agreementId,
        accountNumber: '00000000',
        amount: '10.00',
        idempotencyKey: randomUUID(),
      },
    });
    expect(active.data!.catchUpDeposit.errors[0]).toMatchObject({
      code: 'NO_MISSED_DEPOSIT',
      message: 'This agreement has no missed deposit to catch up.',
    });
    const stranger = await gql(server, mary, CATCH_UP, {
      input: {
        contractId: agreementId,
        accountNumber: savings.accountNumber,
        amount: '10.00',
        idempotencyKey: randomUUID(),
      },
    });
    expect(stranger.data).toBeNull();
    expect(stranger.errors?.[0]?.message).toBe('You do not have access to this member or account.');
    expect(await state()).toEqual(before);
  });

  it('a part: pays the oldest missed deposit, once per key, and leaves the agreement in missed deposit', async () => {
    const owed = centsOf((await arrearsNow()).projection.arrears!.amount);
    const before = await state();
    const key = randomUUID();
    const [first, retried] = await Promise.all([
      catchUp(jack, { amount: '100.00', idempotencyKey: key }),
      catchUp(jack, { amount: '100.00', idempotencyKey: key }),
    ]);
    expect(first).toMatchObject({
      ok: true,
      arrearsCleared: false,
      status: 'MissedDeposit',
      stillOwed: dollars(owed - 10_000),
    });
    expect(first.transactionIds).toHaveLength(1);
    expect(retried).toEqual(first);
    const again = await catchUp(jack, { amount: '100.00', idempotencyKey: key });
    expect(again).toEqual(first);
    const after = await state();
    expect(after.transactions).toBe(before.transactions + 1);
    expect(after.status).toBe(4);
    expect(centsOf(after.received) - centsOf(before.received)).toBe(10_000);
    expect(centsOf((await arrearsNow()).projection.arrears!.amount)).toBe(owed - 10_000);
    expect((await checkLedger(em(server))).checks.filter((check) => check.violations > 0)).toEqual([]);
  });

  it('all that is owed: the agreement is active again, staff read it in the history, the bank agrees', async () => {
    const owed = (await arrearsNow()).projection.arrears!.amount;
    const answer = await catchUp(jack, { amount: owed });
    expect(answer).toMatchObject({ ok: true, arrearsCleared: true, status: 'Active', stillOwed: '0.00', errors: [] });
    const { agreement, projection } = await arrearsNow();
    expect(agreement.status).toBe('Active');
    expect(projection.arrears).toBeNull();

    const history = await gql<{ activities: { items: { details: string; type: number; transactionId: number }[] } }>(
      server,
      agent,
      ACTIVITIES,
      { m: jackId, a: accountId, p: 1, s: 20 },
    );
    const catchUps = history.data!.activities.items.filter((item) => item.details.startsWith('Catch-up deposit of'));
    expect(catchUps.length).toBe(1 + answer.transactionIds.length);
    const last = catchUps.find((item) => item.transactionId === answer.transactionIds.at(-1))!;
    expect(last.type).toBe(20);
    expect(last.details).toMatch(
      new RegExp(
        `from account ${savings.accountNumber} towards the missed deposit of \\$[\\d,.]+ due on \\d{2}-\\d{2}-\\d{4}\\. All missed deposits are now paid: bill payments resume\\.$`,
      ),
    );

    // The bank's statement counts the catch-up for those deposits, as the ledger does: no reconciliation mismatch.
    const today = server.app.services.projections.today();
    const result = await em(server).transactional((tx) => reconcile(tx, new CoreBankingSimulator(), today, new Date()));
    expect(result.mismatches.filter((mismatch) => mismatch.agreementId === agreementId)).toEqual([]);
    expect((await checkLedger(em(server))).checks.filter((check) => check.violations > 0)).toEqual([]);
  });

  it('refuses once nothing is owed: the agreement is active', async () => {
    const answer = await catchUp(jack, { amount: '10.00' });
    expect(answer.errors[0]?.code).toBe('NO_MISSED_DEPOSIT');
  });
});
