import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAgreementFacts } from '../../server/src/modules/agreement/agreement-facts.js';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_NO_AGREEMENT } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { sql } from './biller-wizard.fixtures.js';
import { preparedNewAgreement } from './lifecycle.fixtures.js';

/**
 * A new agreement whose first deposit is today, approved by the member after today's deposits step ran (00:05): the
 * step asks for the deposits due by its day once, so a deposit dated today and written after it would be asked for
 * only the next day, as a missed deposit ("Missed deposit due on … — Asked for again", activity 20 "received") while
 * the agreement never missed anything. Applied then, its first deposit is on the bank's next day
 * (plan-schedule.rules.ts#onBankDays), and the rest of its schedule stays as agreed.
 */

let server: TestServer;
let today: LocalDate;
let tomorrow: LocalDate;
let agreementId: number;
let memberId: number;
let accountId: number;

const ACTIVATE = `mutation($id: Int!) { activateAgreement(agreementId: $id) { errors { code message } } }`;
const APPROVE = `mutation($id: Int!) { approveAgreement(agreementId: $id) { ok errors { code message } } }`;
const TONIGHT = `query ($memberId: Int!, $accountId: Int!) { bankDayRun(memberId: $memberId, accountId: $accountId) {
  next { date lines { kind label dueDate late } } } }`;

interface Tonight {
  bankDayRun: { next: { date: string; lines: { kind: string; label: string; dueDate: string; late: boolean }[] } };
}

const deposits = async () =>
  (
    await sql<{ due_date: string; status: number }>(
      server,
      'select due_date::text as due_date, status from scheduled_deposit where agreement_id = ? order by due_date',
      [agreementId],
    )
  ).map((row) => ({ dueDate: row.due_date, status: Number(row.status) }));

beforeAll(async () => {
  server = await startTestServer();
  today = server.app.services.clock.today();
  tomorrow = addDays(today, 1);
  const staff = await server.token(...AGENT);
  const member = await server.token(...MEMBER_NO_AGREEMENT);
  const prepared = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0]);
  ({ agreementId, memberId, accountId } = prepared);
  const activated = await server.graphql<{ activateAgreement: { errors: unknown[] } }>(
    ACTIVATE,
    { id: agreementId },
    staff,
  );
  expect(activated.body.data?.activateAgreement.errors).toEqual([]);
  // Today's deposits step runs (00:05) before the member approves.
  const em = server.app.database.orm.em.fork();
  await server.app.services.bankDay.runStep(em, 'deposits', today);
  expect(await server.app.services.bankDay.depositsTakenOn(em.fork(), today)).toBe(true);
  const approved = await server.graphql<{ approveAgreement: { ok: boolean } }>(APPROVE, { id: agreementId }, member);
  expect(approved.body.data?.approveAgreement.ok).toBe(true);
  const applied = await server.app.services.changeApplier.applyQueued(em.fork(), agreementId);
  expect(applied.stage).toBe('APPLIED');
});
afterAll(async () => {
  await server?.stop();
});

describe('a new agreement with its first deposit today, applied after today’s deposits step ran', () => {
  it('is active with its first deposit on the bank’s next day, the rest of the schedule as agreed', async () => {
    const [agreement] = await sql<{ status: number; start_date: string; contribution_date: string }>(
      server,
      'select status, start_date::text as start_date, contribution_date::text as contribution_date from agreement where id = ?',
      [agreementId],
    );
    expect(Number(agreement.status)).toBe(7);
    expect(agreement.contribution_date).toBe(today);
    const dates = (await deposits()).map((d) => d.dueDate);
    // Fortnightly from today as agreed, its first one a day later.
    expect(dates.slice(0, 3)).toEqual([tomorrow, addDays(today, 14), addDays(today, 28)]);
    const [plan] = await sql<{ first_deposit_date: string; deposit_dates: string[] }>(
      server,
      'select first_deposit_date::text as first_deposit_date, deposit_dates::text[] as deposit_dates from agreement_plan where agreement_id = ?',
      [agreementId],
    );
    expect(plan.first_deposit_date).toBe(tomorrow);
    expect(plan.deposit_dates).toEqual(dates);
  });

  it('shows the next deposit on the bank’s next day, a deposit and not a missed one asked for again', async () => {
    const facts = (await loadAgreementFacts(server.app.database.orm.em.fork(), agreementId))!;
    const projection = await server.app.services.projections.forAgreement(server.app.database.orm.em.fork(), facts);
    expect(projection.nextDeposit?.date).toBe(tomorrow);
    expect(projection.arrears).toBeNull();
    const token = await server.token(...MEMBER_NO_AGREEMENT);
    const { body } = await server.graphql<Tonight>(TONIGHT, { memberId, accountId }, token);
    expect(body.errors).toBeUndefined();
    const tonight = body.data!.bankDayRun.next;
    expect(tonight.date).toBe(tomorrow);
    const deposit = tonight.lines.find((line) => line.kind === 'DEPOSIT');
    expect(deposit).toMatchObject({ label: 'Deposit', dueDate: tomorrow, late: false });
  });

  it('takes it on the next bank day as a deposit received on its date (2), never missed (14) or late (20)', async () => {
    await server.app.services.bankDay.runStep(server.app.database.orm.em.fork(), 'deposits', tomorrow);
    expect((await deposits())[0]).toEqual({ dueDate: tomorrow, status: 1 });
    const types = await sql<{ type: number }>(
      server,
      'select type from activity where agreement_id = ? and type in (2, 14, 20) order by id',
      [agreementId],
    );
    expect(types.map((row) => Number(row.type))).toEqual([2]);
    const [agreement] = await sql<{ status: number }>(server, 'select status from agreement where id = ?', [
      agreementId,
    ]);
    expect(Number(agreement.status)).toBe(7);
  });
});
