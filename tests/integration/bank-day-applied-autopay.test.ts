import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import {
  appliedAutopayKey,
  BANK_APPLIED_AUTOPAY_JOB,
} from '../../server/src/modules/core-banking/core-banking.jobs.js';
import type { DayStepName } from '../../server/src/modules/core-banking/bank-day.service.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import type { JobType } from '../../server/src/jobs/job-queue.js';
import { MEMBER_NO_AGREEMENT } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { sql } from './biller-wizard.fixtures.js';
import { activateByStaff, approveByMember, preparedNewAgreement } from './lifecycle.fixtures.js';

/**
 * A new agreement's automatic bill due on the day it is applied is paid that day, once: applied before the day's
 * automatic payments step, by the step; applied after it began, by its own job (core-banking.jobs.ts,
 * BANK_APPLIED_AUTOPAY_JOB: the step's payment path and keys for that agreement), never left overdue until the next
 * day's step, and never paid twice when the step runs again.
 */

const em = (server: TestServer) => server.app.database.orm.em.fork();

/** The member's new agreement, fortnightly $40.00 from today, an automatic $250.00 BPAY bill due today, approved. */
async function approvedAgreementWithBillToday(server: TestServer): Promise<{ agreementId: number }> {
  const { agreementId } = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0]);
  await activateByStaff(server, agreementId);
  await approveByMember(server, agreementId, MEMBER_NO_AGREEMENT[0]);
  return { agreementId };
}

async function apply(server: TestServer, agreementId: number): Promise<number> {
  expect((await server.app.services.changeApplier.applyQueued(em(server), agreementId)).stage).toBe('APPLIED');
  const [bill] = await sql<{ id: number; due_date: string }>(
    server,
    'select id, due_date::text as due_date from bill where agreement_id = ? order by due_date, id limit 1',
    [agreementId],
  );
  expect(bill.due_date).toBe(server.app.services.clock.today());
  return Number(bill.id);
}

async function runSteps(server: TestServer, steps: DayStepName[]): Promise<void> {
  const today = server.app.services.clock.today();
  for (const step of steps) await server.app.services.bankDay.runStep(em(server), step, today);
}

/** The bill's status, its automatic payments (activity 0 by the bank day) and their ledger transactions. */
async function paymentsOf(server: TestServer, billId: number) {
  const [bill] = await sql<{ status: number; paid_amount: string }>(
    server,
    'select status, paid_amount::text as paid_amount from bill where id = ?',
    [billId],
  );
  const keys = await sql<{ key: string }>(server, 'select key from idempotency_record where key = ?', [
    `core-banking-autopay-${billId}`,
  ]);
  const transactions = await sql<{ id: number }>(
    server,
    `select distinct t.id from ledger_transaction t join activity a on a.ledger_transaction_id = t.id
     where a.bill_id = ? and a.type = 0`,
    [billId],
  );
  return { status: Number(bill.status), paid: bill.paid_amount, keys: keys.length, transactions: transactions.length };
}

async function appliedAutopayJobs(server: TestServer, agreementId: number, date: LocalDate): Promise<number> {
  const [row] = await sql<{ n: number }>(
    server,
    'select count(*)::int as n from pgboss.job where name = ? and singleton_key = ?',
    [BANK_APPLIED_AUTOPAY_JOB.definition.name, appliedAutopayKey(agreementId, date)],
  );
  return row.n;
}

describe('a new agreement applied after today’s automatic payments step', () => {
  let server: TestServer;
  let agreementId: number;
  let billId: number;
  beforeAll(async () => {
    server = await startTestServer();
    ({ agreementId } = await approvedAgreementWithBillToday(server));
    await runSteps(server, ['deposits', 'reconciliation', 'autopay']);
    billId = await apply(server, agreementId);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('has its bill due today paid today by its own job, exactly once', async () => {
    const today = server.app.services.clock.today();
    // The jobs waiting now (the day's steps ran before it was applied: none of them pays it again).
    await server.app.services.jobs.drain(undefined, { includeDelayed: true });
    const paid = await paymentsOf(server, billId);
    expect(paid).toEqual({ status: 2, paid: '250.00', keys: 1, transactions: 1 });
    expect(await appliedAutopayJobs(server, agreementId, today)).toBe(1);
    // The day's steps again (a re-run, the calendar after it) and the job sent again: nothing paid twice, not overdue.
    await runSteps(server, ['autopay', 'calendar']);
    await server.app.services.jobs.send(
      em(server),
      BANK_APPLIED_AUTOPAY_JOB,
      { agreementId, date: today },
      { key: appliedAutopayKey(agreementId, today) },
    );
    await server.app.services.jobs.drain(BANK_APPLIED_AUTOPAY_JOB as JobType<object>, { includeDelayed: true });
    expect(await paymentsOf(server, billId)).toEqual(paid);
    expect((await checkLedger(em(server))).ok).toBe(true);
  });
});

describe('a new agreement applied before today’s automatic payments step', () => {
  let server: TestServer;
  let agreementId: number;
  let billId: number;
  beforeAll(async () => {
    server = await startTestServer();
    ({ agreementId } = await approvedAgreementWithBillToday(server));
    await runSteps(server, ['deposits', 'reconciliation']);
    billId = await apply(server, agreementId);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('has its bill paid by the step, once, and no job of its own', async () => {
    const today = server.app.services.clock.today();
    expect(await appliedAutopayJobs(server, agreementId, today)).toBe(0);
    await runSteps(server, ['autopay']);
    const paid = await paymentsOf(server, billId);
    expect(paid).toEqual({ status: 2, paid: '250.00', keys: 1, transactions: 1 });
    await runSteps(server, ['autopay', 'calendar']);
    expect(await paymentsOf(server, billId)).toEqual(paid);
    expect((await checkLedger(em(server))).ok).toBe(true);
  });
});
