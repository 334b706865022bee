import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_APPLIED_AUTOPAY_JOB } from '../../server/src/modules/core-banking/core-banking.jobs.js';
import type { JobType } from '../../server/src/jobs/job-queue.js';
import { AGENT, MEMBER_NO_AGREEMENT } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { sql } from './biller-wizard.fixtures.js';
import { activateByStaff, approveByMember, preparedNewAgreement } from './lifecycle.fixtures.js';

/**
 * Staff's morning after (bankDayRun's last bank day) lists the bills the day could not pay with the reason: those the
 * automatic payments step refused and, the same way, those of an agreement applied after that step, which its own job
 * (core-banking-applied-autopay) tried and refused.
 */

let server: TestServer;
let agreementId: number;
let accountId: number;
let memberId: number;
let billId: number;

const em = () => server.app.database.orm.em.fork();

interface Line {
  kind: string;
  billId: number | null;
  label: string;
  amount: string;
  outcome: string;
  reason: string | null;
}

const RUN = `query($m: Int!, $a: Int!) { bankDayRun(memberId: $m, accountId: $a) {
  agreementId last { date lines { kind billId label amount outcome reason } } } }`;

beforeAll(async () => {
  server = await startTestServer();
  const today = server.app.services.clock.today();
  // A new agreement (fortnightly $40.00 from today) with an automatic $250.00 BPAY bill due today, approved.
  ({ agreementId, accountId, memberId } = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0]));
  await activateByStaff(server, agreementId);
  await approveByMember(server, agreementId, MEMBER_NO_AGREEMENT[0]);
  // Today's steps up to the automatic payments ran before it is applied.
  for (const step of ['deposits', 'reconciliation', 'autopay'] as const) {
    await server.app.services.bankDay.runStep(em(), step, today);
  }
  // Its biller has lost its BPAY reference: the bill cannot be paid.
  await sql(server, 'update biller set customer_reference_number = null where agreement_id = ?', [agreementId]);
  expect((await server.app.services.changeApplier.applyQueued(em(), agreementId)).stage).toBe('APPLIED');
  const [bill] = await sql<{ id: number; due_date: string }>(
    server,
    'select id, due_date::text as due_date from bill where agreement_id = ? order by due_date, id limit 1',
    [agreementId],
  );
  expect(bill.due_date).toBe(today);
  billId = Number(bill.id);
  await server.app.services.jobs.drain(BANK_APPLIED_AUTOPAY_JOB as JobType<object>, { includeDelayed: true });
});
afterAll(async () => {
  await server?.stop();
});

describe('the morning after an agreement applied after the automatic payments step', () => {
  it('lists its bill that its own job could not pay, with the reason, as the step’s refusals', async () => {
    // Its job tried and refused it (its output says so), and the bill is still unpaid.
    const [run] = await sql<{ output: { notPaid: { billId: number; agreementId: number; message: string }[] } }>(
      server,
      `select output from pgboss.job where name = ? and state = 'completed' and (data->>'agreementId')::int = ?`,
      [BANK_APPLIED_AUTOPAY_JOB.definition.name, agreementId],
    );
    expect(run.output.notPaid).toEqual([{ billId, agreementId, message: expect.any(String) }]);
    const [bill] = await sql<{ status: number }>(server, 'select status from bill where id = ?', [billId]);
    expect(Number(bill.status)).not.toBe(2);

    const { body } = await server.graphql<{ bankDayRun: { agreementId: number; last: { lines: Line[] } } }>(
      RUN,
      { m: memberId, a: accountId },
      await server.token(...AGENT),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.bankDayRun.agreementId).toBe(agreementId);
    const refused = body.data!.bankDayRun.last.lines.filter((line) => line.billId === billId);
    expect(refused).toEqual([
      {
        kind: 'BILL',
        billId,
        label: expect.any(String),
        amount: '250.00',
        outcome: 'NOT_PAID',
        reason: run.output.notPaid[0].message,
      },
    ]);
  });
});
