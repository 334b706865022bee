import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatLongDate, type LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_TWO_ACCOUNTS } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql } from './biller-wizard.fixtures.js';
import { approveByMember } from './lifecycle.fixtures.js';
import { startModification } from './modification.fixtures.js';

/**
 * A modification's confirm page (and its printed agreement) show the deposits the change applier will store: from
 * the day it is applied, on the bank's days (a deposit of today is tomorrow's once today's deposits step ran) and
 * without the dates whose deposit stayed with the version in force (modification-schedule.rules.ts#depositChanges).
 * The figures shown while it waits for the member and once approved are the stored schedule's after it is applied,
 * on a day whose deposits step has not run and on one where it has.
 */

let server: TestServer;
let staff: string;
let today: LocalDate;

interface Summary {
  depositAmount: string;
  firstDepositDate: LocalDate | null;
  scheduleSummary: string;
}

const CONFIRM = `query($id: Int!) { c: agreementConfirmation(contractId: $id) {
  summary { depositAmount firstDepositDate scheduleSummary } } }`;

async function confirmSummary(versionId: number): Promise<Summary> {
  const { body } = await server.graphql<{ c: { summary: Summary } }>(CONFIRM, { id: versionId }, staff);
  expect(body.errors).toBeUndefined();
  return body.data!.c.summary;
}

async function printedText(versionId: number): Promise<string> {
  const response = await fetch(`${server.url}/api/export/contractpdf?contractId=${versionId}`, {
    headers: { authorization: `Bearer ${staff}` },
  });
  expect(response.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'modification-confirm-schedule-'));
  writeFileSync(join(dir, 'in.pdf'), Buffer.from(await response.arrayBuffer()));
  return execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-']).toString('utf8');
}

/** The version's stored schedule from today: its deposits still to come, as the applier wrote them. */
const storedDeposits = async (versionId: number) =>
  sql<{ due_date: LocalDate; expected_amount: string }>(
    server,
    `select due_date::text as due_date, expected_amount::text as expected_amount from scheduled_deposit
     where agreement_id = ? and status = 0 and due_date >= ?::date order by due_date`,
    [versionId, today],
  );

const statusOf = async (id: number) =>
  Number((await sql<{ status: number }>(server, 'select status from agreement where id = ?', [id]))[0].status);

/**
 * Staff modify the member's running agreement: weekly deposits from today, $7.00 more (saved in the wizard before
 * today's deposits step, which it allows).
 */
async function modification(): Promise<number> {
  const { agreementId: inForceId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]);
  const versionId = await startModification(server, inForceId, staff);
  await sql(
    server,
    `update agreement set deposit_amount = deposit_amount + 7.00, contribution_frequency = 1,
       contribution_date = ?::date, total_overdraw_amount = 0, total_contract_value = 1000 where id = ?`,
    [today, versionId],
  );
  return versionId;
}

/** Save all: a deposit change waits for the member (9), closed in the wizard. */
async function sendToMember(versionId: number): Promise<void> {
  const { body } = await server.graphql<{ saveAllAgreementChanges: { errors: unknown[] } }>(
    `mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) { errors { code message } } }`,
    { id: versionId },
    staff,
  );
  expect(body.data?.saveAllAgreementChanges.errors).toEqual([]);
  expect(await statusOf(versionId)).toBe(9);
}

/**
 * The confirm page's figures in the wizard (and the printed agreement's), while the modification waits for the member
 * and once the member approved it (queued), then the schedule the applier stored: they are the same.
 */
async function confirmedThenApplied(versionId: number): Promise<{ shown: Summary; stored: LocalDate[] }> {
  const shown = await confirmSummary(versionId);
  const printed = await printedText(versionId);
  expect(printed).toContain(`Next deposit: ${formatLongDate(shown.firstDepositDate!)}`);
  await sendToMember(versionId);
  expect(await confirmSummary(versionId)).toEqual(shown);
  await approveByMember(server, versionId, MEMBER_TWO_ACCOUNTS[0]);
  expect(await confirmSummary(versionId)).toEqual(shown);
  const applied = await server.app.services.changeApplier.applyQueued(server.app.database.orm.em.fork(), versionId);
  expect(applied.stage).toBe('APPLIED');
  const deposits = await storedDeposits(versionId);
  expect(deposits.length).toBeGreaterThan(0);
  expect(shown.firstDepositDate).toBe(deposits[0].due_date);
  expect(shown.depositAmount).toBe(deposits[0].expected_amount);
  expect(shown.scheduleSummary).toContain(`from ${formatLongDate(deposits[0].due_date)}`);
  // Once applied, the page still says the schedule the applier stored.
  expect((await confirmSummary(versionId)).firstDepositDate).toBe(deposits[0].due_date);
  return { shown, stored: deposits.map((d) => d.due_date) };
}

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.token(...AGENT);
  today = server.app.services.clock.today();
});
afterAll(async () => {
  await server?.stop();
});

describe('a modification’s confirm page shows the deposits the applier stores', () => {
  it('before today’s deposits step ran: from today', async () => {
    const versionId = await modification();
    const { shown, stored } = await confirmedThenApplied(versionId);
    expect(shown.firstDepositDate).toBe(today);
    expect(stored.slice(0, 2)).toEqual([today, addDays(today, 7)]);
  });

  it('once it ran: today’s deposit, taken by the version in force, is not asked again; the next one is first', async () => {
    // The version in force (the change above) has a deposit today; the step asks for it.
    await server.app.services.bankDay.runStep(server.app.database.orm.em.fork(), 'deposits', today);
    expect(await server.app.services.bankDay.depositsTakenOn(server.app.database.orm.em.fork(), today)).toBe(true);
    const versionId = await modification();
    const { shown, stored } = await confirmedThenApplied(versionId);
    expect(shown.firstDepositDate).toBe(addDays(today, 7));
    expect(stored[0]).toBe(addDays(today, 7));
  });

  it('once it ran, the version in force having no deposit today: today’s deposit is tomorrow’s', async () => {
    // The version in force (the change above) has its deposits from a week on.
    const versionId = await modification();
    const { shown, stored } = await confirmedThenApplied(versionId);
    expect(shown.firstDepositDate).toBe(addDays(today, 1));
    expect(stored.slice(0, 2)).toEqual([addDays(today, 1), addDays(today, 7)]);
  });
});
