import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ACCESS } from '../../server/src/common/auth/access.js';
import { addDays, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { add, parseMoney, type Cents } from '../../server/src/shared/money.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { SimulatedEvent, SimulatedOutcome } from '../../server/src/modules/core-banking/simulator.rules.js';
import type { LastBankDayView, NextBankDayView } from '../../server/src/modules/core-banking/bank-day-run.types.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createBankAgreement, type AgreementSpec, type BankAgreement } from './core-banking-world.js';
import { createMember, PASSWORD, type MemberFixture } from './payment-world.js';

const TZ = 'Australia/Sydney';
const START = '2026-01-01' as LocalDate;
const UNTIL = '2026-02-17' as LocalDate;

/** Water by BPAY (quarterly, from 16-02) and power by direct debit (monthly, from 20-01), both paid automatically. */
const SPEC: AgreementSpec = {
  start: START,
  end: '2026-12-31' as LocalDate,
  frequency: 2,
  billers: [
    { nickname: 'Water', paymentMethod: 0, value: '120.00', frequency: 5, dateOfBill: '2026-02-16' as LocalDate },
    { nickname: 'Power', paymentMethod: 4, value: '150.00', frequency: 3, dateOfBill: '2026-01-20' as LocalDate },
  ],
};

describe('tonight’s run, in sight (bankDayRun: the next bank day, and what the last one did)', () => {
  let server: TestServer;
  let clock: SimulationClock;
  const em = () => server.app.database.orm.em.fork();
  const run = () => server.app.services.bankDayRun;
  let clean: { fixture: MemberFixture; agreement: BankAgreement };
  let troubled: { fixture: MemberFixture; agreement: BankAgreement };
  /** What each day previewed and then did, per agreement. */
  const days = new Map<string, { preview: NextBankDayView; did: LastBankDayView; ledger: Cents[] }>();

  /** The agreement's total after each of the day's ledger transactions, in the order they were written. */
  async function ledgerRun(agreementId: number, date: LocalDate): Promise<Cents[]> {
    const before = (await agreementBalances(em(), [agreementId], { asOf: addDays(date, -1) })).get(agreementId)!.total;
    const rows = await em().execute<{ amount: string }[]>(
      `select (select coalesce(sum(e.amount), 0) from ledger_entry e join ledger_account la on la.id = e.ledger_account_id
               where e.transaction_id = t.id and la.agreement_id is not null)::text as amount
       from ledger_transaction t where t.agreement_id = ? and t.effective_date = ? and t.reverses_id is null
       order by t.id`,
      [agreementId, date],
    );
    let balance = before;
    return rows.map((row) => (balance = add(balance, parseMoney(row.amount))));
  }

  beforeAll(async () => {
    clock = new SimulationClock(zonedInstant(START, TZ, 0, 1), TZ);
    server = await startTestServer({ env: { DEMO_DATA: 'false' }, clock });
    const a = await createMember(em(), 'tonight1');
    const b = await createMember(em(), 'tonight2');
    clean = { fixture: a, agreement: await createBankAgreement(em(), a, SPEC) };
    troubled = { fixture: b, agreement: await createBankAgreement(em(), b, SPEC) };
    // The troubled member's deposit of 15-01 arrives only on 22-01, and the water bill's payment is refused by its bank.
    await em().execute(
      `insert into core_banking_outcome (member_id, event, outcome, date_from, date_to, until)
       values (?, ?, ?, '2026-01-15', '2026-01-15', '2026-01-21')`,
      [b.memberId, SimulatedEvent.Deposit, SimulatedOutcome.Missing],
    );
    await em().execute(
      `insert into core_banking_outcome (member_id, event, outcome, biller_id, date_from, date_to)
       values (?, ?, ?, ?, '2026-01-01', '2026-12-31')`,
      [b.memberId, SimulatedEvent.Payment, SimulatedOutcome.Failed, troubled.agreement.billerIds[0]],
    );
    for (let date = START; date <= UNTIL; date = addDays(date, 1)) {
      // The evening before: the bank's today is the day before, tonight's run is `date`.
      clock.setAt(addDays(date, -1), 18);
      expect(run().nextDay()).toBe(date);
      const previews = await Promise.all(
        [clean, troubled].map(({ agreement }) => run().nextBankDay(em(), agreement.agreementId, date)),
      );
      await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(), clock, date);
      for (const [i, { agreement }] of [clean, troubled].entries()) {
        const did = await run().lastBankDay(em(), agreement.agreementId, date);
        days.set(`${agreement.agreementId}:${date}`, {
          preview: previews[i],
          did,
          ledger: await ledgerRun(agreement.agreementId, date),
        });
      }
    }
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
  });

  const lineKey = (line: { kind: string; depositId: number | null; billId: number | null; amount: Cents }) =>
    `${line.kind} ${line.depositId ?? line.billId} ${line.amount}`;

  it('previews each day what the day then does, line by line: the same deposits and bills, amounts, order and balances', () => {
    let lines = 0;
    for (let date = START; date <= UNTIL; date = addDays(date, 1)) {
      const { preview, did, ledger } = days.get(`${clean.agreement.agreementId}:${date}`)!;
      expect(preview.date).toBe(date);
      expect(did.lines.map(lineKey), date).toEqual(preview.lines.map(lineKey));
      expect(did.lines.map((line) => line.outcome)).toEqual(
        preview.lines.map((line) => (line.kind === 'DEPOSIT' ? 'RECEIVED' : 'PAID')),
      );
      // Each line's balance after it is the ledger's total after the day wrote it.
      expect(ledger, date).toEqual(preview.lines.map((line) => line.balanceAfter));
      expect(preview.balanceAfter).toBe(ledger.at(-1) ?? preview.balanceBefore);
      lines += preview.lines.length;
    }
    // Fortnightly deposits from 01-01 and power on 20-01, water on 16-02 (deposits first, then each bill).
    expect(lines).toBeGreaterThanOrEqual(6);
    const feb16 = days.get(`${clean.agreement.agreementId}:2026-02-16`)!.preview.lines;
    expect(feb16.map((line) => line.label)).toContain('Water');
    const jan20 = days.get(`${clean.agreement.agreementId}:2026-01-20`)!.preview.lines;
    expect(jan20.map((line) => [line.kind, line.label])).toContainEqual(['BILL', 'Power']);
  });

  it('the morning after says what did not happen and why: a deposit missed, a payment refused by the biller’s bank', () => {
    const missed = days.get(`${troubled.agreement.agreementId}:2026-01-15`)!;
    expect(missed.preview.lines.map((line) => line.kind)).toContain('DEPOSIT');
    expect(missed.did.lines).toEqual([
      expect.objectContaining({
        kind: 'DEPOSIT',
        outcome: 'MISSED',
        amount: troubled.agreement.depositAmount,
        reason: expect.stringMatching(/^Deposit of \$[\d,.]+ due on 15-01-2026 was not received$/),
      }),
    ]);
    // Back in time for the water bill: previewed, paid at 00:05, refused by the biller's bank at the 3pm window.
    const feb16 = days.get(`${troubled.agreement.agreementId}:2026-02-16`)!;
    expect(feb16.preview.lines.map((line) => line.label)).toContain('Water');
    const water = feb16.did.lines.filter((line) => line.label === 'Water');
    expect(water).toEqual([
      expect.objectContaining({
        kind: 'BILL',
        outcome: 'FAILED',
        amount: parseMoney('120.00'),
        reason: expect.any(String),
      }),
    ]);
    expect(water[0].reason).toMatch(/Water/);
    // The night the missed deposit arrives, in arrears: the deposit first (asked for again), which brings the
    // agreement back, then the power bill that waited, paid the same night; the balance after each as the ledger's.
    const jan22 = days.get(`${troubled.agreement.agreementId}:2026-01-22`)!;
    expect(jan22.preview.lines.map((line) => [line.kind, line.label, line.late])).toEqual([
      ['DEPOSIT', 'Missed deposit due on 15-01-2026', true],
      ['BILL', 'Power', true],
    ]);
    expect(jan22.did.lines.map(lineKey)).toEqual(jan22.preview.lines.map(lineKey));
    expect(jan22.did.lines.map((line) => line.outcome)).toEqual(['RECEIVED', 'PAID']);
    expect(jan22.ledger).toEqual(jan22.preview.lines.map((line) => line.balanceAfter));
  });

  it('answers on GraphQL to the account’s member, and refuses another member', async () => {
    const query = `query ($memberId: Int!, $accountId: Int!) { bankDayRun(memberId: $memberId, accountId: $accountId) {
      accountId agreementId next { date balanceBefore balanceAfter lines { kind label amount balanceAfter late short } }
      last { date lines { kind label amount outcome reason } } } }`;
    const token = await server.token(clean.fixture.username, PASSWORD);
    const own = await server.graphql<{
      bankDayRun: { agreementId: number; next: { date: string }; last: { date: string } };
    }>(query, { memberId: clean.fixture.memberId, accountId: clean.agreement.accountId }, token);
    expect(own.body.errors).toBeUndefined();
    expect(own.body.data?.bankDayRun).toMatchObject({
      agreementId: clean.agreement.agreementId,
      next: { date: addDays(UNTIL, 1) },
      last: { date: UNTIL },
    });
    const other = await server.graphql(
      query,
      { memberId: clean.fixture.memberId, accountId: troubled.agreement.accountId },
      token,
    );
    expect(other.body.errors?.[0]?.message).toBe(NO_ACCESS);
  });
});
