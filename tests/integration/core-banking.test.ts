import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../server/src/common/auth/current-user.js';
import { Role } from '../../server/src/common/auth/roles.js';
import { DomainError } from '../../server/src/shared/errors.js';
import { addDays, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { parseMoney, sub, toDecimalString } from '../../server/src/shared/money.js';
import { agreementBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { DAY_STEPS } from '../../server/src/modules/core-banking/bank-day.service.js';
import {
  BANK_AUTOPAY_JOB,
  BANK_CALENDAR_JOB,
  BANK_DAY_JOB,
  BANK_PART_JOB,
  BANK_RECONCILIATION_JOB,
  BANK_STEP_JOBS,
  BANK_WINDOW_JOB,
} from '../../server/src/modules/core-banking/core-banking.jobs.js';
import { SENT_PAYMENTS_SQL } from '../../server/src/modules/core-banking/payment-windows.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { SimulatedEvent, SimulatedOutcome } from '../../server/src/modules/core-banking/simulator.rules.js';
import { realDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createBankAgreement, type AgreementSpec } from './core-banking-world.js';
import { createMember, createUser, PASSWORD, type MemberFixture } from './payment-world.js';

const TZ = 'Australia/Sydney';
const DEBUG_UNTIL = process.env.BANK_DEBUG_UNTIL as LocalDate | undefined;
const START = '2026-01-01' as LocalDate;

/** Water by BPAY (fixed, quarterly) and power by direct debit (varies: a 10% contingency), both paid automatically. */
const YEAR: AgreementSpec = {
  start: START,
  end: '2026-12-31' as LocalDate,
  frequency: 2,
  billers: [
    { nickname: 'Water', paymentMethod: 0, value: '120.00', frequency: 5, dateOfBill: '2026-02-16' as LocalDate },
    {
      nickname: 'Power',
      paymentMethod: 4,
      value: '150.00',
      frequency: 3,
      dateOfBill: '2026-01-20' as LocalDate,
      varies: true,
    },
  ],
};

describe('the bank side in motion (jobs on the simulator, day by day)', () => {
  let server: TestServer;
  let clock: SimulationClock;
  const em = () => server.app.database.orm.em.fork();
  const live = (date: LocalDate) =>
    simulateDay(server.app.services.jobs, server.app.services.bankDay, em(), clock, date);
  let serial = 0;
  const member = async (): Promise<MemberFixture> => createMember(em(), `bank${++serial}`);

  beforeAll(async () => {
    clock = new SimulationClock(zonedInstant(START, TZ, 0, 1), TZ);
    server = await startTestServer({ env: { DEMO_DATA: 'false' }, clock });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('lives through a year of one agreement whose ledger follows the deposit calculator to the cent', async () => {
    const agreement = await createBankAgreement(em(), await member(), YEAR);
    const forecast = new Map(agreement.forecast.map((d) => [d.date, d.balance]));
    const mismatches: string[] = [];
    for (let date = START; date <= (DEBUG_UNTIL ?? YEAR.end); date = addDays(date, 1)) {
      const { day } = await live(date);
      for (const refused of day.bills.notPaid) mismatches.push(`${date}: not paid ${JSON.stringify(refused)}`);
      // Every deposit and every payment (settled the day before) agrees with the bank's statement.
      for (const m of day.reconciliation.mismatches.filter((m) => m.agreementId === agreement.agreementId)) {
        mismatches.push(`${date}: ${m.sentence}`);
      }
      const balances = (await agreementBalances(em(), [agreement.agreementId])).get(agreement.agreementId)!;
      // The forecast spends each bill's contingency; a bill paid at its expected amount pours it into rainy day.
      const [{ poured }] = await em().execute<{ poured: string }[]>(
        'select coalesce(sum(contingency), 0) as poured from bill where agreement_id = ? and paid_date <= ?',
        [agreement.agreementId, date],
      );
      const ledger = sub(balances.total, parseMoney(String(poured)));
      if (ledger !== forecast.get(date)) mismatches.push(`${date}: ledger ${ledger}, forecast ${forecast.get(date)}`);
    }
    expect(mismatches).toEqual([]);
    const bills = await em().execute<{ status: number; n: number }[]>(
      'select status, count(*)::int as n from bill where agreement_id = ? group by status',
      [agreement.agreementId],
    );
    expect(bills).toEqual([{ status: 2, n: 16 }]); // 4 water + 12 power, all paid once
    const payments = await em().execute<{ status: number; n: number }[]>(
      'select transaction_status as status, count(*)::int as n from activity where agreement_id = ? and type = 0 group by 1',
      [agreement.agreementId],
    );
    expect(payments).toEqual([{ status: 2, n: 16 }]); // every one Successfull by its window
    const [deposits] = await em().execute<{ received: number; other: number }[]>(
      `select count(*) filter (where status = 1)::int as received, count(*) filter (where status <> 1)::int as other
       from scheduled_deposit where agreement_id = ?`,
      [agreement.agreementId],
    );
    expect(deposits).toEqual({ received: agreement.depositIds.length, other: 0 });
    await live(addDays(YEAR.end, 1));
    const [{ status }] = await em().execute<{ status: number }[]>('select status from agreement where id = ?', [
      agreement.agreementId,
    ]);
    expect(status).toBe(5); // expired the day after its end date
    expect((await checkLedger(em())).ok).toBe(true);
  }, 600_000);
  async function memberUser(fixture: MemberFixture): Promise<CurrentUser> {
    const [row] = await em().execute<{ id: number }[]>('select id from app_user where username = ?', [
      fixture.username,
    ]);
    return {
      userId: row.id,
      sessionId: 'test',
      username: fixture.username,
      displayName: fixture.username,
      roles: [Role.MEMBER],
      memberId: fixture.memberId,
    };
  }

  async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string }> {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof DomainError)) throw new Error(`Expected a refusal, got ${String(error)}`);
    return { code: error.code, message: error.message };
  }

  const statusOf = async (table: string, id: number) =>
    (await em().execute<{ status: number }[]>(`select status from ${table} where id = ?`, [id]))[0].status;
  const activities = async (agreementId: number, type: number) =>
    em().execute<{ details: string; transaction_status: number | null }[]>(
      'select details, transaction_status from activity where agreement_id = ? and type = ? order by id',
      [agreementId, type],
    );

  it('goes into arrears when a deposit is missed and back when the missed amount arrives', async () => {
    const fixture = await member();
    const spec: AgreementSpec = {
      start: '2027-01-01' as LocalDate,
      end: '2027-12-31' as LocalDate,
      frequency: 2,
      billers: [
        { nickname: 'Power', paymentMethod: 4, value: '150.00', frequency: 3, dateOfBill: '2027-01-20' as LocalDate },
      ],
    };
    const agreement = await createBankAgreement(em(), fixture, spec);
    await em().execute(
      `insert into core_banking_outcome (member_id, event, outcome, date_from, date_to, until)
       values (?, ?, ?, '2027-01-15', '2027-01-15', '2027-01-22')`,
      [fixture.memberId, SimulatedEvent.Deposit, SimulatedOutcome.Missing],
    );
    const [powerBill] = await em().execute<{ id: number }[]>(
      "select id from bill where agreement_id = ? and due_date = '2027-01-20'",
      [agreement.agreementId],
    );
    for (let date = spec.start; date <= '2027-01-22'; date = addDays(date, 1)) await live(date as LocalDate);

    expect(await statusOf('agreement', agreement.agreementId)).toBe(4);
    expect(await statusOf('scheduled_deposit', agreement.depositIds[1])).toBe(2);
    expect((await activities(agreement.agreementId, 14)).map((a) => a.details)).toEqual([
      `Deposit of ${formatted(agreement.depositAmount)} due on 15-01-2027 was not received`,
    ]);
    // Bill payments are suspended: the automatic payment waited, and the member cannot pay it either.
    expect(await statusOf('bill', powerBill.id)).toBe(1);
    const user = await memberUser(fixture);
    const payment = { billId: powerBill.id, billOrAllocation: 'bill' as const, billAmount: '150.00' };
    expect(
      await refusal(server.app.services.payments.payBill(em(), user, { ...payment, idempotencyKey: 'arrears-pay-1' })),
    ).toMatchObject({ code: 'PAYMENT_SUSPENDED_IN_ARREARS' });

    const { day } = await live('2027-01-23' as LocalDate);
    expect(day.deposits.received).toMatchObject([{ depositId: agreement.depositIds[1], late: true }]);
    expect(day.deposits.arrearsCleared).toEqual([agreement.agreementId]);
    expect(await statusOf('agreement', agreement.agreementId)).toBe(7);
    expect(await statusOf('scheduled_deposit', agreement.depositIds[1])).toBe(1);

    expect(await activities(agreement.agreementId, 20)).toHaveLength(1);
    expect(await statusOf('bill', powerBill.id)).toBe(2); // paid by the same day's automatic payments
    expect((await checkLedger(em())).ok).toBe(true);
  }, 300_000);

  it('stays in arrears while only part of the missed amount has arrived, then goes back when all of it has', async () => {
    const fixture = await member();
    const spec: AgreementSpec = {
      start: '2028-01-01' as LocalDate,
      end: '2028-12-31' as LocalDate,
      frequency: 2,
      billers: [
        { nickname: 'Power', paymentMethod: 4, value: '150.00', frequency: 3, dateOfBill: '2028-01-20' as LocalDate },
      ],
    };
    const agreement = await createBankAgreement(em(), fixture, spec);
    const missedId = agreement.depositIds[1]; // due 2028-01-15
    // Nothing of it until the 19th, then only $50.00 of it until 1 February, then the rest.
    await em().execute(
      `insert into core_banking_outcome (member_id, event, outcome, date_from, date_to, until, amount)
       values (?, ?, ?, '2028-01-15', '2028-01-15', '2028-01-19', null),
              (?, ?, ?, '2028-01-15', '2028-01-15', '2028-02-01', 50)`,
      [
        fixture.memberId,
        SimulatedEvent.Deposit,
        SimulatedOutcome.Missing,
        fixture.memberId,
        SimulatedEvent.Deposit,
        SimulatedOutcome.Partial,
      ],
    );
    const [powerBill] = await em().execute<{ id: number }[]>(
      "select id from bill where agreement_id = ? and due_date = '2028-01-20'",
      [agreement.agreementId],
    );
    const deposit = async () => {
      const [row] = await em().execute<{ status: number; received_amount: string }[]>(
        'select status, received_amount from scheduled_deposit where id = ?',
        [missedId],
      );
      return { status: row.status, received: row.received_amount };
    };
    for (let date = spec.start; date <= '2028-01-19'; date = addDays(date, 1)) await live(date as LocalDate);
    expect(await statusOf('agreement', agreement.agreementId)).toBe(4);
    expect(await deposit()).toEqual({ status: 2, received: '0.00' });

    // A part arrives: received in part (3), still in arrears, the automatic payment still waits.
    const part = await live('2028-01-20' as LocalDate);
    expect(part.day.deposits.received).toMatchObject([{ depositId: missedId, amount: 5000, late: true }]);
    expect(part.day.deposits.arrearsCleared).toEqual([]);
    expect(await deposit()).toEqual({ status: 3, received: '50.00' });
    expect(await statusOf('agreement', agreement.agreementId)).toBe(4);
    expect(await statusOf('bill', powerBill.id)).toBe(6);
    expect((await activities(agreement.agreementId, 20)).map((a) => a.details)).toEqual([
      `Missed deposit of $50.00 (part of ${formatted(agreement.depositAmount)}) due on 15-01-2028 received by payroll deduction`,
    ]);

    // The next deposit arrives in full on its date: it does not make up for the missed one.
    for (let date = '2028-01-21'; date <= '2028-02-01'; date = addDays(date as LocalDate, 1)) {
      await live(date as LocalDate);
    }
    expect(await statusOf('scheduled_deposit', agreement.depositIds[2])).toBe(1);
    expect(await statusOf('agreement', agreement.agreementId)).toBe(4);
    expect(await statusOf('bill', powerBill.id)).toBe(4);
    expect(await deposit()).toEqual({ status: 3, received: '50.00' });

    // The rest arrives: received (1), back to active, and the waiting payment is made that day.
    const rest = await live('2028-02-02' as LocalDate);
    expect(rest.day.deposits.received).toMatchObject([
      { depositId: missedId, amount: sub(agreement.depositAmount, parseMoney('50.00')), late: true },
    ]);
    expect(rest.day.deposits.arrearsCleared).toEqual([agreement.agreementId]);
    expect(await deposit()).toEqual({ status: 1, received: toDecimalString(agreement.depositAmount) });
    expect(await statusOf('agreement', agreement.agreementId)).toBe(7);
    expect(await statusOf('bill', powerBill.id)).toBe(2);
    expect(await activities(agreement.agreementId, 14)).toHaveLength(1);
    // A re-run of the day changes nothing.
    const again = await server.app.services.bankDay.runDay(em());
    expect(again.deposits.received).toEqual([]);
    expect((await checkLedger(em())).ok).toBe(true);
  }, 300_000);

  it('reconciles the day with the bank: a deposit the bank did not credit is reported once, never corrected', async () => {
    const fixture = await member();
    const spec: AgreementSpec = {
      start: '2029-01-01' as LocalDate,
      end: '2029-12-31' as LocalDate,
      frequency: 2,
      billers: [
        { nickname: 'Power', paymentMethod: 4, value: '150.00', frequency: 3, dateOfBill: '2029-01-20' as LocalDate },
      ],
    };
    const agreement = await createBankAgreement(em(), fixture, spec);
    const first = await live(spec.start);
    expect(first.day.reconciliation.mismatches).toEqual([]);
    expect(first.day.reconciliation.checked).toBeGreaterThanOrEqual(1);
    const balancesBefore = (await agreementBalances(em(), [agreement.agreementId])).get(agreement.agreementId);

    // The bank's statement now says the deposit of 1 January never arrived (a correction on its side).
    await em().execute(
      `insert into core_banking_outcome (member_id, event, outcome, date_from, date_to)
       values (?, ?, ?, '2029-01-01', '2029-01-01')`,
      [fixture.memberId, SimulatedEvent.Deposit, SimulatedOutcome.Missing],
    );
    const sentence =
      `Reconciliation of 01-01-2029: the bank has credited $0.00 for deposit ${agreement.depositIds[0]}, ` +
      `the ledger has recorded ${formatted(agreement.depositAmount)}`;
    const mismatch = {
      kind: 'deposit',
      id: agreement.depositIds[0],
      agreementId: agreement.agreementId,
      bank: 0,
      ledger: agreement.depositAmount,
      sentence,
    };
    for (let run = 0; run < 2; run += 1) {
      const again = await server.app.services.bankDay.runDay(em());
      expect(again.reconciliation.mismatches.filter((m) => m.agreementId === agreement.agreementId)).toEqual([
        mismatch,
      ]);
    }
    expect((await activities(agreement.agreementId, 18)).map((a) => a.details)).toEqual([sentence]);
    // Reported, not fixed: the deposit and the balances are as they were.
    expect(await statusOf('scheduled_deposit', agreement.depositIds[0])).toBe(1);
    expect((await agreementBalances(em(), [agreement.agreementId])).get(agreement.agreementId)).toEqual(balancesBefore);
    // The day's reconciliation job (as the staff page reads it): the mismatch counted as failed, with its sentence.
    const jobs = server.app.services.jobs;
    await jobs.send(em(), BANK_RECONCILIATION_JOB, { date: spec.start }, { key: 'reconcile:2029-01-01' });
    // The step's run, its part, its finish; then the rest of its day.
    for (const step of [BANK_RECONCILIATION_JOB, BANK_AUTOPAY_JOB, BANK_CALENDAR_JOB]) {
      await jobs.drain(step);
      await jobs.drain(BANK_PART_JOB);
      await jobs.drain(step);
    }
    const [run] = await em().execute<{ output: { itemsFailed: number; problem: string } }[]>(
      "select output from pgboss.job where name = 'core-banking-reconciliation' and state = 'completed' order by completed_on desc limit 1",
    );
    expect(run.output.itemsFailed).toBeGreaterThanOrEqual(1);
    expect(run.output.problem).toContain(sentence);
    expect(await activities(agreement.agreementId, 18)).toHaveLength(1);
    expect((await checkLedger(em())).ok).toBe(true);
  }, 300_000);

  it('reconciles payments out with what the bank debited: another amount, or debited though failed', async () => {
    const fixture = await member();
    const spec: AgreementSpec = {
      start: '2031-01-01' as LocalDate,
      end: '2031-12-31' as LocalDate,
      frequency: 2,
      billers: [
        { nickname: 'Water', paymentMethod: 0, value: '120.00', frequency: 3, dateOfBill: '2031-01-10' as LocalDate },
        { nickname: 'Power', paymentMethod: 4, value: '150.00', frequency: 3, dateOfBill: '2031-01-12' as LocalDate },
      ],
    };
    const agreement = await createBankAgreement(em(), fixture, spec);
    const [waterId, powerId] = agreement.billerIds;
    // The bank settles January's Water payment for $130.00; it rejects January's Power payment but debits it.
    await em().execute(
      `insert into core_banking_outcome (member_id, event, outcome, biller_id, date_from, date_to, amount)
       values (?, ?, ?, ?, '2031-01-01', '2031-01-31', 130), (?, ?, ?, ?, '2031-01-01', '2031-01-31', null),
              (?, ?, ?, ?, '2031-01-01', '2031-01-31', 150)`,
      [
        ...[fixture.memberId, SimulatedEvent.Payment, SimulatedOutcome.SettledFor, waterId],
        ...[fixture.memberId, SimulatedEvent.Payment, SimulatedOutcome.Failed, powerId],
        ...[fixture.memberId, SimulatedEvent.Payment, SimulatedOutcome.SettledFor, powerId],
      ],
    );
    const found = new Map<string, { kind: string; bank: number; ledger: number; sentence: string }[]>();
    for (let date = spec.start; date <= '2031-01-14'; date = addDays(date, 1)) {
      const { day } = await live(date as LocalDate);
      const own = day.reconciliation.mismatches.filter((m) => m.agreementId === agreement.agreementId);
      if (own.length > 0) found.set(date, own);
    }
    const payment = async (billerId: number) =>
      (
        await em().execute<{ transaction_id: number; status: number }[]>(
          'select ledger_transaction_id as transaction_id, transaction_status as status from activity where type = 0 and biller_id = ?',
          [billerId],
        )
      )[0];
    const water = await payment(waterId);
    const power = await payment(powerId);
    expect(water.status).toBe(2); // Successfull for us: the bank answered settled
    expect(power.status).toBe(3); // Failed for us: returned to the pockets
    const waterSentence =
      `Reconciliation of 11-01-2031: the bank has debited $130.00 for the Water payment made on 10-01-2031 ` +
      `(transaction ${water.transaction_id}), the ledger has recorded $120.00`;
    const powerSentence =
      `Reconciliation of 13-01-2031: the bank has debited $150.00 for the Power payment made on 12-01-2031 ` +
      `(transaction ${power.transaction_id}), the ledger has recorded $0.00`;
    // Only the days after the bank answered the two payments are apart; every other day (deposits too) is clean.
    expect(Object.fromEntries(found)).toEqual({
      '2031-01-11': [
        {
          kind: 'payment',
          id: water.transaction_id,
          agreementId: agreement.agreementId,
          bank: 13000,
          ledger: 12000,
          sentence: waterSentence,
        },
      ],
      '2031-01-13': [
        {
          kind: 'payment',
          id: power.transaction_id,
          agreementId: agreement.agreementId,
          bank: 15000,
          ledger: 0,
          sentence: powerSentence,
        },
      ],
    });
    // Reported once a day per agreement, never corrected: the ledger still has $120.00 paid and the Power money back.
    expect((await activities(agreement.agreementId, 18)).map((a) => a.details)).toEqual([waterSentence, powerSentence]);
    const [{ paid }] = await em().execute<{ paid: string }[]>(
      'select coalesce(sum(paid_amount), 0)::text as paid from bill where agreement_id = ?',
      [agreement.agreementId],
    );
    expect(paid).toBe('120.00');
    // The day's job run for the 13th counts it failed, with its sentence (what /bankjobs shows).
    const [run] = await em().execute<{ output: { itemsFailed: number; problem: string } }[]>(
      `select output from pgboss.job where name = 'core-banking-reconciliation' and state = 'completed'
       and output->>'date' = '2031-01-13' order by completed_on desc limit 1`,
    );
    expect(run.output.itemsFailed).toBeGreaterThanOrEqual(1);
    expect(run.output.problem).toContain("1 payment differ from the bank's statement");
    expect(run.output.problem).toContain(powerSentence);
    expect((await checkLedger(em())).ok).toBe(true);
  }, 300_000);

  it('reconciles deposits from a savings account with the bank’s own record of them', async () => {
    const fixture = await member();
    const spec: AgreementSpec = {
      start: '2031-06-02' as LocalDate,
      end: '2032-05-31' as LocalDate,
      frequency: 2,
      fromSavings: true,
      billers: [
        { nickname: 'Power', paymentMethod: 4, value: '150.00', frequency: 3, dateOfBill: '2031-06-20' as LocalDate },
      ],
    };
    const agreement = await createBankAgreement(em(), fixture, spec);
    const own = (mismatches: { agreementId: number }[]) =>
      mismatches.filter((m) => m.agreementId === agreement.agreementId);
    const first = await live(spec.start);
    expect(own(first.day.deposits.received)).toMatchObject([{ depositId: agreement.depositIds[0], late: false }]);
    expect(own(first.day.reconciliation.mismatches)).toEqual([]); // clean: the bank's record and the ledger agree

    // The bank's side now says the first deposit never left the savings account (a correction on its side): its
    // statement disagrees with the ledger, which moved the money from the savings account.
    await em().execute(
      `insert into core_banking_outcome (member_id, event, outcome, date_from, date_to)
       values (?, ?, ?, '2031-06-02', '2031-06-02')`,
      [fixture.memberId, SimulatedEvent.Deposit, SimulatedOutcome.Missing],
    );
    const again = await server.app.services.bankDay.runDay(em());
    expect(own(again.reconciliation.mismatches)).toEqual([
      {
        kind: 'deposit',
        id: agreement.depositIds[0],
        agreementId: agreement.agreementId,
        bank: 0,
        ledger: agreement.depositAmount,
        sentence:
          `Reconciliation of 02-06-2031: the bank has credited $0.00 for deposit ${agreement.depositIds[0]}, ` +
          `the ledger has recorded ${formatted(agreement.depositAmount)}`,
      },
    ]);
    expect(await activities(agreement.agreementId, 18)).toHaveLength(1);
    expect((await checkLedger(em())).ok).toBe(true);
  }, 300_000);

  it('puts the biller on hold when its payment fails, returns the money, and refuses paying it', async () => {
    const fixture = await member();
    const spec: AgreementSpec = {
      start: '2028-03-01' as LocalDate,
      end: '2029-02-28' as LocalDate,
      frequency: 2,
      billers: [
        { nickname: 'Water', paymentMethod: 0, value: '120.00', frequency: 3, dateOfBill: '2028-03-10' as LocalDate },
      ],
    };
    const agreement = await createBankAgreement(em(), fixture, spec);
    const [waterId] = agreement.billerIds;
    await em().execute('insert into core_banking_outcome (member_id, event, outcome, biller_id) values (?, ?, ?, ?)', [
      fixture.memberId,
      SimulatedEvent.Payment,
      SimulatedOutcome.Failed,
      waterId,
    ]);
    for (let date = spec.start; date <= '2028-03-09'; date = addDays(date, 1)) await live(date as LocalDate);
    const before = (await agreementBalances(em(), [agreement.agreementId])).get(agreement.agreementId)!;

    const { day, windows } = await live('2028-03-10' as LocalDate);
    const sentence = 'Water bill paid on the 10-03-2028 has failed and has been placed on hold awaiting resolution';
    expect(day.bills.paid).toHaveLength(1);
    expect(windows.map((w) => [w.processed, w.failed.length])).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(windows[1].failed[0].message).toBe(sentence);
    const [bill] = await em().execute<{ id: number; status: number; paid_amount: string }[]>(
      "select id, status, paid_amount from bill where agreement_id = ? and due_date = '2028-03-10'",
      [agreement.agreementId],
    );
    expect(bill).toMatchObject({ status: 5, paid_amount: '0.00' });
    const [biller] = await em().execute<{ status: number; on_hold_date: string }[]>(
      'select status, on_hold_date::text from biller where id = ?',
      [waterId],
    );
    expect(biller).toEqual({ status: 5, on_hold_date: '2028-03-10' });
    expect(await activities(agreement.agreementId, 19)).toEqual([{ details: sentence, transaction_status: 3 }]);
    const returned = await activities(agreement.agreementId, 32);
    expect(returned).toHaveLength(1);
    expect(returned[0].details).toContain('Water payment of $120.00 made on 10-03-2028 failed'); // the amount sent
    expect((await activities(agreement.agreementId, 0)).map((a) => a.transaction_status)).toEqual([3]);
    const after = (await agreementBalances(em(), [agreement.agreementId])).get(agreement.agreementId)!;
    expect(after).toEqual(before); // the money returned to the pockets it came from

    const user = await memberUser(fixture);
    const payment = { billId: bill.id, billOrAllocation: 'bill' as const, billAmount: '120.00' };
    expect(
      await refusal(server.app.services.payments.payBill(em(), user, { ...payment, idempotencyKey: 'on-hold-pay-1' })),
    ).toEqual({ code: 'BILLER_ON_HOLD', message: sentence });
    const next = await live('2028-03-11' as LocalDate);
    expect(next.day.bills.paid).toEqual([]); // not tried again automatically while on hold
    // Reconciled the day after: rejected by the bank, returned in the ledger, nothing apart.
    expect(next.day.reconciliation.mismatches.filter((m) => m.agreementId === agreement.agreementId)).toEqual([]);
    expect((await checkLedger(em())).ok).toBe(true);
  }, 300_000);

  it('reads the payments a window answers without a subquery per payment, whatever the statistics', async () => {
    // A correlated sum over the ledger scanned every ledger account for every payment when statistics were stale
    // (issue 23: 15.8 s instead of 18.5 ms). The amounts and members are read by ids, one table per statement.
    const subPlans = (plan: Record<string, unknown>): string[] => {
      const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
      const own = plan['Parent Relationship'] === 'SubPlan' ? [String(plan['Subplan Name'])] : [];
      return [...own, ...children.flatMap(subPlans)];
    };
    const params: Record<keyof typeof SENT_PAYMENTS_SQL, unknown[]> = {
      rows: ['2099-01-01T09'],
      entries: ['{1,2}'],
      agreementAccounts: ['{1,2}'],
      members: ['{1,2}'],
    };
    for (const [name, sql] of Object.entries(SENT_PAYMENTS_SQL) as [keyof typeof SENT_PAYMENTS_SQL, string][]) {
      const [row] = await em().execute<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[]>(
        `explain (format json) ${sql}`,
        params[name],
      );
      expect({ name, subPlans: subPlans(row['QUERY PLAN'][0].Plan) }).toEqual({ name, subPlans: [] });
      if (name !== 'rows') expect({ name, joins: /\bjoin\b/i.test(sql) }).toEqual({ name, joins: false });
    }
  });

  it('locks the agreement after as many failed payments as the setting says', async () => {
    const fixture = await member();
    const spec: AgreementSpec = {
      start: '2029-06-01' as LocalDate,
      end: '2030-05-31' as LocalDate,
      frequency: 2,
      billers: [
        { nickname: 'Water', paymentMethod: 0, value: '70.00', frequency: 3, dateOfBill: '2029-06-05' as LocalDate },
      ],
    };
    const agreement = await createBankAgreement(em(), fixture, spec);
    await em().execute('insert into core_banking_outcome (member_id, event, outcome) values (?, ?, ?)', [
      fixture.memberId,
      SimulatedEvent.Payment,
      SimulatedOutcome.Failed,
    ]);
    await em().execute(`insert into setting (key, value) values ('coreBanking', '{"lockAfterFailedPayments": 1}')`);
    try {
      for (let date = spec.start; date <= '2029-06-05'; date = addDays(date, 1)) await live(date as LocalDate);
    } finally {
      await em().execute("delete from setting where key = 'coreBanking'");
    }
    expect(await statusOf('agreement', agreement.agreementId)).toBe(8);
    expect((await activities(agreement.agreementId, 26)).map((a) => a.details)).toEqual([
      'Agreement locked: 1 failed payment within 90 days',
    ]);
  }, 300_000);

  it('lets reporting users read the job runs over GraphQL, with what each did, and refuses members', async () => {
    await createUser(em(), 'bank.reporter', [Role.REPORTER]);
    const query = '{ bankJobRuns(limit: 14) { name state durationMs retryCount output completedOn } }';
    const reporter = await server.token('bank.reporter', PASSWORD);
    const { body } = await server.graphql<{
      bankJobRuns: { name: string; state: string; durationMs: number | null; output: string | null }[];
    }>(query, {}, reporter);
    expect(body.errors).toBeUndefined();
    const runs = body.data!.bankJobRuns;
    expect(runs).toHaveLength(14);
    // The last day's runs: each step of the day its own job (its split, one part, its finish), then the two windows.
    expect(new Set(runs.map((r) => r.name))).toEqual(
      new Set([
        'core-banking-day',
        'core-banking-day-part',
        'core-banking-reconciliation',
        'core-banking-autopay',
        'core-banking-calendar',
        'core-banking-window',
      ]),
    );
    expect(runs.every((r) => r.state === 'completed' && (r.durationMs ?? -1) >= 0)).toBe(true);
    const day = runs.find((r) => r.name === 'core-banking-day')!;
    expect(Object.keys(JSON.parse(day.output!) as object)).toEqual(
      expect.arrayContaining(['date', 'itemsDone', 'depositsReceived', 'depositsMissed']),
    );
    const output = (name: string) => JSON.parse(runs.find((r) => r.name === name)!.output!) as object;
    expect(Object.keys(output('core-banking-autopay'))).toEqual(expect.arrayContaining(['date', 'billsPaid']));
    expect(Object.keys(output('core-banking-calendar'))).toEqual(expect.arrayContaining(['missedBills', 'renewalDue']));
    expect(Object.keys(output('core-banking-reconciliation'))).toEqual(expect.arrayContaining(['reconciled']));
    const fixture = await member();
    const memberToken = await server.token(fixture.username, PASSWORD);
    const refused = await server.graphql(query, {}, memberToken);
    expect(refused.body.data ?? null).toBeNull();
    const bad = await server.graphql('{ bankJobRuns(limit: 0) { name } }', {}, reporter);
    expect(bad.body.errors?.[0].extensions?.code).toBe('INVALID_LIMIT');
  }, 120_000);

  describe.skipIf(!realDatabaseUrl)('two instances on one database running the same days', () => {
    let second: TestServer;
    beforeAll(async () => {
      second = await startTestServer({ env: { DEMO_DATA: 'false' }, clock, reset: false });
    }, 120_000);
    afterAll(async () => {
      await second?.stop();
    });

    it('has each effect once', async () => {
      const spec: AgreementSpec = {
        start: '2030-06-01' as LocalDate,
        end: '2031-05-31' as LocalDate,
        frequency: 1,
        billers: [
          { nickname: 'Water', paymentMethod: 0, value: '80.00', frequency: 3, dateOfBill: '2030-06-05' as LocalDate },
          {
            nickname: 'Power',
            paymentMethod: 4,
            value: '150.00',
            frequency: 3,
            dateOfBill: '2030-06-12' as LocalDate,
            varies: true,
            autoPayment: false,
          },
        ],
      };
      const agreement = await createBankAgreement(em(), await member(), spec);
      const instances = [server, second];
      const both = async (hour: number, minute: number, date: LocalDate) => {
        clock.setAt(date, hour, minute);
        await Promise.all(
          instances.flatMap(({ app: { services, database } }) => {
            const sendAndRun = async () => {
              if (hour === 0) {
                // The day's first step, then each step the one before sent, whichever instance takes it.
                await services.jobs.send(database.orm.em.fork(), BANK_DAY_JOB, {}, { key: `day:${date}` });
                // Each step's run, its parts, its finish (which sends the next step).
                for (const step of DAY_STEPS) {
                  await services.jobs.drain(BANK_STEP_JOBS[step], { includeDelayed: true });
                  await services.jobs.drain(BANK_PART_JOB, { includeDelayed: true });
                  await services.jobs.drain(BANK_STEP_JOBS[step], { includeDelayed: true });
                }
              } else {
                const key = `window:${date}:${hour}`;
                await services.jobs.send(database.orm.em.fork(), BANK_WINDOW_JOB, {}, { key });
                await services.jobs.drain(BANK_WINDOW_JOB, { includeDelayed: true });
              }
            };
            const direct = () =>
              hour === 0
                ? services.bankDay.runDay(database.orm.em.fork())
                : services.bankDay.runWindow(database.orm.em.fork());
            return [sendAndRun(), direct()];
          }),
        );
      };
      for (let date = spec.start; date <= '2030-06-30'; date = addDays(date, 1)) {
        for (const [hour, minute] of [
          [0, 5],
          [9, 0],
          [15, 0],
        ])
          await both(hour, minute, date as LocalDate);
      }
      const count = async (sql: string) => (await em().execute<{ n: number }[]>(sql, [agreement.agreementId]))[0].n;
      expect(await count('select count(*)::int as n from ledger_transaction where agreement_id = ? and type = 1')).toBe(
        5, // weekly from 1 June: 1, 8, 15, 22, 29
      );
      expect(await count('select count(*)::int as n from activity where agreement_id = ? and type = 0')).toBe(1); // Water
      expect(await count('select count(*)::int as n from activity where agreement_id = ? and type = 17')).toBe(1); // Power
      expect(await count('select count(*)::int as n from activity where agreement_id = ? and type = 16')).toBe(1);
      expect(
        await count(
          'select count(*)::int as n from activity where agreement_id = ? and type = 0 and transaction_status = 2',
        ),
      ).toBe(1);
      // Each instance's bank answers agreed with the other's ledger writes: nothing to reconcile.
      expect(await count('select count(*)::int as n from activity where agreement_id = ? and type = 18')).toBe(0);
      expect((await checkLedger(em())).ok).toBe(true);
    }, 300_000);
  });
});

function formatted(amount: number): string {
  return `$${(amount / 100).toFixed(2)}`;
}
